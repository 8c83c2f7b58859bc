import type { IncomingHttpHeaders } from 'node:http';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { filsToAed } from '@oasis/shared/format';
import { DEFAULT_LOCALE, type Locale, localePath } from '@oasis/shared/i18n';
import {
  type InitiatePaymentInput,
  type InitiatePaymentResult,
  orderReference,
  type PaymentProviderName,
  type PaymentStatus,
} from '@oasis/shared/payments';
import {
  isRefundUpdate,
  PAYMENT_ID_PLACEHOLDER,
  type PaymentInfo,
  PaymentProviderError,
  type WebhookUpdate,
  WebhookVerificationError,
} from '../../adapters/payments/index.ts';
import { randomBytes } from 'node:crypto';
import type { CouponQuote, CouponQuoteQuery } from '@oasis/shared/coupons';
import { courses, orders, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AttributionValues } from '../../lib/attribution.ts';
import { AppError, badRequest, conflict, notFound, validationError } from '../../lib/errors.ts';
import { enrol, isEnrolled } from '../enrolments/service.ts';
import { receiptMail } from './receipt-mail.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import { getVatSettings } from '../settings/vat.ts';
import { issueInvoice, storeTaxDocumentPdf } from '../tax-documents/service.ts';
import { applyRefundUpdate, type RefundOutcome } from './refunds.ts';
import { countryOfPhone } from '@oasis/shared/vat';
import { contentChanged } from '../../lib/content-changed.ts';
import type { Db } from '../../db/client.ts';
import {
  type CouponDiscount,
  checkCoupon,
  recordRedemption,
  redeemFor,
  releaseFor,
  reserveCoupon,
} from '../coupons/service.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The signed-in buyer, as the auth guard gives it. */
export interface Buyer {
  id: string;
  email: string;
  role: 'learner' | 'admin';
}

/**
 * Where the buyer comes back to on the site (the addresses of docs/product.md#success-and-cancel),
 * in the language of the checkout: `/ar/success/{id}` after an Arabic one.
 */
export function returnUrls(siteUrl: string, orderId: string, locale: Locale = DEFAULT_LOCALE) {
  return {
    successUrl: `${siteUrl}${localePath(locale, `/success/${PAYMENT_ID_PLACEHOLDER}`)}`,
    cancelUrl: `${siteUrl}${localePath(locale, `/cancel/${PAYMENT_ID_PLACEHOLDER}`)}`,
    // The order keeps the checkout's language: the redirect from here goes to the cancel page in it.
    cancelUrlByOrder: `${siteUrl}/api/payment/return/${orderId}/cancel`,
  };
}

/** The course a buyer asks for, by id or slug (the id wins), checked for sale to this buyer. */
async function courseForSale(db: Db, buyer: Buyer, courseId: string) {
  const [course] = await db
    .select()
    .from(courses)
    .where(or(eq(courses.id, courseId), eq(courses.slug, courseId)))
    .orderBy(sql`case when ${courses.id} = ${courseId} then 0 else 1 end`)
    .limit(1);
  if (!course) throw notFound('payment.courseNotFound');
  // A draft is not for sale: only published courses reach checkout (docs/product.md#admin-courses).
  if (course.archivedAt || !course.publishedAt) throw badRequest('payment.courseUnavailable');
  if (course.comingSoon) throw badRequest('payment.comingSoon');
  if (course.priceFils <= 0) throw badRequest('payment.priceOnApplication');
  if (await isEnrolled(db, buyer.id, course.id)) throw conflict('payment.alreadyEnrolled');
  return course;
}

/**
 * What checkout shows: the course's price, a coupon's discount and the price to pay, all computed
 * here (the browser never sends a price). A refused code is the refusal's error.
 */
export async function quotePrice(deps: Pick<Deps, 'db'>, buyer: Buyer, query: CouponQuoteQuery): Promise<CouponQuote> {
  const course = await courseForSale(deps.db, buyer, query.course);
  let applied: CouponDiscount | null = null;
  if (query.coupon) {
    applied = await checkCoupon(deps.db, query.coupon, {
      userId: buyer.id,
      course: { id: course.id, priceFils: course.priceFils },
      now: new Date(),
    });
  }
  const discountFils = applied?.discountFils ?? 0;
  const [vat, [account]] = await Promise.all([
    getVatSettings(deps.db),
    deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, buyer.id)),
  ]);
  return {
    vatRegistered: vat.registered,
    phoneCountry: account ? countryOfPhone(account.phone) : null,
    listPrice: filsToAed(course.priceFils),
    discount: filsToAed(discountFils),
    price: filsToAed(course.priceFils - discountFils),
    coupon: applied
      ? {
          code: applied.coupon.code,
          kind: applied.coupon.kind,
          value: applied.coupon.kind === 'fixed' ? filsToAed(applied.coupon.value) : applied.coupon.value,
        }
      : null,
  };
}

