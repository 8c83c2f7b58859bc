import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, courseDetailSchema } from '@oasis/shared/api';
import {
  adminOrdersSchema,
  initiatePaymentResultSchema,
  orderReference,
  PAYMENT_MESSAGES,
  paymentStatusSchema,
} from '@oasis/shared/payments';
import { MESSAGES } from '@oasis/shared/messages';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { seedCourse, seedEnrolment, seedUser } from '../../db/factories.ts';
import { enrolments, orders, outbox, sandboxPayments, users } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { INITIATE_LIMIT } from './routes.ts';
import { settleMail } from '../mail/outbox.ts';

let t: TestContext;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  t = await createTestApp();
  if (!(t.deps.payments instanceof SandboxPaymentProvider)) throw new Error('sandbox expected by default');
  sandbox = t.deps.payments;
});
afterAll(async () => {
  await settleMail();
  await t.close();
});
beforeEach(() => {
  t.mail.sent = [];
});

async function learner(name = 'Layla Learner') {
  const user = await seedUser(t.deps.db, { name });
  const { token } = await createSession(t.deps.db, user.id, 'learner');
  return { user, auth: { authorization: `Bearer ${token}` } };
}

async function admin() {
  const user = await seedUser(t.deps.db, { name: 'Ada Admin', role: 'admin' });
  const { token } = await createSession(t.deps.db, user.id, 'admin');
  return { user, auth: { authorization: `Bearer ${token}` } };
}

function initiate(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers, payload: payload as object });
}

async function startPayment(priceFils = 88_800) {
  const buyer = await learner();
  const course = await seedCourse(t.deps.db, { title: `Off-plan Investing ${Math.random()}`, priceFils });
  const res = await initiate(buyer.auth, { courseId: course.id, email: buyer.user.email });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentIntentId, paymentUrl } = initiatePaymentResultSchema.parse(res.json());
  keys.set(paymentIntentId, keyOf(paymentUrl));
  return { buyer, course, paymentIntentId, paymentUrl };
}

/** The sandbox payment's secret, carried in its payment link; pay() and cancel() post it. */
const keys = new Map<string, string>();
function keyOf(paymentUrl: string): string {
  const key = new URL(paymentUrl, 'http://site.test').searchParams.get('key');
  if (!key) throw new Error(`no key in ${paymentUrl}`);
  return key;
}

async function enrolmentCount(userId: string, courseId: string) {
  const rows = await t.deps.db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  return rows.length;
}

async function orderOf(paymentIntentId: string) {
  const [order] = await t.deps.db.select().from(orders).where(eq(orders.providerRef, paymentIntentId));
  if (!order) throw new Error('order not found');
  return order;
}

async function confirmationMails(to: string) {
  return t.deps.db.select().from(outbox).where(eq(outbox.to, to));
}

function status(headers: Record<string, string>, paymentIntentId: string) {
  return t.app.inject({ method: 'GET', url: `/api/payment/status/${paymentIntentId}`, headers });
}

/** What the sandbox page's Pay or Cancel button posts (urlencoded, like a browser). */
function press(button: 'pay' | 'cancel', paymentIntentId: string, key = keys.get(paymentIntentId)) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/${paymentIntentId}/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: key === undefined ? '' : new URLSearchParams({ key }).toString(),
  });
}
const pay = (paymentIntentId: string) => press('pay', paymentIntentId);

