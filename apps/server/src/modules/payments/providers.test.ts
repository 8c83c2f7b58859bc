import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiatePaymentResultSchema, PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { type StripeFake, startStripeFake, stripeEnv } from '../../../test/fakes/stripe.ts';
import { startZiinaFake, ziinaEnv, type ZiinaFake } from '../../../test/fakes/ziina.ts';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/helpers.ts';
import { ZiinaPaymentProvider } from '../../adapters/payments/ziina.ts';
import type { Database } from '../../db/client.ts';
import { seedCoupon, seedCourse, seedUser } from '../../db/factories.ts';
import { enrolments, orders, outbox } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { settleMail } from '../mail/outbox.ts';

/**
 * The whole flow with the real adapters talking HTTP to local stand-ins of Ziina and Stripe. Both
 * apps share one database (one migration for the file); each test uses its own learner and course.
 */
let database: Database;
let ziinaFake: ZiinaFake;
let stripeFake: StripeFake;
let ziinaApp: TestContext;
let stripeApp: TestContext;

beforeAll(async () => {
  database = await createTestDatabase();
  [ziinaFake, stripeFake] = await Promise.all([startZiinaFake(), startStripeFake()]);
  ziinaApp = await createTestApp({ database, env: ziinaEnv(ziinaFake) });
  stripeApp = await createTestApp({ database, env: stripeEnv(stripeFake) });
});

afterAll(async () => {
  await settleMail();
  for (const t of [ziinaApp, stripeApp]) {
    await t.app.close();
    fs.rmSync(t.deps.config.dataDir, { recursive: true, force: true });
  }
  await database.close();
  await Promise.all([ziinaFake.close(), stripeFake.close()]);
});

async function buyer(t: TestContext) {
  const user = await seedUser(t.deps.db);
  const { token } = await createSession(t.deps.db, user.id, 'learner');
  return { user, auth: { authorization: `Bearer ${token}` } };
}

async function start(t: TestContext, priceFils = 88_800, coupon?: string) {
  const who = await buyer(t);
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

async function enrolled(userId: string, courseId: string) {
  return (
    await database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
  ).length;
}

async function orderOf(paymentIntentId: string) {
  const [order] = await database.db.select().from(orders).where(eq(orders.providerRef, paymentIntentId));
  if (!order) throw new Error('order not found');
  return order;
}

const mailsTo = async (email: string) => (await database.db.select().from(outbox).where(eq(outbox.to, email))).length;

function webhook(t: TestContext, delivery: { body: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: delivery.headers,
    payload: delivery.body,
  });
}