/**
 * An order's touches: those of the checkout's request, else (a buyer on another device, or one who
 * cleared the cookie) those stored on the buyer's account when it was made.
 */
async function orderAttribution(
  db: Db,
  userId: string,
  attribution: AttributionValues | null,
): Promise<Partial<AttributionValues>> {
  if (attribution?.firstTouch) return attribution;
  const [account] = await db
    .select({
      firstTouch: users.firstTouch,
      firstChannel: users.firstChannel,
      firstSource: users.firstSource,
      firstCampaign: users.firstCampaign,
      lastTouch: users.lastTouch,
      lastChannel: users.lastChannel,
      lastSource: users.lastSource,
      lastCampaign: users.lastCampaign,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return account ?? {};
}

/**
 * Starts a purchase: checks the course may be bought by this learner, stores a pending order with
 * the price read from the database now (less a coupon's discount, its use reserved in the same
 * transaction), and asks the provider for its hosted payment page for that price. A coupon that
 * makes the course free enrols at once: a paid order of provider `free`, no provider asked, and the
 * receipt e-mail. `locale` is the checkout page's language: the buyer returns to pages in it, and
 * the confirmation e-mail is written in it.
 */
export async function initiatePayment(
  deps: Deps,
  buyer: Buyer,
  input: InitiatePaymentInput,
  locale: Locale = DEFAULT_LOCALE,
  clientCountry: string | null = null,
  attribution: AttributionValues | null = null,
): Promise<InitiatePaymentResult> {
  const { db } = deps;
  const course = await courseForSale(db, buyer, input.courseId);
  const origin = await orderAttribution(db, buyer.id, attribution);
  // A registered seller's invoice needs the country where the course is used (out of scope outside AE).
  if (!input.buyerCountry && (await getVatSettings(db)).registered)
    throw validationError({ buyerCountry: 'tax.countryRequired' });
  const email = input.email ?? buyer.email;
  const provider = deps.payments;

  const started = await db.transaction(async (tx) => {
    const applied = input.coupon
      ? await reserveCoupon(tx, input.coupon, {
          userId: buyer.id,
          course: { id: course.id, priceFils: course.priceFils },
          now: new Date(),
        })
      : null;
    const discountFils = applied?.discountFils ?? 0;
    const free = course.priceFils - discountFils <= 0;
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.id,
        courseId: course.id,
        email,
        amountFils: course.priceFils - discountFils,
        listPriceFils: course.priceFils,
        discountFils,
        couponId: applied?.coupon.id ?? null,
        couponCode: applied?.coupon.code ?? null,
        currency: 'AED',
        buyerCountry: input.buyerCountry ?? null,
        buyerCompany: input.buyerCompany || null,
        buyerAddress: input.buyerAddress || null,
        buyerTrn: input.buyerTrn || null,
        clientCountry,
        ...origin,
        ...(free
          ? {
              provider: 'free',
              providerRef: `free_${randomBytes(12).toString('hex')}`,
              status: 'paid',
              paidAt: new Date(),
            }
          : { provider: provider.name, status: 'pending' }),
        locale,
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    if (applied) {
      await recordRedemption(tx, {
        couponId: applied.coupon.id,
        orderId: order.id,
        userId: buyer.id,
        state: free ? 'redeemed' : 'reserved',
      });
    }
    if (!free) return { order, mailIds: null };
    await enrol(tx, { userId: buyer.id, courseId: course.id, orderId: order.id });
    const mail = await receiptMail(deps, tx, order, order.providerRef ?? '');
    return { order, mailIds: await enqueueMail(tx, [mail]) };
  });
  const { order } = started;

  if (started.mailIds) {
    await contentChanged.enrolments(deps);
    deliverSoon(deps, started.mailIds);
    deps.log.info({ orderId: order.id }, 'coupon made the course free; learner enrolled without a provider');
    const paymentIntentId = order.providerRef ?? '';
    return { paymentUrl: localePath(locale, `/success/${paymentIntentId}`), paymentIntentId };
  }

  const settings = await getSettings(db);
  let created: Awaited<ReturnType<typeof provider.createPayment>>;
  try {
    created = await provider.createPayment({
      orderId: order.id,
      amountFils: order.amountFils,
      currency: 'AED',
      description: `${settings.brandName}: ${course.title}`,
      customerEmail: email,
      ...returnUrls(deps.config.siteUrl, order.id, locale),
    });
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'failed' }).where(eq(orders.id, order.id));
      await releaseFor(tx, order.id);
    });
    deps.log.error({ err: error, orderId: order.id, provider: provider.name }, 'payment could not be started');
    if (error instanceof PaymentProviderError) throw new AppError(502, 'payment.providerUnavailable');
    throw error;
  }
  await db.update(orders).set({ providerRef: created.paymentIntentId }).where(eq(orders.id, order.id));
  return { paymentUrl: created.paymentUrl, paymentIntentId: created.paymentIntentId };
}