describe('POST /api/payment/initiate', () => {
  it('refuses anonymous buyers', async () => {
    const course = await seedCourse(t.deps.db, { priceFils: 10_000 });
    const res = await initiate({}, { courseId: course.id, email: 'x@example.test' });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).toBeTruthy();
    expect(await t.deps.db.select().from(orders).where(eq(orders.courseId, course.id))).toHaveLength(0);
  });

  it('answers 404 for an unknown course and 400 for a malformed body', async () => {
    const { auth } = await learner();
    const missing = await initiate(auth, { courseId: 'no-such-course', email: 'a@example.test' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAYMENT_MESSAGES.courseNotFound);
    const bad = await initiate(auth, { courseId: 'x', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const empty = await initiate(auth, {});
    expect(empty.statusCode).toBe(400);
  });

  it('refuses POA, coming-soon and archived courses with a clear message, storing no order', async () => {
    const { auth, user } = await learner();
    const poa = await seedCourse(t.deps.db, { priceFils: 0 });
    const soon = await seedCourse(t.deps.db, { priceFils: 50_000, comingSoon: true });
    const archived = await seedCourse(t.deps.db, { priceFils: 50_000, archivedAt: new Date() });
    for (const [course, message] of [
      [poa, PAYMENT_MESSAGES.priceOnApplication],
      [soon, PAYMENT_MESSAGES.comingSoon],
      [archived, PAYMENT_MESSAGES.courseUnavailable],
    ] as const) {
      const res = await initiate(auth, { courseId: course.id, email: user.email });
      expect(res.statusCode, course.title).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('refuses a learner who is already enrolled (409)', async () => {
    const { auth, user } = await learner();
    const course = await seedCourse(t.deps.db, { priceFils: 20_000 });
    await seedEnrolment(t.deps.db, { userId: user.id, courseId: course.id, amountFils: 20_000 });
    const res = await initiate(auth, { courseId: course.id, email: user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You are already enrolled in this course.');
  });

  it('creates a pending order priced from the database, whatever the browser sends', async () => {
    const { auth, user } = await learner();
    const course = await seedCourse(t.deps.db, { priceFils: 88_800 });
    const res = await initiate(auth, { courseId: course.slug, email: 'Receipt@Example.test', price: 1, amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = initiatePaymentResultSchema.parse(res.json());
    expect(body.paymentIntentId).toMatch(/^sbx_[a-f0-9]{24}$/);
    expect(body.paymentUrl).toMatch(new RegExp(`^/api/payment/sandbox/${body.paymentIntentId}\\?key=[\\w-]{43}$`));
    const order = await orderOf(body.paymentIntentId);
    expect(order).toMatchObject({
      userId: user.id,
      courseId: course.id,
      email: 'receipt@example.test',
      amountFils: 88_800,
      currency: 'AED',
      provider: 'sandbox',
      status: 'pending',
    });
    // Nobody is enrolled by starting a payment.
    expect(await enrolmentCount(user.id, course.id)).toBe(0);
  });
});

describe('POST /api/payment/initiate limit', () => {
  it(`allows ${INITIATE_LIMIT.max} payments per learner in the window, then 429 with Retry-After; others are not held back`, async () => {
    const looping = await learner('Lou Looper');
    const course = await seedCourse(t.deps.db, { title: 'Limit Course', priceFils: 10_000 });
    for (let i = 0; i < INITIATE_LIMIT.max; i++) {
      const res = await initiate(looping.auth, { courseId: course.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await initiate(looping.auth, { courseId: course.id });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(MESSAGES.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.deps.db.select().from(orders).where(eq(orders.userId, looping.user.id));
    expect(stored).toHaveLength(INITIATE_LIMIT.max);

    const other = await learner('Olive Other');
    expect((await initiate(other.auth, { courseId: course.id })).statusCode).toBe(200);
  });
});

describe('sandbox hosted page', () => {
  it("renders a 'Test mode' page with the course, the amount and Pay/Cancel forms", async () => {
    const { paymentIntentId, paymentUrl, course } = await startPayment();
    const res = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('Test mode');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(course.title);
    expect(res.body).toContain('AED 888.00');
    expect(res.body).toContain(`action="/api/payment/sandbox/${paymentIntentId}/pay"`);
    expect(res.body).toContain(`action="/api/payment/sandbox/${paymentIntentId}/cancel"`);
    // Both forms carry the payment's key in their body, not in their address.
    expect(res.body.split(`<input type="hidden" name="key" value="${keyOf(paymentUrl)}">`)).toHaveLength(3);
    expect(res.body).not.toContain('<script');
  });

  it('tells buyers it is a test payment, and nothing meant for developers', async () => {
    const { paymentUrl } = await startPayment();
    const res = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(res.body).toContain('Test mode: no real payment is taken.');
    expect(res.body).not.toMatch(/PAYMENT_PROVIDER|ziina|stripe|stands in for/i);
  });

  it('escapes what it shows', async () => {
    const { paymentIntentId, paymentUrl } = await startPayment();
    await t.deps.db
      .update(sandboxPayments)
      .set({ description: '<img src=x onerror=alert(1)>' })
      .where(eq(sandboxPayments.id, paymentIntentId));
    const res = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('Pay enrols the buyer through the signed webhook and redirects to /success/{id}', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const res = await pay(paymentIntentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/success/${paymentIntentId}`);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
    const order = await orderOf(paymentIntentId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeInstanceOf(Date);

    const st = await status(buyer.auth, paymentIntentId);
    expect(st.statusCode).toBe(200);
    expect(paymentStatusSchema.parse(st.json())).toMatchObject({
      status: 'paid',
      paymentIntentId,
      reference: orderReference(order.id),
      course: { _id: course.id, slug: course.slug, title: course.title, titleAr: course.titleAr },
      amount: 888,
      currency: 'AED',
      provider: 'sandbox',
    });

    // The confirmation e-mail: order reference and amount.
    await settleMail();
    const mails = t.mail.sent.filter((m) => m.to === buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(course.title);
    expect(mails[0]?.text).toContain(orderReference(order.id));
    expect(mails[0]?.text).toContain('AED 888.00');

    // Pressing Pay again (a double click, a reload) changes nothing.
    const again = await pay(paymentIntentId);
    expect(again.statusCode).toBe(303);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
    expect(await confirmationMails(buyer.user.email)).toHaveLength(1);
  });

  it('Cancel marks the order canceled, enrols nobody and redirects to /cancel/{id}', async () => {
    const { buyer, course, paymentIntentId, paymentUrl } = await startPayment();
    const res = await press('cancel', paymentIntentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/cancel/${paymentIntentId}`);
    expect((await orderOf(paymentIntentId)).status).toBe('canceled');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
    // Pay after cancel does not revive it.
    const late = await pay(paymentIntentId);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(paymentUrl);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(page.body).toContain('This test payment was canceled.');
    expect(page.body).not.toContain('/pay"');
  });

  it("does nothing for the payment id alone or a wrong key: only the link's key pays or cancels", async () => {
    const { buyer, course, paymentIntentId, paymentUrl } = await startPayment();
    const wrongKey = keyOf((await startPayment()).paymentUrl);
    for (const button of ['pay', 'cancel'] as const) {
      for (const key of ['', wrongKey, `${keys.get(paymentIntentId)}x`]) {
        const res = await press(button, paymentIntentId, key);
        expect(res.statusCode, `${button} with key '${key}'`).toBe(404);
        expect(apiErrorSchema.parse(res.json()).message).toBe(PAYMENT_MESSAGES.paymentNotFound);
      }
      // No body at all, as a script posting to the address would.
      const bare = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${paymentIntentId}/${button}` });
      expect(bare.statusCode).toBe(404);
      // The key in the address instead of the form: the buttons never send it there.
      const inQuery = await t.app.inject({
        method: 'POST',
        url: `/api/payment/sandbox/${paymentIntentId}/${button}?key=${keys.get(paymentIntentId)}`,
      });
      expect(inQuery.statusCode).toBe(404);
    }
    for (const url of [
      `/api/payment/sandbox/${paymentIntentId}`,
      `/api/payment/sandbox/${paymentIntentId}?key=${wrongKey}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).not.toContain(buyer.user.email);
    }
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(row?.status).toBe('pending');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);

    // The link's own key works.
    expect((await t.app.inject({ method: 'GET', url: paymentUrl })).statusCode).toBe(200);
    expect((await pay(paymentIntentId)).headers.location).toBe(`/success/${paymentIntentId}`);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
  });

  it('stores only a hash of the key, and a payment stored without one can never be paid', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(keys.get(paymentIntentId));
    await t.deps.db.update(sandboxPayments).set({ secretHash: null }).where(eq(sandboxPayments.id, paymentIntentId));
    expect((await pay(paymentIntentId)).statusCode).toBe(404);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
  });

  it('answers unknown sandbox payments with an error, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/sbx_${'0'.repeat(24)}` });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/payment/sandbox/nope' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/payment/status/:paymentIntentId', () => {
  it('reports pending and enrols nobody while the payment is not made (opening /success is not paying)', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    for (let i = 0; i < 3; i++) {
      const res = await status(buyer.auth, paymentIntentId);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('pending');
    }
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
  });

  it('confirms by asking the provider when no webhook arrived', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    // The provider has the payment completed, but its webhook never reached us.
    await sandbox.settle(paymentIntentId, 'completed');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
    const res = await status(buyer.auth, paymentIntentId);
    expect(res.json().status).toBe('paid');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
  });

  it('refuses anonymous callers and other learners; admins may look', async () => {
    const { paymentIntentId } = await startPayment();
    expect((await status({}, paymentIntentId)).statusCode).toBe(401);
    const other = await learner('Omar Other');
    const res = await status(other.auth, paymentIntentId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.paymentNotFound);
    expect(res.body).not.toContain(paymentIntentId);
    const boss = await admin();
    expect((await status(boss.auth, paymentIntentId)).statusCode).toBe(200);
    expect((await status(boss.auth, 'sbx_unknown')).statusCode).toBe(404);
  });
});

describe('POST /api/payment/webhook', () => {
  it('refuses unsigned and forged deliveries (400) and changes nothing', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    if (!row) throw new Error('no sandbox row');
    const genuine = sandbox.signedEvent({ ...row, status: 'completed' });

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: genuine.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ message: PAYMENT_MESSAGES.invalidWebhook });

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { ...genuine.headers, 'x-sandbox-signature': 'ab'.repeat(32) },
      payload: genuine.body,
    });
    expect(forged.statusCode).toBe(400);

    // A genuine signature on a body that was altered afterwards.
    const tampered = Buffer.from(genuine.body.toString().replace('"completed"', '"completed" '));
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: genuine.headers,
      payload: tampered,
    });
    expect(altered.statusCode).toBe(400);

    const empty = await t.app.inject({ method: 'POST', url: '/api/payment/webhook' });
    expect(empty.statusCode).toBe(400);

    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
  });

  it('enrols once when the same webhook is replayed', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const settled = await sandbox.settle(paymentIntentId, 'completed');
    if (!settled) throw new Error('not settled');
    const delivery = sandbox.signedEvent(settled.row);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: delivery.headers,
        payload: delivery.body,
      });
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
    const settled = await sandbox.settle(paymentIntentId, 'completed');
    if (!settled) throw new Error('not settled');
    const delivery = sandbox.signedEvent(settled.row);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: delivery.headers,
          payload: delivery.body,
        }),
      ),
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

describe('GET /api/admin/orders', () => {
  it('lists every order with learner, course, amount, provider, status and date, newest first', async () => {
    const first = await startPayment(12_345);
    const second = await startPayment(88_800);
    await pay(second.paymentIntentId);
    const boss = await admin();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=2', headers: boss.auth });
    expect(res.statusCode).toBe(200);
    const body = adminOrdersSchema.parse(res.json());
    expect(body).toMatchObject({ offset: 0, pageSize: 2, prev: null, totalCapped: false });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.orders).toHaveLength(2);
    const [newest, older] = body.orders;
    expect(newest).toMatchObject({
      providerRef: second.paymentIntentId,
      learner: { _id: second.buyer.user.id, name: second.buyer.user.name, email: second.buyer.user.email },
      course: { _id: second.course.id, title: second.course.title },
      amount: 888,
      currency: 'AED',
      provider: 'sandbox',
      status: 'paid',
    });
    expect(newest?.paidAt).toBeTruthy();
    expect(older).toMatchObject({ providerRef: first.paymentIntentId, amount: 123.45, status: 'pending' });

    const paidOnly = adminOrdersSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=paid', headers: boss.auth })).json(),
    );
    expect(paidOnly.orders.every((o) => o.status === 'paid')).toBe(true);
    const page1 = adminOrdersSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=1', headers: boss.auth })).json(),
    );
    const page2 = adminOrdersSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/orders?pageSize=1&cursor=${page1.next}`,
          headers: boss.auth,
        })
      ).json(),
    );
    expect(page2).toMatchObject({ offset: 1, pageSize: 1 });
    expect(page2.orders[0]?.providerRef).toBe(first.paymentIntentId);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
    const someone = await learner();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: someone.auth });
    expect(res.statusCode).toBe(403);
    const boss = await admin();
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=0', headers: boss.auth });
    expect(bad.statusCode).toBe(400);
    const badCursor = await t.app.inject({ method: 'GET', url: '/api/admin/orders?cursor=page-2', headers: boss.auth });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ errors: { cursor: expect.any(String) } });
  });

  it("says whether each buyer has proved the account's e-mail", async () => {
    const unverified = await startPayment();
    const verified = await startPayment();
    await t.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.buyer.user.id));
    const boss = await admin();
    const body = adminOrdersSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=100', headers: boss.auth })).json(),
    );
    const learnerOf = (ref: string) => body.orders.find((o) => o.providerRef === ref)?.learner;
    expect(learnerOf(unverified.paymentIntentId)?.emailVerified).toBe(false);
    expect(learnerOf(verified.paymentIntentId)?.emailVerified).toBe(true);
  });
});
