import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { aedToFils, filsToAed } from '@oasis/shared/format';
import { fmt, messagesFor } from '@oasis/shared/i18n';
import { orderReference } from '@oasis/shared/payments';
import type { Refund, RefundAccess, RefundInput, RefundSettings } from '@oasis/shared/refunds';
import { PaymentProviderError, type RefundInfo } from '../../adapters/payments/index.ts';
import { nextDueId } from '../../db/claim.ts';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, orders, refunds, siteSettings, taxDocuments, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { contentChanged } from '../../lib/content-changed.ts';
import { AppError, badRequest, notFound, validationError } from '../../lib/errors.ts';
import { composeMail } from '../mail/compose.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { DEFAULT_SETTINGS } from '../settings/defaults.ts';
import { getSettings } from '../settings/service.ts';
import { issueCreditNote } from '../tax-documents/credit-notes.ts';
import { storeTaxDocumentPdf } from '../tax-documents/service.ts';
import { formatOrderAmount } from './order-amount.ts';

/**
 * Refunds (docs/product.md#refunds): started by the owner from Orders, or at the provider and
 * reported by webhook. Either way a refund is applied once, in `applyRefundUpdate`: the refund
 * marked succeeded, the order's refunded amount raised, a credit note issued (invoiced orders), the
 * access setting applied when the order is refunded in full, and the buyer e-mailed.
 */

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export type RefundOutcome = 'succeeded' | 'failed' | 'pending' | 'unchanged' | 'unknown';

/** What a fully refunded order does to the enrolment it gave; 'revoke' unless the owner chose 'keep'. */
export async function getRefundSettings(db: Db): Promise<RefundSettings> {
  const [row] = await db.select({ access: siteSettings.refundAccess }).from(siteSettings).limit(1);
  return { access: row?.access === 'keep' ? 'keep' : 'revoke' };
}

export async function saveRefundSettings(db: Db, input: RefundSettings): Promise<RefundSettings> {
  const { social, ...defaults } = DEFAULT_SETTINGS;
  await db
    .insert(siteSettings)
    .values({ id: 'main', ...defaults, social, refundAccess: input.access })
    .onConflictDoUpdate({ target: siteSettings.id, set: { refundAccess: input.access, updatedAt: new Date() } });
  return getRefundSettings(db);
}

