import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import type { AdminCourseChoice } from '@oasis/shared/admin/courses';
import { COUPON_LINK_PARAM } from '@oasis/shared/coupon-link';
import { type AdminCoupon, type CouponKind, checkCouponForm } from '@oasis/shared/coupons';
import { dateToDubaiLocal } from '@oasis/shared/dubai-time';
import { inLocale } from '@oasis/shared/i18n/content';
import { PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { privateMeta } from '~/components/auth/meta';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, useEditModal } from '~/components/admin/edit-modal';
import { SelectInput, TextInput, Toggle } from '~/components/admin/fields';
import { translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { ModalFormActions } from '~/components/admin/modal-form';
import { AdminPageHeader, EmptyState, Panel, WhenReady } from '~/components/admin/page';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { useRootData } from '~/components/layout/root-data';
import { buttonClass } from '~/components/ui/button';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { getCourseChoices } from '~/lib/api/courses';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '~/lib/api/coupons';
import { type I18n, useI18n } from '~/lib/i18n';
import type { Route } from './+types/coupons';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminCoupons.title);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(
    async (signal) => {
      const [coupons, courses] = await Promise.all([listCoupons(signal), getCourseChoices(signal)]);
      return { coupons, courses };
    },
    PAYMENT_MESSAGES.failedToLoadCoupons,
    request,
  );

