import {
  type AdminOrder,
  type AdminOrders,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_MESSAGES,
} from '@oasis/shared/payments';
import { pageRange } from '@oasis/shared/admin/cursor-paging';
import { refundState } from '@oasis/shared/refunds';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { RefundAccessSetting, RefundDialog, refundable } from '~/components/admin/refund-dialog';
import type { ClientMessages } from '@oasis/shared/i18n/catalogue';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { SelectInput } from '~/components/admin/fields';
import { CursorPager, pickParam, useListParams } from '~/components/admin/list-params';
import { AdminPageHeader, EmptyState, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { useI18n } from '~/lib/i18n';
import { EmailText } from '~/components/ui/email-text';
import type { Route } from './+types/orders';
import { InvoiceDownload } from '~/components/invoice-download';
import { listOrders } from '~/lib/api/payments';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminOrders.title);

const PAGE_SIZE = 20;

type OrderText = Exclude<keyof ClientMessages['adminOrders'], 'showing'>;

/** A status's label, and what an empty list filtered by it says (`adminOrders` texts). */
const STATUS_TEXT: Record<OrderStatus, { label: OrderText; none: OrderText }> = {
  pending: { label: 'statusPending', none: 'noPending' },
  paid: { label: 'statusPaid', none: 'noPaid' },
  canceled: { label: 'statusCanceled', none: 'noCanceled' },
  failed: { label: 'statusFailed', none: 'noFailed' },
};

/** The payment providers: brand names, and the test one described. */
function providerLabel(provider: string, t: ClientMessages['adminOrders']): string {
  if (provider === 'sandbox') return t.sandbox;
  if (provider === 'free') return t.free;
  return ({ ziina: 'Ziina', stripe: 'Stripe' } as Record<string, string>)[provider] ?? provider;
}

/** The status filter and the page's cursor of the address (?status=paid&cursor=…). */
function readQuery(params: URLSearchParams) {
  return { status: pickParam(params.get('status'), ORDER_STATUSES), cursor: params.get('cursor') ?? '' };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { status, cursor } = readQuery(new URL(request.url).searchParams);
  const query = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return loadAdmin((signal) => listOrders(String(query), signal), PAYMENT_MESSAGES.failedToLoadOrders, request);
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  canceled: 'bg-slate-200 text-slate-800',
  failed: 'bg-red-100 text-red-900',
};