function status(t: TestContext, auth: Record<string, string>, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/payment/status/${id}`, headers: auth });
}

describe('with PAYMENT_PROVIDER=ziina', () => {
  it('pays end to end over HTTP: hosted page → signed webhook to our server → enrolled → /success/{id}', async () => {
    const address = await ziinaApp.app.listen({ port: 0, host: '127.0.0.1' });
    ziinaFake.webhookUrl = `${address}/api/payment/webhook`;
    try {
      const { user, auth, course, paymentIntentId, paymentUrl } = await start(ziinaApp);
      const intent = ziinaFake.intents.get(paymentIntentId);
      expect(intent).toMatchObject({ amount: 88_800, currency_code: 'AED', test: true });
      expect(paymentUrl).toBe(intent?.redirect_url);
      expect((await orderOf(paymentIntentId)).provider).toBe('ziina');

      const res = await fetch(`${paymentUrl}?action=pay`, { redirect: 'manual' });
      expect(res.headers.get('location')).toBe(`http://localhost:3000/success/${paymentIntentId}`);
      expect(await enrolled(user.id, course.id)).toBe(1);
      expect((await orderOf(paymentIntentId)).status).toBe('paid');
      expect((await status(ziinaApp, auth, paymentIntentId)).json()).toMatchObject({ status: 'paid', amount: 888 });
    } finally {
      ziinaFake.webhookUrl = null;
    }
  });

  it('confirms through the status query when the webhook is late', async () => {
    const { user, auth, course, paymentIntentId } = await start(ziinaApp);
    expect((await status(ziinaApp, auth, paymentIntentId)).json().status).toBe('pending');
    ziinaFake.setStatus(paymentIntentId, 'completed');
    expect((await status(ziinaApp, auth, paymentIntentId)).json().status).toBe('paid');
    expect(await enrolled(user.id, course.id)).toBe(1);
    // The webhook arriving afterwards changes nothing.
    expect((await webhook(ziinaApp, ziinaFake.webhook(paymentIntentId))).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('refuses a forged webhook (400) and changes nothing', async () => {
    const { user, course, paymentIntentId } = await start(ziinaApp);
    ziinaFake.setStatus(paymentIntentId, 'completed');
    const forged = ziinaFake.webhook(paymentIntentId, 'guessed-secret');
    const res = await webhook(ziinaApp, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.invalidWebhook);
    const unsigned = await ziinaApp.app.inject({
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
    const { user, course, paymentIntentId } = await start(ziinaApp);
    ziinaFake.setStatus(paymentIntentId, 'completed');
    const genuine = ziinaFake.webhook(paymentIntentId);
    const padded = { ...genuine.headers, 'x-hmac-signature': `${genuine.headers['x-hmac-signature']}zz` };
    const res = await webhook(ziinaApp, { body: genuine.body, headers: padded });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.invalidWebhook);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
    // The same delivery, signed as sent, still goes through.
    expect((await webhook(ziinaApp, genuine)).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
  });

  it('enrols once when a webhook is replayed', async () => {
    const { user, course, paymentIntentId } = await start(ziinaApp);
    ziinaFake.setStatus(paymentIntentId, 'completed');
    const delivery = ziinaFake.webhook(paymentIntentId);
    for (let i = 0; i < 4; i++) expect((await webhook(ziinaApp, delivery)).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('does not enrol when Ziina reports another amount (webhook or status query)', async () => {
    const viaWebhook = await start(ziinaApp);
    const tampered = ziinaFake.setStatus(viaWebhook.paymentIntentId, 'completed');
    tampered.amount = 100;
    expect((await webhook(ziinaApp, ziinaFake.webhook(viaWebhook.paymentIntentId))).statusCode).toBe(200);
    expect((await orderOf(viaWebhook.paymentIntentId)).status).toBe('failed');
    expect(await enrolled(viaWebhook.user.id, viaWebhook.course.id)).toBe(0);

    const viaStatus = await start(ziinaApp);
    const other = ziinaFake.setStatus(viaStatus.paymentIntentId, 'completed');
    other.currency_code = 'USD';
    expect((await status(ziinaApp, viaStatus.auth, viaStatus.paymentIntentId)).json().status).toBe('failed');
    expect(await enrolled(viaStatus.user.id, viaStatus.course.id)).toBe(0);
    expect(await mailsTo(viaStatus.user.email)).toBe(0);
  });

  it('enrols exactly once under 5 concurrent webhooks and 5 status queries', async () => {
    const { user, auth, course, paymentIntentId } = await start(ziinaApp);
    ziinaFake.setStatus(paymentIntentId, 'completed');
    const delivery = ziinaFake.webhook(paymentIntentId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(ziinaApp, delivery)),
      ...Array.from({ length: 5 }, () => status(ziinaApp, auth, paymentIntentId)),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('marks a canceled intent canceled; the cancel page gets its id', async () => {
    const { user, auth, course, paymentIntentId, paymentUrl } = await start(ziinaApp);
    const res = await fetch(`${paymentUrl}?action=cancel`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`http://localhost:3000/cancel/${paymentIntentId}`);
    expect((await status(ziinaApp, auth, paymentIntentId)).json().status).toBe('canceled');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('answers 502 and keeps no pending order when Ziina refuses', async () => {
    const real = ziinaApp.deps.payments;
    ziinaApp.deps.payments = new ZiinaPaymentProvider({
      apiUrl: ziinaFake.apiUrl,
      apiKey: 'revoked-key',
      webhookSecret: ziinaFake.webhookSecret,
      test: true,
    });
    try {
      const who = await buyer(ziinaApp);
      const course = await seedCourse(ziinaApp.deps.db, { priceFils: 10_000 });
      const res = await ziinaApp.app.inject({
        method: 'POST',
        url: '/api/payment/initiate',
        headers: who.auth,
        payload: { courseId: course.id, email: who.user.email },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(PAYMENT_MESSAGES.providerUnavailable);
      const rows = await database.db.select().from(orders).where(eq(orders.userId, who.user.id));
      expect(rows.map((r) => r.status)).toEqual(['failed']);
    } finally {
      ziinaApp.deps.payments = real;
    }
  });

  it('serves no sandbox page', async () => {
    const res = await ziinaApp.app.inject({ method: 'GET', url: `/api/payment/sandbox/sbx_${'0'.repeat(24)}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('with PAYMENT_PROVIDER=stripe', () => {
  it('creates a Checkout Session and confirms on the success page by asking Stripe', async () => {
    const { user, auth, course, paymentIntentId, paymentUrl } = await start(stripeApp);
    expect(paymentIntentId).toMatch(/^cs_test_/);
    const session = stripeFake.sessions.get(paymentIntentId);
    const order = await orderOf(paymentIntentId);
    expect(session).toMatchObject({ amount_total: 88_800, currency: 'aed', metadata: { orderId: order.id } });
    expect(order.provider).toBe('stripe');

    const res = await fetch(`${paymentUrl}?action=pay`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`http://localhost:3000/success/${paymentIntentId}`);
    // No webhook yet: opening the success page asks Stripe, which says paid.
    expect(await enrolled(user.id, course.id)).toBe(0);
    expect((await status(stripeApp, auth, paymentIntentId)).json()).toMatchObject({ status: 'paid', amount: 888 });
    expect(await enrolled(user.id, course.id)).toBe(1);
  });

  it('enrols on checkout.session.completed, once however often it is delivered', async () => {
    const { user, course, paymentIntentId } = await start(stripeApp);
    stripeFake.pay(paymentIntentId);
    const delivery = stripeFake.event(paymentIntentId, 'checkout.session.completed');
    const results = await Promise.all(Array.from({ length: 5 }, () => webhook(stripeApp, delivery)));
    for (const res of results) expect(res.statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('refuses a forged Stripe-Signature (400) and changes nothing', async () => {
    const { user, course, paymentIntentId } = await start(stripeApp);
    stripeFake.pay(paymentIntentId);
    const forged = stripeFake.event(paymentIntentId, 'checkout.session.completed', { secret: 'whsec_guess' });
    expect((await webhook(stripeApp, forged)).statusCode).toBe(400);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('refuses (400) an event signed for a time in the future, and accepts it signed now', async () => {
    const { user, course, paymentIntentId } = await start(stripeApp);
    stripeFake.pay(paymentIntentId);
    const future = stripeFake.event(paymentIntentId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const res = await webhook(stripeApp, future);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.invalidWebhook);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolled(user.id, course.id)).toBe(0);
    const now = stripeFake.event(paymentIntentId, 'checkout.session.completed');
    expect((await webhook(stripeApp, now)).statusCode).toBe(200);
    expect(await enrolled(user.id, course.id)).toBe(1);
  });

  it('does not enrol when the session total differs from the order', async () => {
    const { user, course, paymentIntentId } = await start(stripeApp);
    const session = stripeFake.pay(paymentIntentId);
    session.amount_total = 100;
    expect((await webhook(stripeApp, stripeFake.event(paymentIntentId, 'checkout.session.completed'))).statusCode).toBe(
      200,
    );
    expect((await orderOf(paymentIntentId)).status).toBe('failed');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });

  it('sends a buyer who cancels to /cancel/{session id} through the order return route', async () => {
    const { user, course, paymentIntentId, paymentUrl } = await start(stripeApp);
    const order = await orderOf(paymentIntentId);
    const res = await fetch(`${paymentUrl}?action=cancel`, { redirect: 'manual' });
    const returnUrl = res.headers.get('location') ?? '';
    expect(returnUrl).toBe(`http://localhost:3000/api/payment/return/${order.id}/cancel`);
    const back = await stripeApp.app.inject({ method: 'GET', url: new URL(returnUrl).pathname });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/cancel/${paymentIntentId}`);
    // Leaving Stripe's page does not cancel the session; it expires later.
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    stripeFake.expire(paymentIntentId);
    expect((await webhook(stripeApp, stripeFake.event(paymentIntentId, 'checkout.session.expired'))).statusCode).toBe(
      200,
    );
    expect((await orderOf(paymentIntentId)).status).toBe('canceled');
    expect(await enrolled(user.id, course.id)).toBe(0);
  });
});

describe('with a coupon', () => {
  it("asks Ziina and Stripe for the server's final price, and confirms the order at that price", async () => {
    const coupon = await seedCoupon(database.db, { kind: 'fixed', value: 18_800 });
    const ziina = await start(ziinaApp, 88_800, coupon.code);
    expect(ziinaFake.intents.get(ziina.paymentIntentId)).toMatchObject({ amount: 70_000, currency_code: 'AED' });
    ziinaFake.setStatus(ziina.paymentIntentId, 'completed');
    expect((await status(ziinaApp, ziina.auth, ziina.paymentIntentId)).json()).toMatchObject({
      status: 'paid',
      amount: 700,
    });

    const stripe = await start(stripeApp, 88_800, coupon.code);
    expect(stripeFake.sessions.get(stripe.paymentIntentId)).toMatchObject({ amount_total: 70_000, currency: 'aed' });
    expect(await orderOf(stripe.paymentIntentId)).toMatchObject({ amountFils: 70_000, discountFils: 18_800 });
  });
});
