import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@oasis/shared/api';
import { adminCouponSchema, couponQuoteSchema } from '@oasis/shared/coupons';
import { dubaiLocalToDate } from '@oasis/shared/dubai-time';
import { errorText } from '@oasis/shared/error-codes';
import { adminOrdersSchema, initiatePaymentResultSchema } from '@oasis/shared/payments';
import { seedCoupon, seedCourse } from '../../db/factories.ts';
import { couponRedemptions, coupons, orders, outbox, sandboxPayments } from '../../db/schema.ts';
import { checkPendingOrders, ORDER_CHECKS } from '../payments/order-checks.ts';
import { keyOf, setUpPaymentTests } from '../payments/payments.fixtures.ts';
import { checkCoupon } from './service.ts';

const { t, learner, admin, initiate, enrolmentCount, orderOf, status, press, pay, keys } = setUpPaymentTests();

const course = (priceFils = 50_000) => seedCourse(t.deps.db, { title: `Coupon course ${Math.random()}`, priceFils });

function quote(headers: Record<string, string>, query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `/api/payment/quote?${new URLSearchParams(query)}`, headers });
}

async function buy(headers: Record<string, string>, courseId: string, coupon?: string) {
  const res = await initiate(headers, { courseId, ...(coupon === undefined ? {} : { coupon }) });
  if (res.statusCode === 200) {
    const body = initiatePaymentResultSchema.parse(res.json());
    if (body.paymentUrl.includes('key=')) keys.set(body.paymentIntentId, keyOf(body.paymentUrl));
  }
  return res;
}

async function redemptionStates(couponId: string) {
  const rows = await t.deps.db
    .select({ state: couponRedemptions.state })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return rows.map((row) => row.state).sort();
}

/** A refusal: its status and code, and its text in English and Arabic as the answer renders it. */
async function expectRefusal(
  res: { statusCode: number; json: () => unknown },
  statusCode: number,
  code: Parameters<typeof errorText>[0]['code'],
) {
  expect(res.statusCode).toBe(statusCode);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  expect(body.message).toBe(errorText({ code }, 'en'));
}

