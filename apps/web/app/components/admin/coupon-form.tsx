import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminCourseChoice } from '@oasis/shared/admin/courses';
import { type AdminCoupon, type CouponKind, checkCouponForm } from '@oasis/shared/coupons';
import { inLocale } from '@oasis/shared/i18n/content';
import { SelectInput, TextInput, Toggle } from '~/components/admin/fields';
import { draftFields, draftToggles, translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { FormFooter, type ItemFormProps } from '~/components/admin/modal-form';
import { useI18n } from '~/lib/i18n';

/* The admin's coupon form (create and edit) and the draft it edits: routes/admin/coupons.tsx. */

/** The form's fields as typed: numbers and times stay text until the check reads them. */
export interface CouponDraft {
  code: string;
  kind: CouponKind;
  value: string;
  courseId: string;
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  oncePerLearner: boolean;
  active: boolean;
}

export const EMPTY: CouponDraft = {
  code: '',
  kind: 'percent',
  value: '',
  courseId: '',
  startsAt: '',
  endsAt: '',
  totalLimit: '',
  oncePerLearner: false,
  active: true,
};

export function draftOf(coupon: AdminCoupon): CouponDraft {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: String(coupon.value),
    courseId: coupon.course?._id ?? '',
    startsAt: coupon.startsAt ?? '',
    endsAt: coupon.endsAt ?? '',
    totalLimit: coupon.totalLimit === null ? '' : String(coupon.totalLimit),
    oncePerLearner: coupon.oncePerLearner,
    active: coupon.active,
  };
}

/** What the server is sent: empty means none (no course, no window end, no limit). */
export function couponBody(draft: CouponDraft) {
  return {
    code: draft.code,
    kind: draft.kind,
    value: draft.value.trim() === '' ? Number.NaN : Number(draft.value),
    courseId: draft.courseId || null,
    startsAt: draft.startsAt || null,
    endsAt: draft.endsAt || null,
    totalLimit: draft.totalLimit.trim() === '' ? null : Number(draft.totalLimit),
    oncePerLearner: draft.oncePerLearner,
    active: draft.active,
  };
}

/** The body of a stored coupon (already valid), for a change of one switch. */
export function checkedBody(draft: CouponDraft) {
  const check = checkCouponForm(couponBody(draft));
  if (!check.ok) throw new Error(JSON.stringify(check.message));
  return check.value;
}

export function CouponForm({
  courses,
  initial = EMPTY,
  onSubmit,
  onBusy,
  ...footer
}: ItemFormProps<CouponDraft, ReturnType<typeof checkedBody>> & { courses: AdminCourseChoice[] }) {
  const [draft, setDraft] = useState<CouponDraft>(initial);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, locale } = useI18n();
  const text = t.adminCoupons;
  const error = translatedErrors(errors, locale);
  const set = (change: Partial<CouponDraft>) => setDraft((d) => ({ ...d, ...change }));
  const field = draftFields(draft, set, error, saving);
  const toggle = draftToggles(draft, set, saving);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // In the edit modal (a portal): the page's own form must not see this submit.
    event.stopPropagation();
    // The shared rule, the one the server applies.
    const check = checkCouponForm(couponBody(draft));
    if (!accept(event.currentTarget, check)) return;
    onBusy?.(true);
    await save(text.saveFailed, async () => {
      await onSubmit(check.value);
      toast.success(text.saved);
      if (!footer.onCancel) setDraft(EMPTY);
    });
    onBusy?.(false);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        <TextInput
          label={text.code}
          dir="ltr"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          hint={errors.code ? undefined : text.codeHint}
          {...field('code')}
          required
        />
        <SelectInput
          label={text.course}
          {...field('courseId')}
          options={[
            { value: '', label: text.allCourses },
            ...courses.map((course) => ({
              value: course._id,
              label: inLocale(locale, course.title, course.titleAr).text,
            })),
          ]}
        />
        <SelectInput
          label={text.kind}
          value={draft.kind}
          onValue={(kind) => set({ kind: kind === 'fixed' ? 'fixed' : 'percent' })}
          disabled={saving}
          options={[
            { value: 'percent', label: text.percent },
            { value: 'fixed', label: text.fixed },
          ]}
        />
        <TextInput
          label={draft.kind === 'percent' ? text.percentValue : text.amountValue}
          type="number"
          inputMode="decimal"
          min={draft.kind === 'percent' ? 1 : 0.01}
          max={draft.kind === 'percent' ? 100 : undefined}
          step={draft.kind === 'percent' ? 1 : 0.01}
          {...field('value')}
          required
        />
        <TextInput
          label={text.startsAt}
          type="datetime-local"
          hint={errors.startsAt ? undefined : text.windowHint}
          {...field('startsAt')}
        />
        <TextInput label={text.endsAt} type="datetime-local" {...field('endsAt')} />
        <TextInput
          label={text.totalLimit}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={errors.totalLimit ? undefined : text.totalLimitHint}
          {...field('totalLimit')}
        />
      </div>
      <Toggle label={text.oncePerLearner} hint={text.oncePerLearnerHint} {...toggle('oncePerLearner')} />
      <Toggle label={text.active} hint={text.activeHint} {...toggle('active')} />
      <FormFooter problem={problem} busy={saving} {...footer} />
    </form>
  );
}
