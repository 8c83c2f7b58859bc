import { inLocale } from '@oasis/shared/i18n/content';
import type { MyOrder } from '@oasis/shared/invoices';
import { type RefundState, refundState } from '@oasis/shared/refunds';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { InvoiceDownload } from '~/components/invoice-download';
import { LearnerPage, LearnerPageSkeleton, LoadFailedPanel, MessagePanel } from '~/components/learner/learner-page';
import { errorMessage } from '~/lib/api';
import { listMyOrders } from '~/lib/api/orders';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/orders';

/**
 * My orders (docs/product.md#tax-invoices): every order of the signed-in learner, newest first,
 * with its state and, for a VAT-registered seller's paid orders, the tax invoice to download.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireLearnerToken(request);
  try {
    return { orders: (await listMyOrders()).orders, error: null };
  } catch (error) {
    // The server's message, or '' for the screen's own wording.
    return { orders: [] as MyOrder[], error: errorMessage(error, '') };
  }
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.invoices.myOrders);

export function HydrateFallback() {
  const { t } = useI18n();
  return <LearnerPageSkeleton label={t.invoices.loadingOrders} width="wide" />;
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <RequireUser loadingLabel={t.invoices.loadingOrders}>
      <MyOrders orders={loaderData?.orders ?? []} error={loaderData?.error ?? null} />
    </RequireUser>
  );
}

/** The status shown: a paid order given back in part or in full reads so. */
type Shown = MyOrder['status'] | Exclude<RefundState, 'none'>;

function shownStatus(order: MyOrder): Shown {
  const refund = order.status === 'paid' ? refundState(order.amount, order.refunded) : 'none';
  return refund === 'none' ? order.status : refund;
}

const STATUS_STYLE: Record<Shown, string> = {
  refunded: 'bg-slate-100 text-slate-800 ring-slate-500/30',
  partly_refunded: 'bg-sky-50 text-sky-900 ring-sky-700/30',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  pending: 'bg-amber-50 text-amber-950 ring-amber-700/30',
  failed: 'bg-red-50 text-red-900 ring-red-700/30',
  canceled: 'bg-slate-100 text-slate-800 ring-slate-500/30',
};

function MyOrders({ orders, error }: { orders: MyOrder[]; error: string | null }) {
  const { t, tr, locale, money, moment } = useI18n();
  const text = t.invoices;
  const status = {
    paid: text.statusPaid,
    pending: text.statusPending,
    failed: text.statusFailed,
    canceled: text.statusCanceled,
    refunded: text.statusRefunded,
    partly_refunded: text.statusPartlyRefunded,
  } satisfies Record<Shown, string>;

  return (
    <LearnerPage title={text.myOrders} eyebrow={t.learning.myLearning} width="wide">
      {error !== null ? (
        <LoadFailedPanel
          title={error ? tr(error) : text.ordersFailed}
          retryLabel={text.tryAgain}
          retryingLabel={text.loadingOrders}
        />
      ) : orders.length === 0 ? (
        <MessagePanel title={text.noOrders} actions={[{ to: '/courses', label: text.browseCourses }]}>
          {text.ordersLead}
        </MessagePanel>
      ) : (
        <>
          <p className="mb-6 text-slate-700">{text.ordersLead}</p>
          <ul className="space-y-4" aria-label={text.ordersCaption}>
            {orders.map((order) => {
              const title = inLocale(locale, order.course.title, order.course.titleAr);
              const shown = shownStatus(order);
              return (
                <li key={order._id} className="rounded-2xl bg-white p-5 shadow-card sm:p-6">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <h2 className="font-display text-xl font-semibold text-brand-green" {...title.attrs}>
                      {title.text}
                    </h2>
                    <span
                      className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${STATUS_STYLE[shown]}`}
                    >
                      {status[shown]}
                    </span>
                  </div>
                  <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
                    <div>
                      <dt className="text-slate-600">{text.date}</dt>
                      <dd className="font-medium text-slate-900">{moment(order.createdAt)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">{text.amount}</dt>
                      <dd className="font-semibold text-slate-900 tabular-nums">{money(order.amount)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">{text.discount}</dt>
                      <dd className="font-medium text-slate-900 tabular-nums">
                        {order.discount > 0 ? `-${money(order.discount)}` : money(0)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">{text.invoice}</dt>
                      <dd className="text-slate-900">
                        {order.invoice ? (
                          <InvoiceDownload orderId={order._id} number={order.invoice.number} />
                        ) : (
                          text.noInvoice
                        )}
                      </dd>
                    </div>
                  </dl>
                  {(order.refunded > 0 || order.creditNotes.length > 0) && (
                    <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
                      <div>
                        <dt className="text-slate-600">{text.refunded}</dt>
                        <dd className="font-semibold text-slate-900 tabular-nums">{money(order.refunded)}</dd>
                      </div>
                      {order.creditNotes.length > 0 && (
                        <div className="col-span-2 sm:col-span-3">
                          <dt className="text-slate-600">{text.creditNotes}</dt>
                          {order.creditNotes.map((note) => (
                            <dd key={note._id} className="text-slate-900">
                              <InvoiceDownload orderId={order._id} number={note.number} creditNoteId={note._id} />
                            </dd>
                          ))}
                        </div>
                      )}
                    </dl>
                  )}
                  <p className="mt-3 font-mono text-xs text-slate-600">{order.reference}</p>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </LearnerPage>
  );
}