describe('the price a coupon gives', () => {
  it('quotes the list price, the discount and the final price, a percentage rounded half up to the fils', async () => {
    const buyer = await learner();
    const priced = await course(9_995);
    const coupon = await seedCoupon(t.deps.db, { kind: 'percent', value: 10 });
    const res = await quote(buyer.auth, { course: priced.slug, coupon: coupon.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // 10 % of 99.95 AED is 9.995 AED: 999.5 fils, rounded half up to 1,000 fils.
    expect(couponQuoteSchema.parse(res.json())).toEqual({
      listPrice: 99.95,
      discount: 10,
      price: 89.95,
      coupon: { code: coupon.code, kind: 'percent', value: 10 },
      vatRegistered: false,
      phoneCountry: expect.toBeOneOf([null, expect.any(String)]),
    });
    const lower = await course(9_994);
    const down = couponQuoteSchema.parse((await quote(buyer.auth, { course: lower.id, coupon: coupon.code })).json());
    expect(down.discount).toBe(9.99);
    // A fixed amount takes fils off, never more than the price.
    const fixed = await seedCoupon(t.deps.db, { kind: 'fixed', value: 2_550 });
    const fixedQuote = couponQuoteSchema.parse(
      (await quote(buyer.auth, { course: lower.id, coupon: fixed.code })).json(),
    );
    expect(fixedQuote).toMatchObject({ listPrice: 99.94, discount: 25.5, price: 74.44 });
    const huge = await seedCoupon(t.deps.db, { kind: 'fixed', value: 1_000_000 });
    const hugeQuote = couponQuoteSchema.parse(
      (await quote(buyer.auth, { course: lower.id, coupon: huge.code })).json(),
    );
    expect(hugeQuote).toMatchObject({ discount: 99.94, price: 0 });
    // Without a code: the course's price.
    const plain = couponQuoteSchema.parse((await quote(buyer.auth, { course: lower.id })).json());
    expect(plain).toMatchObject({ listPrice: 99.94, discount: 0, price: 99.94, coupon: null });
  });

  it('is for signed-in learners only', async () => {
    const priced = await course();
    expect((await quote({}, { course: priced.id })).statusCode).toBe(401);
  });
});

describe('each refusal has its own code and text', () => {
  it('unknown, inactive (answered as unknown) and not for this course', async () => {
    const buyer = await learner();
    const priced = await course();
    const other = await course();
    await expectRefusal(
      await quote(buyer.auth, { course: priced.id, coupon: 'NO-SUCH-CODE' }),
      404,
      'payment.couponUnknown',
    );
    const inactive = await seedCoupon(t.deps.db, { active: false });
    await expectRefusal(
      await quote(buyer.auth, { course: priced.id, coupon: inactive.code }),
      404,
      'payment.couponUnknown',
    );
    const elsewhere = await seedCoupon(t.deps.db, { courseId: other.id });
    await expectRefusal(
      await quote(buyer.auth, { course: priced.id, coupon: elsewhere.code }),
      400,
      'payment.couponNotForCourse',
    );
    expect((await quote(buyer.auth, { course: other.id, coupon: elsewhere.code })).statusCode).toBe(200);
  });

  it('not yet valid and expired, and the refusal in Arabic for an Arabic page', async () => {
    const buyer = await learner();
    const priced = await course();
    const hour = 60 * 60_000;
    const later = await seedCoupon(t.deps.db, { startsAt: new Date(Date.now() + hour) });
    const past = await seedCoupon(t.deps.db, { endsAt: new Date(Date.now() - hour) });
    await expectRefusal(
      await quote(buyer.auth, { course: priced.id, coupon: later.code }),
      400,
      'payment.couponNotYetValid',
    );
    await expectRefusal(
      await quote(buyer.auth, { course: priced.id, coupon: past.code }),
      400,
      'payment.couponExpired',
    );
    const arabic = await quote({ ...buyer.auth, 'accept-language': 'ar' }, { course: priced.id, coupon: past.code });
    expect(apiErrorSchema.parse(arabic.json()).message).toBe('انتهت صلاحية رمز الخصم هذا.');
  });

  it('used up, and already used by you: the same refusals at checkout, with no order stored', async () => {
    const first = await learner();
    const second = await learner();
    const priced = await course();
    const other = await course();
    const limited = await seedCoupon(t.deps.db, { totalLimit: 1 });
    const once = await seedCoupon(t.deps.db, { oncePerLearner: true });

    const started = await buy(first.auth, priced.id, limited.code);
    expect(started.statusCode, started.body).toBe(200);
    await expectRefusal(
      await quote(second.auth, { course: priced.id, coupon: limited.code }),
      409,
      'payment.couponUsedUp',
    );
    await expectRefusal(await buy(second.auth, priced.id, limited.code), 409, 'payment.couponUsedUp');

    const paid = initiatePaymentResultSchema.parse((await buy(first.auth, priced.id, once.code)).json());
    expect((await pay(paid.paymentIntentId)).statusCode).toBe(303);
    await expectRefusal(
      await quote(first.auth, { course: other.id, coupon: once.code }),
      409,
      'payment.couponAlreadyUsed',
    );
    await expectRefusal(await buy(first.auth, other.id, once.code), 409, 'payment.couponAlreadyUsed');
    // Another learner may still use it.
    expect((await quote(second.auth, { course: other.id, coupon: once.code })).statusCode).toBe(200);
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, second.user.id))).toHaveLength(0);
  });
});