export async function findOrderByPaymentId(deps: Pick<Deps, 'db'>, paymentIntentId: string, provider?: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.providerRef, paymentIntentId), provider ? eq(orders.provider, provider) : undefined))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order ?? null;
}

export type ConfirmationOutcome =
  /** This call marked the order paid and enrolled the learner. */
  | 'paid'
  | 'canceled'
  | 'failed'
  /** The amount or currency differ from the order: marked failed, nobody enrolled. */
  | 'mismatch'
  /** Nothing to do: still pending at the provider, or the order was already settled. */
  | 'unchanged'
  /** No order of ours has that payment id. */
  | 'unknown';

/**
 * The one place a provider's word about a payment changes an order (webhook, status query and
 * sandbox page all end here). A completed payment must match the order's amount and currency.
 * Marking paid is a conditional update (`… WHERE status IN ('pending', 'canceled')`), so of any number of
 * concurrent confirmations exactly one wins; the winner enrols the learner (ON CONFLICT DO NOTHING)
 * and queues the confirmation e-mail in the same transaction.
 */
export async function applyPaymentUpdate(
  deps: Deps,
  info: PaymentInfo,
  provider: PaymentProviderName = deps.payments.name,
): Promise<ConfirmationOutcome> {
  const order = await findOrderByPaymentId(deps, info.paymentIntentId, provider);
  if (!order) {
    deps.log.warn({ paymentIntentId: info.paymentIntentId, provider }, 'payment update for an unknown payment');
    return 'unknown';
  }
  // A completed payment also settles an order canceled meanwhile (the order check gives up on
  // orders pending for a day; the buyer may still have paid on a page left open): money that moved
  // enrols. Paid and failed orders stay as they are.
  const settleable = order.status === 'pending' || (order.status === 'canceled' && info.status === 'completed');
  if (!settleable || info.status === 'pending') return 'unchanged';

  if (info.status === 'canceled' || info.status === 'failed') {
    const settled = await settle(deps, order.id, info.status);
    return settled ? info.status : 'unchanged';
  }

  if (info.amountFils !== order.amountFils || info.currency.toUpperCase() !== order.currency.toUpperCase()) {
    const settled = await settle(deps, order.id, 'failed');
    if (settled)
      deps.log.error(
        {
          orderId: order.id,
          paymentIntentId: info.paymentIntentId,
          expected: { amountFils: order.amountFils, currency: order.currency },
          reported: { amountFils: info.amountFils, currency: info.currency },
        },
        'payment amount or currency differs from the order: marked failed, nobody enrolled',
      );
    return settled ? 'mismatch' : 'unchanged';
  }

  const message = await receiptMail(deps, deps.db, order, info.paymentIntentId);

  const confirmed = await deps.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'canceled'])))
      .returning({ id: orders.id, paidAt: orders.paidAt });
    if (!paid) return null;
    await redeemFor(tx, order.id);
    await enrol(tx, { userId: order.userId, courseId: order.courseId, orderId: order.id });
    // A registered seller's invoice, numbered here so that a rollback gives the number back.
    const invoiceId = await issueInvoice(tx, order, paid.paidAt ?? new Date());
    return { invoiceId, mailIds: await enqueueMail(tx, [{ ...message, taxDocumentId: invoiceId }]) };
  });
  if (!confirmed) return 'unchanged';
  const { invoiceId, mailIds } = confirmed;
  if (invoiceId) await storeTaxDocumentPdf(deps, invoiceId);

  // Students counts on public pages change.
  await contentChanged.enrolments(deps);
  deliverSoon(deps, mailIds);
  deps.log.info({ orderId: order.id, paymentIntentId: info.paymentIntentId }, 'payment confirmed; learner enrolled');
  return 'paid';
}

