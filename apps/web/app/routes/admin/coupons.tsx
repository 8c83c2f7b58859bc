import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { COUPON_LINK_PARAM } from '@oasis/shared/coupon-link';
import type { AdminCoupon } from '@oasis/shared/coupons';
import { dateToDubaiLocal } from '@oasis/shared/dubai-time';
import { inLocale } from '@oasis/shared/i18n/content';
import { PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { privateMeta } from '~/components/auth/meta';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { CouponForm, checkedBody, draftOf } from '~/components/admin/coupon-form';
import { EditModal, useEditModal } from '~/components/admin/edit-modal';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { AddPanel, AdminPageHeader, EmptyState, ItemName, WhenReady } from '~/components/admin/page';
import { failureToast, loadWithCourseChoices } from '~/components/admin/request';
import { useRootData } from '~/components/layout/root-data';
import { buttonClass } from '~/components/ui/button';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '~/lib/api/coupons';
import { type I18n, useI18n } from '~/lib/i18n';
import type { Route } from './+types/coupons';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminCoupons.title);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadWithCourseChoices(listCoupons, PAYMENT_MESSAGES.failedToLoadCoupons, request);

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
      <AddPanel heading={text.addHeading}>
        <CouponForm
          courses={courses}
          submitLabel={text.create}
          busyLabel={text.creating}
          onSubmit={async (body) => {
            await createCoupon(body);
            await revalidate();
          }}
        />
      </AddPanel>

      <WhenReady result={loaderData} loadingLabel={text.loading}>
        {({ items: coupons }) =>
          coupons.length === 0 ? (
            <EmptyState title={text.empty}>{text.emptyText}</EmptyState>
          ) : (
            <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-start text-sm">
                <caption className="sr-only">{text.caption}</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {[text.code, text.value, text.course, text.window, text.uses, text.state, text.link].map(
                      (label) => (
                        <th key={label} scope="col" className="px-4 py-3 text-start font-semibold">
                          {label}
                        </th>
                      ),
                    )}
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
              form.onSaved();
            }}
          />
        )}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title={text.deleteTitle}>
        {(coupon) => <p>{fmtNodes(text.deleteText, { code: <ItemName dir="ltr">{coupon.code}</ItemName> })}</p>}
      </ConfirmDeleteDialog>
    </div>
  );
}
