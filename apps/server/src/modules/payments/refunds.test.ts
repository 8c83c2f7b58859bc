import { countEnrolments, VAT_REGISTERED } from './payments.fixtures.ts';
import { setUpProviderApps, signedIn, webhook } from './provider-apps.fixtures.ts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { myOrdersSchema } from '@oasis/shared/invoices';
import { adminOrdersSchema, initiatePaymentResultSchema } from '@oasis/shared/payments';
import { lineAmounts } from '@oasis/shared/tax-documents';
import type { TestContext } from '../../../test/helpers.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { seedCourse } from '../../db/factories.ts';
import { orders, outbox, refunds, taxDocuments } from '../../db/schema.ts';
import { checkPendingRefunds, REFUND_CHECKS } from './refunds.ts';
import { applyPaymentUpdate } from './service.ts';

/**
 * Refunds end to end: the owner's through the sandbox and the real Stripe and Ziina adapters
 * talking HTTP to their stand-ins, and refunds made at the provider arriving by signed webhook.
 * The three apps share one database; each test makes its own learner, course and order.
 */
const apps = setUpProviderApps({ sandbox: true });

beforeAll(async () => {
  const owner = await signedIn(apps.sandbox, 'admin');
  const res = await apps.sandbox.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/vat',
    headers: owner.auth,
    payload: VAT_REGISTERED,
  });
  expect(res.statusCode, res.body).toBe(200);
});

async function setAccess(access: 'keep' | 'revoke') {
  const owner = await signedIn(apps.sandbox, 'admin');
  const res = await apps.sandbox.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/refunds',
    headers: owner.auth,
    payload: { access },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A learner buys a course on `t`'s provider and the payment completes; the order as stored. */
async function buy(t: TestContext, priceFils = 105_00) {
  const buyer = await signedIn(t, 'learner');
  const course = await seedCourse(t.deps.db, { title: `Off-plan ${Math.random()}`, priceFils });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: buyer.auth,
    payload: { courseId: course.id, email: buyer.user.email, buyerCountry: 'AE' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentIntentId } = initiatePaymentResultSchema.parse(res.json());
  if (t.deps.payments instanceof SandboxPaymentProvider) {
    await t.deps.payments.settle(paymentIntentId, 'completed');
  } else if (t === apps.stripe) {
    apps.stripeFake.pay(paymentIntentId);
  } else {
    apps.ziinaFake.setStatus(paymentIntentId, 'completed');
  }
  const info = await t.deps.payments.getPayment(paymentIntentId);
  expect(await applyPaymentUpdate(t.deps, info)).toBe('paid');
  const [order] = await apps.database.db.select().from(orders).where(eq(orders.providerRef, paymentIntentId));
  if (!order) throw new Error('no order');
  return { buyer, course, order };
}

async function refund(t: TestContext, orderId: string, payload: unknown, headers?: Record<string, string>) {
  const owner = headers ?? (await signedIn(t, 'admin')).auth;
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: owner,
    payload: payload as object,
  });
}

async function orderNow(orderId: string) {
  const [order] = await apps.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error('no order');
  return order;
}

const creditNotesOf = (orderId: string) =>
  apps.database.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));

const refundsOf = (orderId: string) => apps.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

const enrolled = (userId: string, courseId: string) => countEnrolments(apps.database.db, userId, courseId);

