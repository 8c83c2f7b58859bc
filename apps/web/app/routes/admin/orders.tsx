import {
  type AdminOrder,
  type AdminOrders,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_MESSAGES,
} from '@oasis/shared/payments';
import { showingRange } from '@oasis/shared/admin/cursor-paging';
import { formatAed, formatDateTime } from '@oasis/shared/format';
import { privateMeta } from '~/components/auth/meta';
import { SelectInput } from '~/components/admin/fields';
import { CursorPager, pickParam, useListParams } from '~/components/admin/list-params';
import { AdminPageHeader, EmptyState, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Orders');

const PAGE_SIZE = 20;

const PROVIDER_LABELS: Record<string, string> = { sandbox: 'Sandbox (test)', ziina: 'Ziina', stripe: 'Stripe' };

/** The status filter and the page's cursor of the address (?status=paid&cursor=…). */
function readQuery(params: URLSearchParams) {
  return { status: pickParam(params.get('status'), ORDER_STATUSES), cursor: params.get('cursor') ?? '' };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { status, cursor } = readQuery(new URL(request.url).searchParams);
  const query = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return loadAdmin<AdminOrders>(`/admin/orders?${query}`, PAYMENT_MESSAGES.failedToLoadOrders, request);
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  canceled: 'bg-slate-200 text-slate-800',
  failed: 'bg-red-100 text-red-900',
};

function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** Whether the learner confirmed the account's e-mail (said in words, not by colour alone). */
function EmailBadge({ verified }: { verified: boolean }) {
  return (
    <span
      className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${verified ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}
    >
      {verified ? 'E-mail verified' : 'E-mail not verified'}
    </span>
  );
}

/** /admin/dashboard/orders (docs/product.md#admin-orders): every order, newest first, paged, filtered by status. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { params, chosen, update } = useListParams();
  const { status } = readQuery(params);
  const data = loaderData.ok ? loaderData.data : null;

  return (
    <div>
      <AdminPageHeader title="Orders" lead="Every course order, newest first. Amounts are in AED." />

      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <SelectInput
          label="Status"
          value={readQuery(chosen).status}
          onChange={(e) => update({ status: e.target.value || null })}
          className="w-full sm:w-56"
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectInput>
        {data && data.orders.length > 0 && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {showingRange(data, data.orders.length)} {data.total === 1 && !data.totalCapped ? 'order' : 'orders'}
          </p>
        )}
      </div>

      <WhenReady result={loaderData} loadingLabel={PAYMENT_MESSAGES.loadingOrders}>
        {(data) =>
          data.orders.length === 0 && data.offset > 0 ? (
            // A page link past the last order (orders changed since it was made).
            <EmptyState title="No more orders on this page.">
              <button
                type="button"
                onClick={() => update({ cursor: null })}
                className="font-semibold text-brand-green underline"
              >
                Back to the first page
              </button>
            </EmptyState>
          ) : data.orders.length === 0 ? (
            <EmptyState
              title={status ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders.` : PAYMENT_MESSAGES.noOrders}
            >
              {status && (
                <button
                  type="button"
                  onClick={() => update({ status: null })}
                  className="font-semibold text-brand-green underline"
                >
                  Show all orders
                </button>
              )}
            </EmptyState>
          ) : (
            <>
              <OrdersTable orders={data.orders} />
              <OrderCards orders={data.orders} />
              <CursorPager
                label="Orders pages"
                page={data}
                onCursor={(cursor) => update({ cursor }, { keepPage: true })}
              />
            </>
          )
        }
      </WhenReady>
    </div>
  );
}

const COLUMNS = ['Date', 'Learner', 'Course', 'Amount', 'Provider', 'Status'] as const;

function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={column === 'Amount' ? 'px-4 py-3 text-end font-semibold' : 'px-4 py-3 font-semibold'}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => (
            <tr key={order._id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(order.createdAt)}
                <span className="block font-mono text-xs text-slate-600">{order.reference}</span>
              </td>
              <td className="px-4 py-3">
                <span className="block font-semibold text-slate-900">{order.learner.name}</span>
                <span className="block break-all text-slate-600">{order.learner.email}</span>
                <EmailBadge verified={order.learner.emailVerified} />
              </td>
              <td className="px-4 py-3">
                <a
                  href={`/courses/${order.course.slug}`}
                  className="font-medium text-brand-green underline-offset-2 hover:underline"
                >
                  {order.course.title}
                </a>
              </td>
              <td className="px-4 py-3 text-end font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                {formatAed(order.amount)}
              </td>
              <td className="px-4 py-3 text-slate-700">{PROVIDER_LABELS[order.provider] ?? order.provider}</td>
              <td className="px-4 py-3">
                <StatusBadge status={order.status} />
                {order.paidAt && (
                  <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
                    Paid {formatDateTime(order.paidAt)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order instead of a wide table. */
function OrderCards({ orders }: { orders: AdminOrder[] }) {
  return (
    <ul className="space-y-3 md:hidden">
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <a href={`/courses/${order.course.slug}`} className="font-semibold text-brand-green hover:underline">
              {order.course.title}
            </a>
            <StatusBadge status={order.status} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Learner</dt>
            <dd className="min-w-0 text-slate-900">
              {order.learner.name}
              <span className="block break-all text-slate-600">{order.learner.email}</span>
              <EmailBadge verified={order.learner.emailVerified} />
            </dd>
            <dt className="text-slate-600">Amount</dt>
            <dd className="font-semibold text-slate-900">{formatAed(order.amount)}</dd>
            <dt className="text-slate-600">Provider</dt>
            <dd className="text-slate-900">{PROVIDER_LABELS[order.provider] ?? order.provider}</dd>
            <dt className="text-slate-600">Date</dt>
            <dd className="text-slate-900">{formatDateTime(order.createdAt)}</dd>
            <dt className="text-slate-600">Reference</dt>
            <dd className="font-mono text-slate-900">{order.reference}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