/** The form's fields as typed: numbers and times stay text until the check reads them. */
interface CouponDraft {
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

const EMPTY: CouponDraft = {
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

function draftOf(coupon: AdminCoupon): CouponDraft {
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
function couponBody(draft: CouponDraft) {
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

/** The coupon's state now, as the list shows it. */
function stateOf(coupon: AdminCoupon, text: I18n['t']['adminCoupons']): string {
  const now = dateToDubaiLocal(new Date());
  if (!coupon.active) return text.stateInactive;
  if (coupon.endsAt && now >= coupon.endsAt) return text.stateExpired;
  if (coupon.startsAt && now < coupon.startsAt) return text.stateScheduled;
  if (coupon.totalLimit !== null && coupon.uses >= coupon.totalLimit) return text.stateUsedUp;
  return text.stateActive;
}

/**
 * /admin/dashboard/coupons (docs/product.md#coupons): create and edit discount codes, see their uses
 * against their limit, copy a coupon link; a used code is deactivated rather than deleted.
 */
export default function Coupons({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, fmt, money, locale } = i18n;
  const text = t.adminCoupons;
  const { revalidate } = useRevalidator();
  const editing = useEditModal<AdminCoupon>();
  const siteUrl = useRootData()?.publicConfig.siteUrl ?? '';
  const courses = loaderData.ok ? loaderData.data.courses : [];

  const deleting = useConfirmDelete<AdminCoupon>(async (coupon) => {
    await deleteCoupon(coupon._id);
    toast.success(text.deleted);
    await revalidate();
  });

  async function setActive(coupon: AdminCoupon, active: boolean) {
    try {
      await updateCoupon(coupon._id, { ...checkedBody(draftOf(coupon)), active });
      toast.success(text.saved);
      await revalidate();
    } catch (error) {
      toast.error(failureToast(error, text.saveFailed, i18n));
    }
  }

  function linkOf(coupon: AdminCoupon): string | null {
    if (!coupon.course) return null;
    return `${siteUrl}${locale === 'ar' ? '/ar' : ''}/courses/${coupon.course.slug}?${COUPON_LINK_PARAM}=${coupon.code}`;
  }

  async function copy(link: string) {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    toast.success(text.linkCopied);
  }

  return (
    <div>
      <AdminPageHeader title={text.title} lead={text.lead} />
      <Panel className="mb-8">
        <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">{text.addHeading}</h3>
        <CouponForm
          courses={courses}
          submitLabel={text.create}
          busyLabel={text.creating}
          onSubmit={async (body) => {
            await createCoupon(body);
            await revalidate();
          }}
        />
      </Panel>

      <WhenReady result={loaderData} loadingLabel={text.loading}>
        {({ coupons }) =>
          coupons.length === 0 ? (
            <EmptyState title={text.empty}>{text.emptyText}</EmptyState>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-start text-sm">
                <caption className="sr-only">{text.caption}</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.code}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.value}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.course}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.window}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.uses}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.state}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-semibold">
                      {text.link}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {coupons.map((coupon) => {
                    const link = linkOf(coupon);
                    const title = coupon.course
                      ? inLocale(
                          locale,
                          coupon.course.title,
                          courses.find((c) => c._id === coupon.course?._id)?.titleAr,
                        )
                      : null;
                    return (
                      <tr key={coupon._id} className="border-t border-slate-100 align-top">
                        <th scope="row" className="px-4 py-3 text-start font-mono font-semibold" dir="ltr">
                          {coupon.code}
                        </th>
                        <td className="px-4 py-3">
                          {coupon.kind === 'percent'
                            ? fmt(text.percentOff, { value: coupon.value })
                            : fmt(text.amountOff, { amount: money(coupon.value) })}
                        </td>
                        <td className="px-4 py-3">
                          {title ? <span {...title.attrs}>{title.text}</span> : text.allCourses}
                        </td>
                        <td className="px-4 py-3">
                          {fmt(text.windowRange, {
                            from: coupon.startsAt?.replace('T', ' ') ?? text.anyTime,
                            to: coupon.endsAt?.replace('T', ' ') ?? text.anyTime,
                          })}
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap">
                          {fmt(text.usesOfLimit, { uses: coupon.uses, limit: coupon.totalLimit ?? text.unlimited })}
                        </td>
                        <td className="px-4 py-3">{stateOf(coupon, text)}</td>
                        <td className="px-4 py-3">
                          {link ? (
                            <div className="flex flex-col gap-1">
                              <span className="break-all text-slate-700" dir="ltr">
                                {link}
                              </span>
                              <button
                                type="button"
                                onClick={() => void copy(link)}
                                className={buttonClass('outline', 'sm', 'self-start')}
                              >
                                {text.copyLink}
                                <span className="sr-only"> {coupon.code}</span>
                              </button>
                            </div>
                          ) : (
                            <span className="text-slate-600">{fmt(text.linkAnyCourse, { code: coupon.code })}</span>
                          )}
                          <div className="mt-2 flex flex-wrap gap-2">
                            <button
                              type="button"
                              onClick={() => void setActive(coupon, !coupon.active)}
                              className={buttonClass('outline', 'sm')}
                            >
                              {coupon.active ? text.deactivate : text.activate}
                              <span className="sr-only"> {coupon.code}</span>
                            </button>
                            <EditButton name={coupon.code} onClick={() => editing.open(coupon)} />
                            {coupon.uses === 0 && coupon.redeemed === 0 && (
                              <DeleteButton name={coupon.code} onClick={() => deleting.ask(coupon)} />
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </WhenReady>

      <EditModal modal={editing} title={text.editTitle} size="lg">
        {(coupon, form) => (
          <CouponForm
            courses={courses}
            initial={draftOf(coupon)}
            submitLabel={text.saveChanges}
            busyLabel={t.adminShell.saving}
            onBusy={form.setBusy}
            onCancel={form.onCancel}
            onSubmit={async (body) => {
              await updateCoupon(coupon._id, body);
              editing.close();
              void revalidate();
            }}
          />
        )}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title={text.deleteTitle}>
        {(coupon) => (
          <p>
            {fmtNodes(text.deleteText, {
              code: (
                <strong dir="ltr" className="text-slate-900">
                  {coupon.code}
                </strong>
              ),
            })}
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

/** The body of a stored coupon (already valid), for a change of one switch. */
function checkedBody(draft: CouponDraft) {
  const check = checkCouponForm(couponBody(draft));
  if (!check.ok) throw new Error(check.message);
  return check.value;
}

function CouponForm({
  courses,
  initial = EMPTY,
  submitLabel,
  busyLabel,
  onSubmit,
  onBusy,
  onCancel,
}: {
  courses: AdminCourseChoice[];
  initial?: CouponDraft;
  submitLabel: string;
  busyLabel: string;
  /** Saves the checked coupon; throws on failure. */
  onSubmit(body: ReturnType<typeof checkedBody>): Promise<void>;
  onBusy?: (busy: boolean) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<CouponDraft>(initial);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, locale } = useI18n();
  const text = t.adminCoupons;
  const error = translatedErrors(errors, tr);
  const set = (change: Partial<CouponDraft>) => setDraft((d) => ({ ...d, ...change }));

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
      if (!onCancel) setDraft(EMPTY);
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
          value={draft.code}
          onValue={(code) => set({ code })}
          error={error('code')}
          hint={errors.code ? undefined : text.codeHint}
          disabled={saving}
          required
        />
        <SelectInput
          label={text.course}
          value={draft.courseId}
          onValue={(courseId) => set({ courseId })}
          error={error('courseId')}
          disabled={saving}
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
          value={draft.value}
          onValue={(value) => set({ value })}
          error={error('value')}
          disabled={saving}
          required
        />
        <TextInput
          label={text.startsAt}
          type="datetime-local"
          value={draft.startsAt}
          onValue={(startsAt) => set({ startsAt })}
          error={error('startsAt')}
          hint={errors.startsAt ? undefined : text.windowHint}
          disabled={saving}
        />
        <TextInput
          label={text.endsAt}
          type="datetime-local"
          value={draft.endsAt}
          onValue={(endsAt) => set({ endsAt })}
          error={error('endsAt')}
          disabled={saving}
        />
        <TextInput
          label={text.totalLimit}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.totalLimit}
          onValue={(totalLimit) => set({ totalLimit })}
          error={error('totalLimit')}
          hint={errors.totalLimit ? undefined : text.totalLimitHint}
          disabled={saving}
        />
      </div>
      <Toggle
        label={text.oncePerLearner}
        hint={text.oncePerLearnerHint}
        checked={draft.oncePerLearner}
        onChange={(oncePerLearner) => set({ oncePerLearner })}
        disabled={saving}
      />
      <Toggle
        label={text.active}
        hint={text.activeHint}
        checked={draft.active}
        onChange={(active) => set({ active })}
        disabled={saving}
      />
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <div className={onCancel ? '' : 'flex justify-end'}>
        {onCancel ? (
          <ModalFormActions busy={saving} onCancel={onCancel} submitLabel={submitLabel} busyLabel={busyLabel} />
        ) : (
          <BusyButton
            busy={saving}
            busyLabel={busyLabel}
            className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}
          >
            {submitLabel}
          </BusyButton>
        )}
      </div>
    </form>
  );
}