describe('an owner-started refund (sandbox)', () => {
  it('refunds in full: credit note reversing the invoice, e-mailed with it, access revoked by default, shown refunded', async () => {
    await setAccess('revoke');
    const { buyer, course, order } = await buy(apps.sandbox);
    const [invoice] = await apps.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
    const res = await refund(apps.sandbox, order.id, { amount: 105, reason: 'Course cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ amount: 105, status: 'succeeded', origin: 'owner', reason: 'Course cancelled' });

    expect((await orderNow(order.id)).refundedFils).toBe(105_00);
    const [note] = await creditNotesOf(order.id);
    expect(note?.number).toMatch(/^CN-\d{6}$/);
    const doc = note?.document;
    expect(doc).toMatchObject({
      kind: 'credit_note',
      seller: expect.objectContaining({ trn: VAT_REGISTERED.trn }),
      totals: { grossFils: 105_00, vatFils: 5_00, netFils: 100_00, discountFils: 0 },
      creditOf: {
        invoiceNumber: invoice?.number,
        invoiceIssuedAt: invoice?.issuedAt.toISOString(),
        originalGrossFils: 105_00,
        correctedGrossFils: 0,
        reason: 'Course cancelled',
      },
    });
    // The invoice is never edited.
    const [after] = await apps.database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.id, invoice?.id ?? ''));
    expect(after?.document).toEqual(invoice?.document);
    expect(note?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');

    expect(await enrolled(buyer.user.id, course.id)).toBe(0);
    const mails = await apps.database.db.select().from(outbox).where(eq(outbox.to, order.email));
    const mail = mails.find((m) => m.subject.startsWith('Refund'));
    expect(mail?.taxDocumentId).toBe(note?.id);
    expect(mail?.text).toContain(note?.number);

    const mine = myOrdersSchema.parse(
      (await apps.sandbox.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth })).json(),
    );
    expect(mine.orders[0]).toMatchObject({ refunded: 105, creditNotes: [{ _id: note?.id, number: note?.number }] });
    const url = `/api/orders/${order.id}/credit-notes/${note?.id}.pdf`;
    const pdf = await apps.sandbox.app.inject({ method: 'GET', url, headers: buyer.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${note?.number}.pdf"`);
    const stranger = await signedIn(apps.sandbox, 'learner');
    expect((await apps.sandbox.app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
    const owner = await signedIn(apps.sandbox, 'admin');
    expect((await apps.sandbox.app.inject({ method: 'GET', url, headers: owner.auth })).statusCode).toBe(200);

    const list = adminOrdersSchema.parse(
      (
        await apps.sandbox.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=100', headers: owner.auth })
      ).json(),
    );
    expect(list.orders.find((o) => o._id === order.id)).toMatchObject({
      refunded: 105,
      refunds: [expect.objectContaining({ status: 'succeeded', creditNote: { _id: note?.id, number: note?.number } })],
    });
  });

  it('refunds in parts: each its own note, access kept until the last part, the notes adding up to the invoice', async () => {
    await setAccess('revoke');
    const { buyer, course, order } = await buy(apps.sandbox, 999_95);
    expect((await refund(apps.sandbox, order.id, { amount: 333.33, reason: 'Module missing' })).statusCode).toBe(200);
    expect((await orderNow(order.id)).refundedFils).toBe(333_33);
    expect(await enrolled(buyer.user.id, course.id)).toBe(1);
    expect((await refund(apps.sandbox, order.id, { amount: 666.62, reason: 'Rest of the course' })).statusCode).toBe(
      200,
    );
    const notes = await creditNotesOf(order.id);
    expect(notes).toHaveLength(2);
    const sum = (pick: (t: { vatFils: number; netFils: number; grossFils: number }) => number) =>
      notes.reduce((total, n) => total + pick(n.document.totals), 0);
    const invoice = lineAmounts(999_95, 'standard');
    expect([sum((t) => t.grossFils), sum((t) => t.netFils), sum((t) => t.vatFils)]).toEqual([
      999_95,
      invoice.netFils,
      invoice.vatFils,
    ]);
    expect(notes.map((n) => n.document.creditOf?.correctedGrossFils).sort()).toEqual([0, 666_62]);
    expect(await enrolled(buyer.user.id, course.id)).toBe(0);
  });

  it('keeps access on a full refund when the owner chose keep', async () => {
    await setAccess('keep');
    try {
      const { buyer, course, order } = await buy(apps.sandbox);
      expect((await refund(apps.sandbox, order.id, { amount: 105, reason: 'Goodwill' })).statusCode).toBe(200);
      expect((await orderNow(order.id)).refundedFils).toBe(105_00);
      expect(await enrolled(buyer.user.id, course.id)).toBe(1);
    } finally {
      await setAccess('revoke');
    }
  });

  it('refuses more than remains, nothing, no reason, unpaid and free orders, and non-admins, writing nothing', async () => {
    const { buyer, order } = await buy(apps.sandbox);
    const tooMuch = await refund(apps.sandbox, order.id, { amount: 105.01, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount.code).toBe('tax.refundTooMuch');
    const bad = await refund(
      apps.sandbox,
      order.id,
      { amount: 0, reason: ' ' },
      {
        ...(await signedIn(apps.sandbox, 'admin')).auth,
        'accept-language': 'ar',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'reason']);
    expect(bad.json().errors.reason).toBe('أدخل سبب الاسترداد: يُطبع على الإشعار الدائن.');
    expect((await refund(apps.sandbox, order.id, { amount: 1, reason: 'x' }, buyer.auth)).statusCode).toBe(403);
    expect((await refund(apps.sandbox, 'no-such-order', { amount: 1, reason: 'x' })).statusCode).toBe(404);
    expect(await refundsOf(order.id)).toEqual([]);

    const [pending] = await apps.database.db
      .insert(orders)
      .values({ ...order, id: undefined, providerRef: `sbx_pending_${Math.random()}`, status: 'pending' })
      .returning();
    const unpaid = await refund(apps.sandbox, pending?.id ?? '', { amount: 1, reason: 'x' });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().code).toBe('tax.refundNotPaid');
    const [free] = await apps.database.db
      .insert(orders)
      .values({ ...order, id: undefined, provider: 'free', providerRef: `free_${Math.random()}`, amountFils: 0 })
      .returning();
    const freeRes = await refund(apps.sandbox, free?.id ?? '', { amount: 1, reason: 'x' });
    expect(freeRes.statusCode).toBe(400);
    expect(freeRes.json().code).toBe('tax.refundFreeOrder');
  });

  it('never refunds more than was paid under concurrent requests', async () => {
    const { order } = await buy(apps.sandbox);
    const owner = await signedIn(apps.sandbox, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(apps.sandbox, order.id, { amount: 60, reason: 'twice' }, owner.auth)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect((await orderNow(order.id)).refundedFils).toBe(60_00);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });
});

describe('with Stripe', () => {
  it('refunds from Orders through the API, and its own webhooks replayed change nothing more', async () => {
    const { order } = await buy(apps.stripe);
    const res = await refund(apps.stripe, order.id, { amount: 40, reason: 'Partial' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('succeeded');
    const [created] = [...apps.stripeFake.refunds.values()].filter((r) => r.metadata.sessionId === order.providerRef);
    expect(created).toMatchObject({ amount: 40_00, metadata: { refundId: res.json()._id } });
    // The newest refund request: other tests of this file may have asked the same fake before.
    const request = apps.stripeFake.requests.findLast((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(request?.headers['idempotency-key']).toBe(`oasis-refund-${res.json()._id}`);

    for (const type of ['refund.created', 'refund.updated', 'charge.refunded']) {
      const object = type === 'charge.refunded' ? apps.stripeFake.chargeOf(order.providerRef ?? '') : created;
      for (let i = 0; i < 2; i++)
        expect((await webhook(apps.stripe, apps.stripeFake.objectEvent(object, type))).statusCode).toBe(200);
    }
    expect((await orderNow(order.id)).refundedFils).toBe(40_00);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('applies a refund made in the dashboard once, from charge.refunded and refund.* alike', async () => {
    const { buyer, course, order } = await buy(apps.stripe);
    const made = apps.stripeFake.refundInDashboard(order.providerRef ?? '', 105_00);
    const deliveries = [
      apps.stripeFake.objectEvent(apps.stripeFake.chargeOf(order.providerRef ?? ''), 'charge.refunded'),
      apps.stripeFake.objectEvent(made, 'refund.created'),
    ];
    for (const delivery of [...deliveries, ...deliveries])
      expect((await webhook(apps.stripe, delivery)).statusCode).toBe(200);
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ origin: 'provider', status: 'succeeded', providerRef: made.id, amountFils: 105_00 });
    expect((await orderNow(order.id)).refundedFils).toBe(105_00);
    const notes = await creditNotesOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.document.creditOf?.reason).toBe('Refunded at the payment provider');
    expect(await enrolled(buyer.user.id, course.id)).toBe(0);
    // A forged delivery is refused before anything is read.
    const forged = apps.stripeFake.objectEvent(made, 'refund.created');
    forged.headers['stripe-signature'] = forged.headers['stripe-signature']?.replace(/v1=\w/, 'v1=0') ?? '';
    expect((await webhook(apps.stripe, forged)).statusCode).toBe(400);
  });

  it('keeps a pending refund pending until Stripe says it succeeded or failed', async () => {
    apps.stripeFake.refundsStayPending = true;
    try {
      const { order } = await buy(apps.stripe);
      const res = await refund(apps.stripe, order.id, { amount: 10, reason: 'Pending first' });
      expect(res.json().status).toBe('pending');
      // The pending one counts: the rest is all that may still be asked for.
      expect((await refund(apps.stripe, order.id, { amount: 95.01, reason: 'too much' })).statusCode).toBe(400);
      const made = [...apps.stripeFake.refunds.values()].find((r) => r.metadata.refundId === res.json()._id);
      if (!made) throw new Error('no refund at Stripe');
      apps.stripeFake.settleRefund(made.id, 'failed');
      await webhook(apps.stripe, apps.stripeFake.objectEvent(made, 'refund.failed'));
      expect((await refundsOf(order.id))[0]?.status).toBe('failed');
      expect((await orderNow(order.id)).refundedFils).toBe(0);

      const second = await refund(apps.stripe, order.id, { amount: 10, reason: 'Again' });
      const again = [...apps.stripeFake.refunds.values()].find((r) => r.metadata.refundId === second.json()._id);
      if (!again) throw new Error('no refund at Stripe');
      apps.stripeFake.settleRefund(again.id, 'succeeded');
      await webhook(apps.stripe, apps.stripeFake.objectEvent(again, 'refund.updated'));
      await webhook(apps.stripe, apps.stripeFake.objectEvent(again, 'refund.updated'));
      expect((await orderNow(order.id)).refundedFils).toBe(10_00);
      expect(await creditNotesOf(order.id)).toHaveLength(1);
    } finally {
      apps.stripeFake.refundsStayPending = false;
    }
  });
});

describe('with Ziina', () => {
  it('refunds from Orders, pending until the refund check or its webhook says completed; applied once', async () => {
    const { order } = await buy(apps.ziina);
    const res = await refund(apps.ziina, order.id, { amount: 105, reason: 'Refund via Ziina' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending');
    // Ziina keeps the id we chose for the refund.
    const made = apps.ziinaFake.refunds.get(res.json()._id);
    expect(made).toMatchObject({ payment_intent_id: order.providerRef, amount: 105_00, currency_code: 'AED' });
    expect((await orderNow(order.id)).refundedFils).toBe(0);

    apps.ziinaFake.settleRefund(res.json()._id, 'completed');
    const later = new Date(Date.now() + REFUND_CHECKS.everyMs + 60_000);
    expect(await checkPendingRefunds(apps.ziina.deps, later)).toBeGreaterThanOrEqual(1);
    expect((await orderNow(order.id)).refundedFils).toBe(105_00);
    for (let i = 0; i < 2; i++)
      expect((await webhook(apps.ziina, apps.ziinaFake.refundWebhook(res.json()._id))).statusCode).toBe(200);
    expect((await orderNow(order.id)).refundedFils).toBe(105_00);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('applies a refund made in the Ziina dashboard once, by its webhook replayed', async () => {
    const { order } = await buy(apps.ziina);
    const made = apps.ziinaFake.refundInDashboard(order.providerRef ?? '', 25_00);
    expect((await webhook(apps.ziina, apps.ziinaFake.refundWebhook(made.id))).statusCode).toBe(200);
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'pending', origin: 'provider' });
    apps.ziinaFake.settleRefund(made.id, 'completed');
    for (let i = 0; i < 3; i++)
      expect((await webhook(apps.ziina, apps.ziinaFake.refundWebhook(made.id))).statusCode).toBe(200);
    expect((await orderNow(order.id)).refundedFils).toBe(25_00);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('marks a refund Ziina refuses failed and answers 502, giving nothing back', async () => {
    const { order } = await buy(apps.ziina);
    // Refunded at Ziina already, unknown to us: Ziina refuses more.
    apps.ziinaFake.refundInDashboard(order.providerRef ?? '', 105_00);
    const res = await refund(apps.ziina, order.id, { amount: 10, reason: 'Too late' });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('tax.refundProviderFailed');
    expect((await refundsOf(order.id))[0]?.status).toBe('failed');
    expect((await orderNow(order.id)).refundedFils).toBe(0);
  });
});
