import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { nextDueId } from '../../db/claim.ts';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type Repeating, startRepeating } from '../../lib/repeating.ts';
import { releaseFor } from '../coupons/service.ts';
import { checkPendingRefunds } from './refunds.ts';
import { applyPaymentUpdate, type OrderRow } from './service.ts';

/**
 * The order check: scheduled work that settles orders left pending. A buyer who pays and closes the
 * tab before the success page, with a webhook that never arrives (misconfigured, the provider's
 * retries exhausted), would otherwise have paid without being enrolled; a checkout abandoned
 * half-way would stay "pending" in the owner's Orders list for ever.
 *
 * Every instance runs it; each order is claimed by one of them at a time (`FOR UPDATE SKIP LOCKED`,
 * pushing its `checked_at` forward in the same statement, as the outbox claims its rows), so the
 * provider is asked once per round across instances (docs/decisions/016-several-instances.md).
 */
export const ORDER_CHECKS = {
  /** An order is first checked this long after it was made: the buyer may still be paying. */
  afterMs: 15 * 60_000,
  /** Then again at most this often while it stays pending. */
  everyMs: 15 * 60_000,
  /**
   * Still pending this long after it was made: canceled (the providers' checkout links expire
   * sooner). A later webhook about it changes nothing: the buyer starts a new checkout.
   */
  expireAfterMs: 24 * 60 * 60_000,
  /** At most this many orders per round: a backlog is worked through over several rounds. */
  perRound: 500,
  pollMs: 5 * 60_000,
} as const;

export interface OrderCheckRun {
  claimed: number;
  /** Outcomes: the provider's word applied ('paid', 'canceled', 'failed', 'mismatch'), 'expired' or 'unchanged'. */
  outcomes: Record<string, number>;
}

/**
 * Claims the next pending order due for a check, moving its next check forward, in one statement.
 * One at a time, as the outbox claims (db/claim.ts); the outer WHERE repeats the due test so an
 * order another instance just claimed is not taken again.
 */
async function claimNext(deps: Pick<Deps, 'db'>, now: Date): Promise<OrderRow | undefined> {
  const due = and(
    eq(orders.status, 'pending'),
    lt(orders.createdAt, new Date(now.getTime() - ORDER_CHECKS.afterMs)),
    or(isNull(orders.checkedAt), lt(orders.checkedAt, new Date(now.getTime() - ORDER_CHECKS.everyMs))),
  );
  const candidate = nextDueId(deps.db, orders.id, due, orders.createdAt);
  const [order] = await deps.db
    .update(orders)
    .set({ checkedAt: now })
    .where(and(sql`${orders.id} = (${candidate})`, due))
    .returning();
  return order;
}

/** One order: ask its provider when it is ours and started; expire it when it is too old. */
async function checkOrder(deps: Deps, order: OrderRow, now: Date): Promise<string> {
  if (order.providerRef && order.provider === deps.payments.name) {
    try {
      const info = await deps.payments.getPayment(order.providerRef);
      if (info.paymentIntentId === order.providerRef) {
        const outcome = await applyPaymentUpdate(deps, info, order.provider);
        if (outcome !== 'unchanged') return outcome;
      }
    } catch (error) {
      // Asked again at the next check; an order the provider does not know is expired below in time.
      deps.log.warn({ err: error, orderId: order.id }, 'order check: the payment provider did not answer');
    }
  }
  if (now.getTime() - order.createdAt.getTime() < ORDER_CHECKS.expireAfterMs) return 'unchanged';
  // Expired with its coupon's reservation released, together: the use is free for another buyer.
  const expired = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'canceled' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (row) await releaseFor(tx, order.id);
    return row;
  });
  if (!expired) return 'unchanged';
  deps.log.info({ orderId: order.id }, 'order check: pending for a day, canceled');
  return 'expired';
}

/** One round: every order due, one claim at a time, until none is left (or `limit` were checked). */
export async function checkPendingOrders(
  deps: Deps,
  now = new Date(),
  limit = ORDER_CHECKS.perRound,
): Promise<OrderCheckRun> {
  const run: OrderCheckRun = { claimed: 0, outcomes: {} };
  while (run.claimed < limit) {
    const order = await claimNext(deps, now);
    if (!order) break;
    run.claimed++;
    const outcome = await checkOrder(deps, order, now);
    run.outcomes[outcome] = (run.outcomes[outcome] ?? 0) + 1;
  }
  return run;
}

/** Runs `checkPendingOrders` every `pollMs` (first soon after start). Timers are unref'd. */
export function startOrderChecks(deps: Deps, options: { pollMs?: number } = {}): Repeating {
  const pollMs = options.pollMs ?? ORDER_CHECKS.pollMs;
  return startRepeating(
    async () => {
      await checkPendingOrders(deps);
      // Refunds still pending at the provider (a webhook lost or not configured) are asked about too.
      await checkPendingRefunds(deps);
    },
    {
      firstDelayMs: Math.min(30_000, pollMs),
      everyMs: pollMs,
      onError: (error) => deps.log.error({ err: error }, 'order check failed; will try again'),
    },
  );
}
