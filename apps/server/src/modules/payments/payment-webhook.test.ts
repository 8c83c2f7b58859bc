import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseDetailSchema } from '@oasis/shared/api';
import { PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { sandboxPayments } from '../../db/schema.ts';
import { settleMail } from '../mail/outbox.ts';
import { setUpPaymentTests } from './payments.fixtures.ts';

const { t, sandbox, startPayment, enrolmentCount, orderOf, confirmationMails, status, pay, deliver } =
  setUpPaymentTests();

/** The provider settles the payment as completed; its signed webhook, ready to deliver. */
async function completedDelivery(paymentIntentId: string) {
  const settled = await sandbox().settle(paymentIntentId, 'completed');
  if (!settled) throw new Error('not settled');
  return sandbox().signedEvent(settled.row);
}

describe('POST /api/payment/webhook', () => {
  it('refuses unsigned and forged deliveries (400) and changes nothing', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    if (!row) throw new Error('no sandbox row');
    const genuine = sandbox().signedEvent({ ...row, status: 'completed' });

    const unsigned = await deliver({ headers: { 'content-type': 'application/json' }, body: genuine.body });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ message: PAYMENT_MESSAGES.invalidWebhook });

    const forged = await deliver({
      ...genuine,
      headers: { ...genuine.headers, 'x-sandbox-signature': 'ab'.repeat(32) },
    });
    expect(forged.statusCode).toBe(400);

    // A genuine signature on a body that was altered afterwards.
    const tampered = Buffer.from(genuine.body.toString().replace('"completed"', '"completed" '));
    const altered = await deliver({ headers: genuine.headers, body: tampered });
    expect(altered.statusCode).toBe(400);

    const empty = await deliver({});
    expect(empty.statusCode).toBe(400);

    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
  });

  it('enrols once when the same webhook is replayed', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const delivery = await completedDelivery(paymentIntentId);
    for (let i = 0; i < 3; i++) {
      const res = await deliver(delivery);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
    expect(await confirmationMails(buyer.user.email)).toHaveLength(1);
  });

  it('does not enrol when the provider reports another amount than the order', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    // The provider's record says 1.00 AED was paid for an 888.00 AED order.
    await t.deps.db.update(sandboxPayments).set({ amountFils: 100 }).where(eq(sandboxPayments.id, paymentIntentId));
    const res = await pay(paymentIntentId);
    expect(res.statusCode).toBe(303);
    expect((await orderOf(paymentIntentId)).status).toBe('failed');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
    expect(await confirmationMails(buyer.user.email)).toHaveLength(0);
    const st = await status(buyer.auth, paymentIntentId);
    expect(st.json().status).toBe('failed');
  });

  it('does not enrol when the currency differs', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    await t.deps.db.update(sandboxPayments).set({ currency: 'USD' }).where(eq(sandboxPayments.id, paymentIntentId));
    await pay(paymentIntentId);
    expect((await orderOf(paymentIntentId)).status).toBe('failed');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
  });

  it('enrols exactly once under concurrent webhook deliveries and status queries', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const delivery = await completedDelivery(paymentIntentId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(delivery)),
      ...Array.from({ length: 5 }, () => status(buyer.auth, paymentIntentId)),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
    expect(await confirmationMails(buyer.user.email)).toHaveLength(1);
    await settleMail();
    expect(t.mail.sent.filter((m) => m.to === buyer.user.email)).toHaveLength(1);
  });
});

describe('after a paid order', () => {
  it("raises the course's students count", async () => {
    const { course, paymentIntentId } = await startPayment();
    const detail = async () =>
      courseDetailSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/courses/course/slug/${course.slug}` })).json(),
      );
    const before = (await detail()).students;
    await pay(paymentIntentId);
    expect((await detail()).students).toBe(before + 1);
  });

  it('invalidates the page cache', async () => {
    const { paymentIntentId } = await startPayment();
    const version = t.deps.pageCache.version;
    await pay(paymentIntentId);
    expect(t.deps.pageCache.version).toBeGreaterThan(version);
  });
});

describe('GET /api/payment/return/:orderId/cancel', () => {
  it('sends the buyer to /cancel/{paymentIntentId} of that order', async () => {
    const { paymentIntentId } = await startPayment();
    const order = await orderOf(paymentIntentId);
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/return/${order.id}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/cancel/${paymentIntentId}`);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/payment/return/nope/cancel' });
    expect(unknown.headers.location).toBe('/courses');
  });
});