/** Marks a pending order canceled or failed and releases its coupon's reservation, together. */
async function settle(deps: Pick<Deps, 'db'>, orderId: string, status: 'canceled' | 'failed') {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (row) await releaseFor(tx, orderId);
    return Boolean(row);
  });
}

/**
 * A verified webhook delivery. Anything unsigned, forged or unreadable is refused (400) before it
 * can change anything.
 */
export async function handleWebhook(
  deps: Deps,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<{ received: true; outcome: ConfirmationOutcome | RefundOutcome | 'ignored' }> {
  let info: WebhookUpdate;
  try {
    info = await deps.payments.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      deps.log.warn({ reason: error.message, provider: deps.payments.name }, 'webhook refused');
      throw badRequest('payment.invalidWebhook');
    }
    throw error;
  }
  if (!info) return { received: true, outcome: 'ignored' };
  if (isRefundUpdate(info)) {
    // Read from the provider after the signature was checked; a failure there is a 502, retried.
    let outcome: RefundOutcome = 'unchanged';
    const found = await info.load().catch((error: unknown) => {
      deps.log.warn({ err: error, provider: deps.payments.name }, 'refund webhook: the provider did not answer');
      throw new AppError(502, 'payment.providerUnavailable');
    });
    for (const refund of found) {
      const applied = await applyRefundUpdate(deps, refund, deps.payments.name);
      if (applied !== 'unchanged') outcome = applied;
    }
    return { received: true, outcome };
  }
  return { received: true, outcome: await applyPaymentUpdate(deps, info) };
}

/**
 * The order behind a payment id, for its buyer (or an admin). While it is pending the server asks
 * the provider, so the success page confirms a payment even before (or without) the webhook.
 */
export async function getPaymentStatus(deps: Deps, viewer: Buyer, paymentIntentId: string): Promise<PaymentStatus> {
  let order = await findOrderByPaymentId(deps, paymentIntentId);
  // Someone else's payment is answered like an unknown one: ids are not confirmed to strangers.
  if (!order || (order.userId !== viewer.id && viewer.role !== 'admin')) throw notFound('payment.paymentNotFound');

  if (order.status === 'pending' && order.provider === deps.payments.name) {
    try {
      const info = await deps.payments.getPayment(paymentIntentId);
      // The provider must be talking about this payment.
      if (info.paymentIntentId === paymentIntentId) await applyPaymentUpdate(deps, info);
    } catch (error) {
      // The answer stays 'pending'; the page asks again and the webhook may still arrive.
      deps.log.warn({ err: error, paymentIntentId }, 'payment status query failed');
    }
    order = (await findOrderByPaymentId(deps, paymentIntentId)) ?? order;
  }

  const [course] = await deps.db
    .select({ _id: courses.id, slug: courses.slug, title: courses.title, titleAr: courses.titleAr })
    .from(courses)
    .where(eq(courses.id, order.courseId));
  return {
    status: order.status,
    paymentIntentId,
    reference: orderReference(order.id),
    course: course ?? { _id: order.courseId, slug: '', title: '', titleAr: '' },
    amount: filsToAed(order.amountFils),
    currency: order.currency,
    provider: order.provider as PaymentStatus['provider'],
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/** Where a buyer who canceled on a provider that cannot name its payment in the cancel URL goes. */
export async function cancelReturnPath(deps: Pick<Deps, 'db'>, orderId: string): Promise<string> {
  const [order] = await deps.db
    .select({ providerRef: orders.providerRef, locale: orders.locale })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order?.providerRef) return localePath(order?.locale ?? DEFAULT_LOCALE, '/courses');
  return localePath(order.locale, `/cancel/${encodeURIComponent(order.providerRef)}`);
}
