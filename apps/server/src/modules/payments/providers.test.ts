import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { initiatePaymentResultSchema, PAYMENT_MESSAGES } from '@oasis/shared/payments';
import type { TestContext } from '../../../test/helpers.ts';
import { ZiinaPaymentProvider } from '../../adapters/payments/ziina.ts';
import { seedCoupon, seedCourse } from '../../db/factories.ts';
import { orders, outbox } from '../../db/schema.ts';
import { countEnrolments } from './payments.fixtures.ts';
import { setUpProviderApps, signedIn, webhook } from './provider-apps.fixtures.ts';

/**
 * The whole flow with the real adapters talking HTTP to local stand-ins of Ziina and Stripe. Both
 * apps share one database (one migration for the file); each test uses its own learner and course.
 */
const apps = setUpProviderApps();

async function start(t: TestContext, priceFils = 88_800, coupon?: string) {
  const who = await signedIn(t, 'learner');
  const course = await seedCourse(t.deps.db, { priceFils });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: who.auth,
    payload: { courseId: course.id, email: who.user.email, ...(coupon ? { coupon } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, course, ...initiatePaymentResultSchema.parse(res.json()) };
}

const enrolled = (userId: string, courseId: string) => countEnrolments(apps.database.db, userId, courseId);

async function orderOf(paymentIntentId: string) {
  const [order] = await apps.database.db.select().from(orders).where(eq(orders.providerRef, paymentIntentId));
  if (!order) throw new Error('order not found');
  return order;
}

const mailsTo = async (email: string) =>
  (await apps.database.db.select().from(outbox).where(eq(outbox.to, email))).length;

function status(t: TestContext, auth: Record<string, string>, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/payment/status/${id}`, headers: auth });
}

describe('with PAYMENT_PROVIDER=ziina', () => {
  it('pays end to end over HTTP: hosted page → signed webhook to our server → enrolled → /success/{id}', async () => {
    const address = await apps.ziina.app.listen({ port: 0, host: '127.0.0.1' });
    apps.ziinaFake.webhookUrl = `${address}/api/payment/webhook`;
    try {
      const { user, auth, course, paymentIntentId, paymentUrl } = await start(apps.ziina);
      const intent = apps.ziinaFake.intents.get(paymentIntentId);
      expect(intent).toMatchObject({ amount: 88_800, currency_code: 'AED', test: true });
      expect(paymentUrl).toBe(intent?.redirect_url);
      expect((await orderOf(paymentIntentId)).provider).toBe('ziina');

      const res = await fetch(`${paymentUrl}?action=pay`, { redirect: 'manual' });
      expect(res.headers.get('location')).toBe(`http://localhost:3000/success/${paymentIntentId}`);
      expect(await enrolled(user.id, course.id)).toBe(1);
      expect((await orderOf(paymentIntentId)).status).toBe('paid');
      expect((await status(apps.ziina, auth, paymentIntentId)).json()).toMatchObject({ status: 'paid', amount: 888 });
    } finally {
      apps.ziinaFake.webhookUrl = null;
    }
  });

  it('confirms through the status query when the webhook is late', async () => {
    const { user, auth, course, paymentIntentId } = await start(apps.ziina);
    expect((await status(apps.ziina, auth, paymentIntentId)).json().status).toBe('pending');
    apps.ziinaFake.setStatus(paymentIntentId, 'completed');
    expect((await status(apps.ziina, auth, paymentIntentId)).json().status).toBe('paid');
    expect(await enrolled(user.id, course.id)).toBe(1);
    // The webhook arriving afterwards changes nothing.
    expect((await webhook(apps.ziina, apps.ziinaFake.webhook(paymentIntentId))).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('refuses a forged webhook (400) and changes nothing', async () => {
    const { user, course, paymentIntentId } = await start(apps.ziina);
    apps.ziinaFake.setStatus(paymentIntentId, 'completed');
    const forged = apps.ziinaFake.webhook(paymentIntentId, 'guessed-secret');
    const res = await webhook(apps.ziina, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.invalidWebhook);
    const unsigned = await apps.ziina.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: forged.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('refuses (400) a genuine signature with non-hex characters after it, and changes nothing', async () => {
    const { user, course, paymentIntentId } = await start(apps.ziina);
    apps.ziinaFake.setStatus(paymentIntentId, 'completed');
    const genuine = apps.ziinaFake.webhook(paymentIntentId);
    const padded = { ...genuine.headers, 'x-hmac-signature': `${genuine.headers['x-hmac-signature']}zz` };
    const res = await webhook(apps.ziina, { body: genuine.body, headers: padded });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.invalidWebhook);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
    // The same delivery, signed as sent, still goes through.
    expect((await webhook(apps.ziina, genuine)).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
  });

  it('enrols once when a webhook is replayed', async () => {
    const { user, course, paymentIntentId } = await start(apps.ziina);
    apps.ziinaFake.setStatus(paymentIntentId, 'completed');
    const delivery = apps.ziinaFake.webhook(paymentIntentId);
    for (let i = 0; i < 4; i++) expect((await webhook(apps.ziina, delivery)).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('does not enrol when Ziina reports another amount (webhook or status query)', async () => {
    const viaWebhook = await start(apps.ziina);
    const tampered = apps.ziinaFake.setStatus(viaWebhook.paymentIntentId, 'completed');
    tampered.amount = 100;
    expect((await webhook(apps.ziina, apps.ziinaFake.webhook(viaWebhook.paymentIntentId))).statusCode).toBe(200);
    expect((await orderOf(viaWebhook.paymentIntentId)).status).toBe('failed');
    expect(await enrolled(viaWebhook.user.id, viaWebhook.course.id)).toBe(0);

    const viaStatus = await start(apps.ziina);
    const other = apps.ziinaFake.setStatus(viaStatus.paymentIntentId, 'completed');
    other.currency_code = 'USD';
    expect((await status(apps.ziina, viaStatus.auth, viaStatus.paymentIntentId)).json().status).toBe('failed');
    expect(await enrolled(viaStatus.user.id, viaStatus.course.id)).toBe(0);
    expect(await mailsTo(viaStatus.user.email)).toBe(0);
  });

  it('enrols exactly once under 5 concurrent webhooks and 5 status queries', async () => {
    const { user, auth, course, paymentIntentId } = await start(apps.ziina);
    apps.ziinaFake.setStatus(paymentIntentId, 'completed');
    const delivery = apps.ziinaFake.webhook(paymentIntentId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(apps.ziina, delivery)),
      ...Array.from({ length: 5 }, () => status(apps.ziina, auth, paymentIntentId)),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('marks a canceled intent canceled; the cancel page gets its id', async () => {
    const { user, auth, course, paymentIntentId, paymentUrl } = await start(apps.ziina);
    const res = await fetch(`${paymentUrl}?action=cancel`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`http://localhost:3000/cancel/${paymentIntentId}`);
    expect((await status(apps.ziina, auth, paymentIntentId)).json().status).toBe('canceled');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('answers 502 and keeps no pending order when Ziina refuses', async () => {
    const real = apps.ziina.deps.payments;
    apps.ziina.deps.payments = new ZiinaPaymentProvider({
      apiUrl: apps.ziinaFake.apiUrl,
      apiKey: 'revoked-key',
      webhookSecret: apps.ziinaFake.webhookSecret,
      test: true,
    });
    try {
      const who = await signedIn(apps.ziina, 'learner');
      const course = await seedCourse(apps.ziina.deps.db, { priceFils: 10_000 });
      const res = await apps.ziina.app.inject({
        method: 'POST',
        url: '/api/payment/initiate',
        headers: who.auth,
        payload: { courseId: course.id, email: who.user.email },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(PAYMENT_MESSAGES.providerUnavailable);
      const rows = await apps.database.db.select().from(orders).where(eq(orders.userId, who.user.id));
      expect(rows.map((r) => r.status)).toEqual(['failed']);
    } finally {
      apps.ziina.deps.payments = real;
    }
  });

  it('serves no sandbox page', async () => {
    const res = await apps.ziina.app.inject({ method: 'GET', url: `/api/payment/sandbox/sbx_${'0'.repeat(24)}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('with PAYMENT_PROVIDER=stripe', () => {
  it('creates a Checkout Session and confirms on the success page by asking Stripe', async () => {
    const { user, auth, course, paymentIntentId, paymentUrl } = await start(apps.stripe);
    expect(paymentIntentId).toMatch(/^cs_test_/);
    const session = apps.stripeFake.sessions.get(paymentIntentId);
    const order = await orderOf(paymentIntentId);
    expect(session).toMatchObject({ amount_total: 88_800, currency: 'aed', metadata: { orderId: order.id } });
    expect(order.provider).toBe('stripe');

    const res = await fetch(`${paymentUrl}?action=pay`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`http://localhost:3000/success/${paymentIntentId}`);
    // No webhook yet: opening the success page asks Stripe, which says paid.
    expect(await enrolled(user.id, course.id)).toBe(0);
    expect((await status(apps.stripe, auth, paymentIntentId)).json()).toMatchObject({ status: 'paid', amount: 888 });
    expect(await enrolled(user.id, course.id)).toBe(1);
  });

  it('enrols on checkout.session.completed, once however often it is delivered', async () => {
    const { user, course, paymentIntentId } = await start(apps.stripe);
    apps.stripeFake.pay(paymentIntentId);
    const delivery = apps.stripeFake.event(paymentIntentId, 'checkout.session.completed');
    const results = await Promise.all(Array.from({ length: 5 }, () => webhook(apps.stripe, delivery)));
    for (const res of results) expect(res.statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('refuses a forged Stripe-Signature (400) and changes nothing', async () => {
    const { user, course, paymentIntentId } = await start(apps.stripe);
    apps.stripeFake.pay(paymentIntentId);
    const forged = apps.stripeFake.event(paymentIntentId, 'checkout.session.completed', { secret: 'whsec_guess' });
    expect((await webhook(apps.stripe, forged)).statusCode).toBe(400);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('refuses (400) an event signed for a time in the future, and accepts it signed now', async () => {
    const { user, course, paymentIntentId } = await start(apps.stripe);
    apps.stripeFake.pay(paymentIntentId);
    const future = apps.stripeFake.event(paymentIntentId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const res = await webhook(apps.stripe, future);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.invalidWebhook);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
    const now = apps.stripeFake.event(paymentIntentId, 'checkout.session.completed');
    expect((await webhook(apps.stripe, now)).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
  });

  it('does not enrol when the session total differs from the order', async () => {
    const { user, course, paymentIntentId } = await start(apps.stripe);
    const session = apps.stripeFake.pay(paymentIntentId);
    session.amount_total = 100;
    expect(
      (await webhook(apps.stripe, apps.stripeFake.event(paymentIntentId, 'checkout.session.completed'))).statusCode,
    ).toBe(200);
    expect((await orderOf(paymentIntentId)).status).toBe('failed');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('sends a buyer who cancels to /cancel/{session id} through the order return route', async () => {
    const { user, course, paymentIntentId, paymentUrl } = await start(apps.stripe);
    const order = await orderOf(paymentIntentId);
    const res = await fetch(`${paymentUrl}?action=cancel`, { redirect: 'manual' });
    const returnUrl = res.headers.get('location') ?? '';
    expect(returnUrl).toBe(`http://localhost:3000/api/payment/return/${order.id}/cancel`);
    const back = await apps.stripe.app.inject({ method: 'GET', url: new URL(returnUrl).pathname });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/cancel/${paymentIntentId}`);
    // Leaving Stripe's page does not cancel the session; it expires later.
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    apps.stripeFake.expire(paymentIntentId);
    expect(
      (await webhook(apps.stripe, apps.stripeFake.event(paymentIntentId, 'checkout.session.expired'))).statusCode,
    ).toBe(200);
    expect((await orderOf(paymentIntentId)).status).toBe('canceled');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });
});

describe('with a coupon', () => {
  it("asks Ziina and Stripe for the server's final price, and confirms the order at that price", async () => {
    const coupon = await seedCoupon(apps.database.db, { kind: 'fixed', value: 18_800 });
    const ziina = await start(apps.ziina, 88_800, coupon.code);
    expect(apps.ziinaFake.intents.get(ziina.paymentIntentId)).toMatchObject({ amount: 70_000, currency_code: 'AED' });
    apps.ziinaFake.setStatus(ziina.paymentIntentId, 'completed');
    expect((await status(apps.ziina, ziina.auth, ziina.paymentIntentId)).json()).toMatchObject({
      status: 'paid',
      amount: 700,
    });

    const stripe = await start(apps.stripe, 88_800, coupon.code);
    expect(apps.stripeFake.sessions.get(stripe.paymentIntentId)).toMatchObject({
      amount_total: 70_000,
      currency: 'aed',
    });
    expect(await orderOf(stripe.paymentIntentId)).toMatchObject({ amountFils: 70_000, discountFils: 18_800 });
  });
});