/** The sum of an order's refunds still pending: they count against what remains to refund. */
async function pendingFils(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | number>`coalesce(sum(${refunds.amountFils}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return Number(row?.total ?? 0);
}

/**
 * `POST /api/admin/orders/{id}/refunds`: records a pending refund with the order's row locked (so
 * concurrent requests see each other's pending refunds and never give back more than was paid),
 * asks the provider, and applies its answer. A refusal by the provider marks the refund failed.
 */
export async function startRefund(deps: Deps, orderId: string, input: RefundInput): Promise<Refund> {
  const amountFils = aedToFils(input.amount);
  const { order, refund } = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('tax.orderNotFound');
    if (order.provider === 'free' || order.amountFils <= 0) throw badRequest('tax.refundFreeOrder');
    if (order.status !== 'paid' || !order.providerRef) throw badRequest('tax.refundNotPaid');
    if (order.provider !== deps.payments.name) throw new AppError(409, 'tax.refundProviderFailed');
    const remaining = order.amountFils - order.refundedFils - (await pendingFils(tx, order.id));
    if (amountFils > remaining) throw validationError({ amount: 'tax.refundTooMuch' }, 'tax.refundTooMuch');
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId: order.id, amountFils, reason: input.reason, origin: 'owner', provider: order.provider })
      .returning();
    if (!refund) throw new Error('refund insert returned no row');
    return { order, refund };
  });

  let info: RefundInfo;
  try {
    info = await deps.payments.refund({
      refundId: refund.id,
      paymentIntentId: order.providerRef ?? '',
      amountFils,
      currency: 'AED',
    });
  } catch (error) {
    await deps.db
      .update(refunds)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    deps.log.error({ err: error, orderId: order.id, refundId: refund.id }, 'refund refused by the provider');
    if (error instanceof PaymentProviderError) throw new AppError(502, 'tax.refundProviderFailed');
    throw error;
  }
  // The provider's own id is kept at once, so its webhook finds this refund even before it is final.
  await applyRefundUpdate(deps, { ...info, refundId: refund.id }, order.provider);
  const shown = (await listRefunds(deps.db, [order.id])).get(order.id)?.find((r) => r._id === refund.id);
  if (!shown) throw new Error('refund not found after it was made');
  return shown;
}

/**
 * The one place a provider's word about a refund changes anything (the owner's request, webhooks
 * and the refund check end here). With the order's row locked: the refund is found by our id or the
 * provider's (a refund made at the provider is recorded on first sight), and a succeeded one is
 * applied only while it is still pending, so replays and the owner's own webhook change nothing.
 */
export async function applyRefundUpdate(deps: Deps, info: RefundInfo, provider: string): Promise<RefundOutcome> {
  const result = await recordRefundUpdate(deps.db, info, provider);
  if (result.outcome === 'unknown')
    deps.log.warn({ refundRef: info.refundRef, provider }, 'refund update for a payment we do not know');
  if (result.outcome !== 'succeeded') return result.outcome;
  if (result.creditNoteId) await storeTaxDocumentPdf(deps, result.creditNoteId);
  if (result.revoked) await contentChanged.enrolments(deps);
  deliverSoon(deps, result.mailIds);
  deps.log.info({ refundRef: info.refundRef, provider }, 'refund applied');
  return 'succeeded';
}

/** `applyRefundUpdate`'s transaction alone: what changed, before the credit note is drawn and sent. */
export function recordRefundUpdate(db: Db, info: RefundInfo, provider: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.provider, provider), eq(orders.providerRef, info.paymentIntentId)))
      .for('update');
    if (!order) return { outcome: 'unknown' as const };
    const row = await findOrRecord(tx, order, info, provider);
    if (row?.status !== 'pending') return { outcome: 'unchanged' as const };
    if (info.status === 'pending') return { outcome: 'pending' as const };
    if (info.status === 'failed') {
      await tx
        .update(refunds)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')));
      return { outcome: 'failed' as const };
    }
    return { outcome: 'succeeded' as const, ...(await applySucceeded(tx, order, row)) };
  });
}

/** The refund `info` speaks of: ours by id or by the provider's id, or recorded now (made at the provider). */
async function findOrRecord(tx: Db, order: OrderRow, info: RefundInfo, provider: string): Promise<RefundRow | null> {
  let [row] = info.refundId
    ? await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, info.refundId), eq(refunds.orderId, order.id)))
    : [];
  row ??= (
    await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, info.refundRef)))
  )[0];
  if (!row) {
    // A failed refund made at the provider gave nothing back: nothing to record.
    if (info.status === 'failed' || info.amountFils <= 0) return null;
    [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountFils: info.amountFils,
        origin: 'provider',
        provider,
        providerRef: info.refundRef,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }
  if (!row.providerRef) {
    await tx.update(refunds).set({ providerRef: info.refundRef }).where(eq(refunds.id, row.id));
    row.providerRef = info.refundRef;
  }
  return row;
}

/** Applies a succeeded refund inside `tx`: the order's total, the credit note, access, the e-mail. */
async function applySucceeded(tx: Db, order: OrderRow, row: RefundRow) {
  const now = new Date();
  // Never more than remains: a provider's report cannot push an order below zero.
  const amountFils = Math.min(row.amountFils, Math.max(0, order.amountFils - order.refundedFils));
  const t = messagesFor(order.locale).mail;
  const reason = row.reason ?? t.refundAtProvider;
  const creditNoteId =
    amountFils > 0
      ? await issueCreditNote(tx, order, { amountFils, refundedBeforeFils: order.refundedFils, reason }, now)
      : null;
  await tx
    .update(refunds)
    .set({ status: 'succeeded', completedAt: now, creditNoteId, updatedAt: now })
    .where(eq(refunds.id, row.id));
  const refundedFils = order.refundedFils + amountFils;
  await tx.update(orders).set({ refundedFils, updatedAt: now }).where(eq(orders.id, order.id));
  const full = refundedFils >= order.amountFils;
  const access: RefundAccess = (await getRefundSettings(tx)).access;
  const revoked =
    full && access === 'revoke'
      ? (await tx.delete(enrolments).where(eq(enrolments.orderId, order.id)).returning({ id: enrolments.id })).length >
        0
      : false;
  const mail = await refundMail(tx, order, { amountFils, reason, full, revoked, creditNoteId });
  const mailIds = await enqueueMail(tx, [{ ...mail, taxDocumentId: creditNoteId }]);
  return { creditNoteId, revoked, mailIds };
}

/** The buyer's refund e-mail, in the order's language; the credit note attached when there is one. */
async function refundMail(
  db: Db,
  order: OrderRow,
  refund: { amountFils: number; reason: string; full: boolean; revoked: boolean; creditNoteId: string | null },
) {
  const [settings, [details], [note]] = await Promise.all([
    getSettings(db),
    db
      .select({ name: users.name, title: courses.title })
      .from(users)
      .innerJoin(courses, eq(courses.id, order.courseId))
      .where(eq(users.id, order.userId)),
    refund.creditNoteId
      ? db.select({ number: taxDocuments.number }).from(taxDocuments).where(eq(taxDocuments.id, refund.creditNoteId))
      : Promise.resolve([]),
  ]);
  const { locale } = order;
  const t = messagesFor(locale).mail;
  const title = details?.title ?? t.yourCourse;
  const money = (fils: number) => formatOrderAmount(filsToAed(fils), locale, settings.arabicCurrency);
  const access = refund.full ? (refund.revoked ? t.refundAccessRevoked : t.refundAccessKept) : t.refundPartlyText;
  return composeMail({
    to: order.email,
    subject: fmt(t.refundSubject, { title }),
    heading: t.refundHeading,
    paragraphs: [
      details ? fmt(t.hello, { name: details.name }) : t.helloThere,
      fmt(t.refundText, { amount: money(refund.amountFils), title }),
      access,
      ...(note ? [fmt(t.creditNoteAttached, { number: note.number })] : []),
    ],
    details: [
      [t.orderReference, orderReference(order.id)],
      [t.course, title],
      [t.refundedAmount, money(refund.amountFils)],
      [t.refundReason, refund.reason],
    ],
    footer: settings.brandName,
    locale,
  });
}

/** The refunds of the given orders, oldest first, by order id (the admin's Orders screen). */
export async function listRefunds(db: Db, orderIds: readonly string[]): Promise<Map<string, Refund[]>> {
  const found = new Map<string, Refund[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({ refund: refunds, note: { id: taxDocuments.id, number: taxDocuments.number } })
    .from(refunds)
    .leftJoin(taxDocuments, eq(taxDocuments.id, refunds.creditNoteId))
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const { refund, note } of rows) {
    found.get(refund.orderId)?.push({
      _id: refund.id,
      amount: filsToAed(refund.amountFils),
      reason: refund.reason ?? '',
      status: refund.status,
      origin: refund.origin,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
      creditNote: note?.id ? { _id: note.id, number: note.number } : null,
    });
  }
  return found;
}

/** What the refund check does per round at most, and how long a refund waits between questions. */
export const REFUND_CHECKS = { perRound: 100, everyMs: 5 * 60_000 } as const;

/**
 * Asks the provider about refunds still pending (Ziina's stay pending for a while; a webhook may
 * never come), and applies the answers. Each refund is claimed by moving its `updated_at`, so
 * instances do not ask twice in a round.
 */
export async function checkPendingRefunds(deps: Deps, now = new Date()): Promise<number> {
  let asked = 0;
  while (asked < REFUND_CHECKS.perRound) {
    const due = and(
      eq(refunds.status, 'pending'),
      eq(refunds.provider, deps.payments.name),
      isNotNull(refunds.providerRef),
      lt(refunds.updatedAt, new Date(now.getTime() - REFUND_CHECKS.everyMs)),
    );
    const candidate = nextDueId(deps.db, refunds.id, due, refunds.updatedAt);
    const [claimed] = await deps.db
      .update(refunds)
      .set({ updatedAt: now })
      .where(and(sql`${refunds.id} = (${candidate})`, due))
      .returning();
    if (!claimed?.providerRef) break;
    asked++;
    try {
      const info = await deps.payments.getRefund(claimed.providerRef);
      await applyRefundUpdate(deps, { ...info, refundId: claimed.id }, claimed.provider);
    } catch (error) {
      deps.log.warn({ err: error, refundId: claimed.id }, 'refund check: the payment provider did not answer');
    }
  }
  return asked;
}