describe('the validity window, in Dubai time', () => {
  it('starts at its first instant and ends just before its last', async () => {
    const buyer = await learner();
    const priced = await course();
    // The admin typed midnight to midnight on a Dubai clock: 20:00 UTC the evening before.
    const startsAt = dubaiLocalToDate('2030-12-01T00:00');
    const endsAt = dubaiLocalToDate('2030-12-02T00:00');
    expect(startsAt?.toISOString()).toBe('2030-11-30T20:00:00.000Z');
    if (!startsAt || !endsAt) throw new Error('dates expected');
    const coupon = await seedCoupon(t.deps.db, { startsAt, endsAt });
    const at = (iso: string) =>
      checkCoupon(t.deps.db, coupon.code, {
        userId: buyer.user.id,
        course: { id: priced.id, priceFils: priced.priceFils },
        now: new Date(iso),
      });
    await expect(at('2030-11-30T19:59:59.999Z')).rejects.toMatchObject({ code: 'payment.couponNotYetValid' });
    await expect(at('2030-11-30T20:00:00.000Z')).resolves.toMatchObject({ discountFils: 5_000 });
    await expect(at('2030-12-01T19:59:59.999Z')).resolves.toMatchObject({ discountFils: 5_000 });
    await expect(at('2030-12-01T20:00:00.000Z')).rejects.toMatchObject({ code: 'payment.couponExpired' });
  });
});

