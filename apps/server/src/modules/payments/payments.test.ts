import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@oasis/shared/api';
import { adminOrdersSchema, initiatePaymentResultSchema, PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { MESSAGES } from '@oasis/shared/messages';
import { seedCourse, seedEnrolment } from '../../db/factories.ts';
import { orders, users } from '../../db/schema.ts';
import { INITIATE_LIMIT } from './routes.ts';
import { setUpPaymentTests } from './payments.fixtures.ts';

const { t, sandbox, learner, admin, initiate, startPayment, enrolmentCount, orderOf, status, pay } =
  setUpPaymentTests();

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
    await sandbox().settle(paymentIntentId, 'completed');
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