/** The order's status; a paid order given back in part or in full says so instead of 'Paid'. */
function StatusBadge({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const refund = order.status === 'paid' ? refundState(order.amount, order.refunded) : 'none';
  if (refund !== 'none')
    return (
      <span className="inline-block rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-bold text-sky-900">
        {refund === 'refunded' ? t.adminOrders.statusRefunded : t.adminOrders.statusPartlyRefunded}
      </span>
    );
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLES[order.status]}`}>
      {t.adminOrders[STATUS_TEXT[order.status].label]}
    </span>
  );
}

/** Under the amount: what was refunded, refunds pending, and each credit note to download. */
function OrderRefunds({ order }: { order: AdminOrder }) {
  const { t, fmt, money } = useI18n();
  const pending = order.refunds.filter((r) => r.status === 'pending');
  return (
    <>
      {order.refunded > 0 && (
        <span className="mt-1 block text-xs font-normal whitespace-nowrap text-slate-700">
          {fmt(t.adminOrders.refundedAmount, { amount: money(order.refunded) })}
        </span>
      )}
      {pending.map((refund) => (
        <span key={refund._id} className="mt-1 block text-xs font-normal whitespace-nowrap text-amber-900">
          {fmt(t.adminOrders.refundPendingBadge, { amount: money(refund.amount) })}
        </span>
      ))}
      {order.refunds.map(
        (refund) =>
          refund.creditNote && (
            <InvoiceDownload
              key={refund._id}
              orderId={order._id}
              number={refund.creditNote.number}
              creditNoteId={refund.creditNote._id}
              auth="adminToken"
              className="mt-1 block text-xs"
            />
          ),
      )}
    </>
  );
}

/** The Refund button of a paid order with something left to refund (not a free one). */
function RefundButton({ order, onRefund }: { order: AdminOrder; onRefund(order: AdminOrder): void }) {
  const { t, fmt } = useI18n();
  if (order.status !== 'paid' || order.provider === 'free' || refundable(order) <= 0) return null;
  return (
    <button
      type="button"
      onClick={() => onRefund(order)}
      aria-label={fmt(t.adminOrders.refundOrder, { reference: order.reference })}
      className="mt-2 block text-xs font-semibold text-brand-green underline underline-offset-2 hover:text-brand-green-dark"
    >
      {t.adminOrders.refund}
    </button>
  );
}

/** Whether the learner confirmed the account's e-mail (said in words, not by colour alone). */
function EmailBadge({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  return (
    <span
      className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${verified ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}
    >
      {verified ? t.adminOrders.emailVerified : t.adminOrders.emailNotVerified}
    </span>
  );
}

/** /admin/dashboard/orders (docs/product.md#admin-orders): every order, newest first, paged, filtered by status. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, tr, fmt, plural, number } = useI18n();
  const text = t.adminOrders;
  const { params, chosen, update } = useListParams();
  const { status } = readQuery(params);
  const data = loaderData.ok ? loaderData.data : null;
  const revalidator = useRevalidator();
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);

  /** 'Showing 1–20 of 45 orders' (or 'of more than 10,000 orders'). */
  function showingOrders(page: AdminOrders) {
    const { from, to, total, capped } = pageRange(page, page.orders.length);
    const values = { from: number(from), to: number(to), total: number(total) };
    return capped ? fmt(text.showingCapped, values) : plural(text.showing, page.total, values);
  }

  return (
    <div>
      <AdminPageHeader title={text.title} lead={text.lead} />
      <div className="mb-5">
        <RefundAccessSetting />
      </div>

      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <SelectInput
          label={text.status}
          value={readQuery(chosen).status}
          onChange={(e) => update({ status: e.target.value || null })}
          className="w-full sm:w-56"
        >
          <option value="">{text.allOrders}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {text[STATUS_TEXT[s].label]}
            </option>
          ))}
        </SelectInput>
        {data && data.orders.length > 0 && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {showingOrders(data)}
          </p>
        )}
      </div>

      <WhenReady result={loaderData} loadingLabel={tr(PAYMENT_MESSAGES.loadingOrders)}>
        {(data) =>
          data.orders.length === 0 && data.offset > 0 ? (
            // A page link past the last order (orders changed since it was made).
            <EmptyState title={text.noMoreOrders}>
              <button
                type="button"
                onClick={() => update({ cursor: null })}
                className="font-semibold text-brand-green underline"
              >
                {t.adminShell.firstPage}
              </button>
            </EmptyState>
          ) : data.orders.length === 0 ? (
            <EmptyState title={status ? text[STATUS_TEXT[status].none] : tr(PAYMENT_MESSAGES.noOrders)}>
              {status && (
                <button
                  type="button"
                  onClick={() => update({ status: null })}
                  className="font-semibold text-brand-green underline"
                >
                  {text.showAll}
                </button>
              )}
            </EmptyState>
          ) : (
            <>
              <OrdersTable orders={data.orders} onRefund={setRefunding} />
              <OrderCards orders={data.orders} onRefund={setRefunding} />
              <CursorPager
                label={text.pagesLabel}
                page={data}
                onCursor={(cursor) => update({ cursor }, { keepPage: true })}
              />
            </>
          )
        }
      </WhenReady>
      <RefundDialog
        order={refunding}
        onClose={() => setRefunding(null)}
        onDone={() => {
          setRefunding(null);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}

/** The table's columns (`adminOrders` texts); the amount is aligned to the end. */
const COLUMNS = ['date', 'learner', 'course', 'amount', 'provider', 'status'] as const;

function OrdersTable({ orders, onRefund }: { orders: AdminOrder[]; onRefund(order: AdminOrder): void }) {
  const { t, moment, fmt } = useI18n();
  const text = t.adminOrders;
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{text.caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={column === 'amount' ? 'px-4 py-3 text-end font-semibold' : 'px-4 py-3 font-semibold'}
              >
                {text[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => (
            <tr key={order._id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {moment(order.createdAt)}
                <span className="block font-mono text-xs text-slate-600">{order.reference}</span>
                <OrderDocuments order={order} className="mt-1 text-xs" />
              </td>
              <td className="px-4 py-3">
                <span dir="auto" className="block font-semibold text-slate-900">
                  {order.learner.name}
                </span>
                <LearnerEmail order={order} />
              </td>
              <td className="px-4 py-3">
                <CourseLink order={order} className="font-medium text-brand-green underline-offset-2 hover:underline" />
              </td>
              <td className="px-4 py-3 text-end font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                <OrderAmount order={order} />
              </td>
              <td className="px-4 py-3 text-slate-700">{providerLabel(order.provider, text)}</td>
              <td className="px-4 py-3">
                <StatusBadge order={order} />
                {order.paidAt && (
                  <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
                    {fmt(text.paidAt, { time: moment(order.paidAt) })}
                  </span>
                )}
                <RefundButton order={order} onRefund={onRefund} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the order was paid, with its coupon and refunds under it (the table's cell, the card's line). */
function OrderAmount({ order }: { order: AdminOrder }) {
  const { money } = useI18n();
  return (
    <>
      {money(order.amount)}
      <OrderCoupon order={order} />
      <OrderRefunds order={order} />
    </>
  );
}

/** The order's tax invoice (PDF) and, where one was made, its e-invoice (XML); nothing before an invoice. */
function OrderDocuments({ order, className }: { order: AdminOrder; className: string }) {
  if (!order.invoice) return null;
  const download = { orderId: order._id, number: order.invoice.number, auth: 'adminToken', className } as const;
  return (
    <>
      <InvoiceDownload {...download} />
      {order.invoice.eInvoice && <InvoiceDownload {...download} format="xml" />}
    </>
  );
}

/** The course's public page (a full page load: the site is not part of the admin app). */
function CourseLink({ order, className }: { order: AdminOrder; className: string }) {
  const { lp } = useI18n();
  return (
    <a href={lp(`/courses/${order.course.slug}`)} dir="auto" className={className}>
      {order.course.title}
    </a>
  );
}

/** The learner's e-mail and whether it is verified, under the learner's name. */
function LearnerEmail({ order }: { order: AdminOrder }) {
  return (
    <>
      <EmailText email={order.learner.email} className="block text-slate-600" />
      <EmailBadge verified={order.learner.emailVerified} />
    </>
  );
}

/** An order's coupon and the discount it gave, under its amount; nothing without one. */
function OrderCoupon({ order }: { order: AdminOrder }) {
  const { t, fmt, money } = useI18n();
  if (!order.coupon) return null;
  return (
    <span className="mt-1 block text-xs font-normal whitespace-nowrap text-slate-600">
      {fmt(t.adminOrders.couponDiscount, { code: order.coupon, amount: money(order.discount) })}
    </span>
  );
}

/** Phones: one card per order instead of a wide table. */
function OrderCards({ orders, onRefund }: { orders: AdminOrder[]; onRefund(order: AdminOrder): void }) {
  const { t, moment } = useI18n();
  const text = t.adminOrders;
  return (
    <ul className="space-y-3 md:hidden">
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <CourseLink order={order} className="font-semibold text-brand-green hover:underline" />
            <StatusBadge order={order} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{text.learner}</dt>
            <dd className="min-w-0 text-slate-900">
              <bdi>{order.learner.name}</bdi>
              <LearnerEmail order={order} />
            </dd>
            <dt className="text-slate-600">{text.amount}</dt>
            <dd className="font-semibold text-slate-900">
              <OrderAmount order={order} />
            </dd>
            <dt className="text-slate-600">{text.provider}</dt>
            <dd className="text-slate-900">{providerLabel(order.provider, text)}</dd>
            <dt className="text-slate-600">{text.date}</dt>
            <dd className="text-slate-900">{moment(order.createdAt)}</dd>
            <dt className="text-slate-600">{text.reference}</dt>
            <dd className="font-mono text-slate-900">{order.reference}</dd>
          </dl>
          <OrderDocuments order={order} className="mt-3" />
          <RefundButton order={order} onRefund={onRefund} />
        </li>
      ))}
    </ul>
  );
}