describe('checkout with a coupon', () => {
  it('stores the list price, the coupon and the discount, and asks the provider for the final price only', async () => {
    const buyer = await learner();
    const priced = await course(88_800);
    const coupon = await seedCoupon(t.deps.db, { kind: 'percent', value: 25 });
    const res = await buy(buyer.auth, priced.id, `  ${coupon.code.toLowerCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    const { paymentIntentId } = initiatePaymentResultSchema.parse(res.json());
    const order = await orderOf(paymentIntentId);
    expect(order).toMatchObject({
      listPriceFils: 88_800,
      discountFils: 22_200,
      amountFils: 66_600,
      couponId: coupon.id,
      couponCode: coupon.code,
      status: 'pending',
    });
    const [asked] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(asked?.amountFils).toBe(66_600);
    expect(await redemptionStates(coupon.id)).toEqual(['reserved']);

    // Paid for the final price: redeemed, enrolled, and the receipt names the discount.
    expect((await pay(paymentIntentId)).statusCode).toBe(303);
    expect((await orderOf(paymentIntentId)).status).toBe('paid');
    expect(await redemptionStates(coupon.id)).toEqual(['redeemed']);
    expect(await enrolmentCount(buyer.user.id, priced.id)).toBe(1);
    const [mail] = await t.deps.db.select().from(outbox).where(eq(outbox.to, buyer.user.email));
    expect(mail?.text).toContain(`Coupon ${coupon.code}`);
    expect(mail?.text).toContain('AED 666.00');

    // The admin's Orders show the coupon and the discount.
    const { auth } = await admin();
    const list = adminOrdersSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=100', headers: auth })).json(),
    );
    expect(list.orders.find((row) => row.reference && row._id === order.id)).toMatchObject({
      amount: 666,
      listPrice: 888,
      discount: 222,
      coupon: coupon.code,
    });
  });

  it('refuses a malformed or unknown code before storing anything', async () => {
    const buyer = await learner();
    const priced = await course();
    await expectRefusal(await buy(buyer.auth, priced.id, 'no such code!'), 404, 'payment.couponUnknown');
    expect((await buy(buyer.auth, priced.id, 'x'.repeat(65))).statusCode).toBe(400);
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toHaveLength(0);
  });

  it('50 parallel checkouts against a limit of 10 reserve exactly 10', async () => {
    const priced = await course();
    const coupon = await seedCoupon(t.deps.db, { totalLimit: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => learner()));
    const answers = await Promise.all(buyers.map((buyer) => buy(buyer.auth, priced.id, coupon.code)));
    const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : `${res.statusCode} ${res.json().code}`));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
    expect(codes.filter((code) => code === '409 payment.couponUsedUp')).toHaveLength(40);
    expect(await redemptionStates(coupon.id)).toEqual(Array(10).fill('reserved'));
    const discounted = await t.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.courseId, priced.id), eq(orders.couponId, coupon.id)));
    expect(discounted).toHaveLength(10);
  });

  it('a canceled, failed or expired payment releases its use for another learner', async () => {
    const priced = await course();
    const coupon = await seedCoupon(t.deps.db, { totalLimit: 1 });
    const [first, second, third, fourth] = await Promise.all([learner(), learner(), learner(), learner()]);

    // Canceled on the provider's page.
    const canceled = initiatePaymentResultSchema.parse((await buy(first.auth, priced.id, coupon.code)).json());
    await expectRefusal(await buy(second.auth, priced.id, coupon.code), 409, 'payment.couponUsedUp');
    expect((await press('cancel', canceled.paymentIntentId)).statusCode).toBe(303);
    expect(await redemptionStates(coupon.id)).toEqual(['released']);

    // Failed: the provider reports a different amount (marked failed, nobody enrolled).
    const failed = initiatePaymentResultSchema.parse((await buy(second.auth, priced.id, coupon.code)).json());
    await t.deps.db
      .update(sandboxPayments)
      .set({ amountFils: 1 })
      .where(eq(sandboxPayments.id, failed.paymentIntentId));
    expect((await pay(failed.paymentIntentId)).statusCode).toBe(303);
    expect((await orderOf(failed.paymentIntentId)).status).toBe('failed');
    expect(await redemptionStates(coupon.id)).toEqual(['released', 'released']);

    // Expired: left pending for a day, the order check cancels it.
    const left = initiatePaymentResultSchema.parse((await buy(third.auth, priced.id, coupon.code)).json());
    const order = await orderOf(left.paymentIntentId);
    const run = await checkPendingOrders(t.deps, new Date(order.createdAt.getTime() + ORDER_CHECKS.expireAfterMs + 1));
    expect(run.outcomes.expired ?? 0).toBeGreaterThanOrEqual(1);
    expect((await orderOf(left.paymentIntentId)).status).toBe('canceled');
    expect(await redemptionStates(coupon.id)).toEqual(['released', 'released', 'released']);

    expect((await buy(fourth.auth, priced.id, coupon.code)).statusCode).toBe(200);
  });

  it("a learner's own abandoned checkout does not block their next one", async () => {
    const buyer = await learner();
    const priced = await course();
    const coupon = await seedCoupon(t.deps.db, { totalLimit: 1, oncePerLearner: true });
    const first = initiatePaymentResultSchema.parse((await buy(buyer.auth, priced.id, coupon.code)).json());
    const again = await buy(buyer.auth, priced.id, coupon.code);
    expect(again.statusCode, again.body).toBe(200);
    const second = initiatePaymentResultSchema.parse(again.json());
    expect(await redemptionStates(coupon.id)).toEqual(['released', 'reserved']);
    // The one paid counts.
    expect((await pay(second.paymentIntentId)).statusCode).toBe(303);
    expect((await orderOf(first.paymentIntentId)).status).toBe('pending');
    expect(await redemptionStates(coupon.id)).toEqual(['redeemed', 'released']);
  });

  it('a code that makes the course free enrols at once, with no provider, an order and a receipt', async () => {
    const buyer = await learner();
    const priced = await course(40_000);
    const coupon = await seedCoupon(t.deps.db, { kind: 'percent', value: 100 });
    const before = await t.deps.db.select().from(sandboxPayments);
    const res = await initiate(
      { ...buyer.auth, 'accept-language': 'ar' },
      { courseId: priced.id, coupon: coupon.code },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { paymentIntentId, paymentUrl } = initiatePaymentResultSchema.parse(res.json());
    // Straight to the success page, in the checkout's language.
    expect(paymentUrl).toBe(`/ar/success/${paymentIntentId}`);
    // No provider was asked.
    expect(await t.deps.db.select().from(sandboxPayments)).toHaveLength(before.length);
    expect(await orderOf(paymentIntentId)).toMatchObject({
      provider: 'free',
      status: 'paid',
      amountFils: 0,
      listPriceFils: 40_000,
      discountFils: 40_000,
      couponCode: coupon.code,
    });
    expect(await enrolmentCount(buyer.user.id, priced.id)).toBe(1);
    expect(await redemptionStates(coupon.id)).toEqual(['redeemed']);
    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.to, buyer.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`رمز الخصم ${coupon.code}`);
    // The success page confirms it like any paid order.
    const answer = await status(buyer.auth, paymentIntentId);
    expect(answer.json()).toMatchObject({ status: 'paid', provider: 'free', amount: 0 });
  });
});

describe('/api/admin/coupons', () => {
  const input = (overrides: Record<string, unknown> = {}) => ({
    code: `launch-${Math.random().toString(36).slice(2, 8)}`,
    kind: 'percent',
    value: 20,
    courseId: null,
    startsAt: '2030-01-01T09:00',
    endsAt: null,
    totalLimit: 100,
    oncePerLearner: true,
    active: true,
    ...overrides,
  });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('creates, lists and edits a coupon in capitals, its times in Dubai time', async () => {
    const { auth } = await admin();
    const priced = await course();
    const body = input({ courseId: priced.id, kind: 'fixed', value: 12.5 });
    const created = await send('POST', '/api/admin/coupons', auth, body);
    expect(created.statusCode, created.body).toBe(201);
    const coupon = adminCouponSchema.parse(created.json());
    expect(coupon).toMatchObject({
      code: body.code.toUpperCase(),
      kind: 'fixed',
      value: 12.5,
      course: { _id: priced.id },
      startsAt: '2030-01-01T09:00',
      uses: 0,
    });
    const [row] = await t.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon._id));
    expect(row).toBeUndefined();
    const stored = await checkCouponRow(coupon._id);
    expect(stored.startsAt?.toISOString()).toBe('2030-01-01T05:00:00.000Z');
    expect(stored.value).toBe(1_250);

    const list = await send('GET', '/api/admin/coupons', auth);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json().coupons.map((c: { _id: string }) => c._id)).toContain(coupon._id);

    const edited = await send('PUT', `/api/admin/coupons/${coupon._id}`, auth, { ...body, active: false, value: 5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ active: false, value: 5 });
  });

  it('refuses a taken code in any case, and bad values with field codes, writing nothing', async () => {
    const { auth } = await admin();
    const body = input();
    expect((await send('POST', '/api/admin/coupons', auth, body)).statusCode).toBe(201);
    const taken = await send('POST', '/api/admin/coupons', auth, { ...body, code: body.code.toUpperCase() });
    await expectRefusal(taken, 409, 'payment.couponCodeTaken');
    for (const [bad, field, code] of [
      [{ value: 0 }, 'value', 'payment.couponPercentRange'],
      [{ value: 101 }, 'value', 'payment.couponPercentRange'],
      [{ kind: 'fixed', value: 1.005 }, 'value', 'payment.couponAmountRange'],
      [{ code: 'a b' }, 'code', 'payment.couponCodeFormat'],
      [{ startsAt: '2030-02-30T10:00' }, 'startsAt', 'payment.couponTimeFormat'],
      [{ endsAt: '2030-01-01T09:00' }, 'endsAt', 'payment.couponWindowOrder'],
      [{ totalLimit: 0 }, 'totalLimit', 'payment.couponLimitRange'],
      [{ courseId: 'no-such-course' }, 'courseId', 'core.courseNotFound'],
    ] as const) {
      const res = await send('POST', '/api/admin/coupons', auth, input(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(apiErrorSchema.parse(res.json()).fields?.[field]?.code, JSON.stringify(bad)).toBe(code);
    }
  });

  it('deletes an unused coupon; a used one is deactivated instead', async () => {
    const { auth } = await admin();
    const unused = await seedCoupon(t.deps.db);
    expect((await send('DELETE', `/api/admin/coupons/${unused.id}`, auth)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/coupons/${unused.id}`, auth)).statusCode).toBe(404);
    const used = await seedCoupon(t.deps.db);
    const buyer = await learner();
    expect((await buy(buyer.auth, (await course()).id, used.code)).statusCode).toBe(200);
    await expectRefusal(await send('DELETE', `/api/admin/coupons/${used.id}`, auth), 409, 'payment.couponInUse');
  });

  it('is for admins only', async () => {
    const buyer = await learner();
    expect((await send('GET', '/api/admin/coupons', buyer.auth)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/coupons', {}, input())).statusCode).toBe(401);
  });
});

async function checkCouponRow(id: string) {
  const [row] = await t.deps.db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new Error('coupon not found');
  return row;
}
