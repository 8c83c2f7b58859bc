import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { initiatePaymentResultSchema } from '@oasis/shared/payments';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import type { Db } from '../../db/client.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { enrolments, orders, outbox } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { settleMail } from '../mail/outbox.ts';

export function keyOf(paymentUrl: string): string {
  const key = new URL(paymentUrl, 'http://site.test').searchParams.get('key');
  if (!key) throw new Error(`no key in ${paymentUrl}`);
  return key;
}

/** How many enrolments of `userId` in `courseId` there are: 1 once paid, never 2. */
export async function countEnrolments(db: Db, userId: string, courseId: string) {
  const rows = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  return rows.length;
}

/**
 * The app for the payment tests of one file (on the sandbox provider), built in its beforeAll, with
 * the calls a buyer, the sandbox page and an admin make on it.
 */
export function setUpPaymentTests() {
  const t = beforeAllValue(() => createTestApp());
  /** The app's provider, the sandbox by default. */
  const sandbox = () => {
    if (!(t.deps.payments instanceof SandboxPaymentProvider)) throw new Error('sandbox expected by default');
    return t.deps.payments;
  };
  beforeAll(sandbox);
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

  const enrolmentCount = (userId: string, courseId: string) => countEnrolments(t.deps.db, userId, courseId);

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

  /** A webhook delivery: its headers (none by default) and raw body, as the provider posts it. */
  function deliver(delivery: { headers?: Record<string, string>; body?: Buffer }) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: delivery.headers,
      payload: delivery.body,
    });
  }

  /** The owner saves the VAT settings: a registered seller's (VAT_REGISTERED), or not registered. */
  async function setVat(registered: boolean) {
    const owner = await admin();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/vat',
      headers: owner.auth,
      payload: registered ? VAT_REGISTERED : { registered: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    return owner;
  }

  /** A checkout started with `headers` and `payload`, paid on the sandbox page; the order it made. */
  async function payFor(headers: Record<string, string>, payload: Record<string, unknown>) {
    const res = await initiate(headers, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { paymentIntentId, paymentUrl } = initiatePaymentResultSchema.parse(res.json());
    keys.set(paymentIntentId, keyOf(paymentUrl));
    expect((await pay(paymentIntentId)).statusCode).toBeLessThan(400);
    return orderOf(paymentIntentId);
  }

  return {
    sandbox,
    t,
    learner,
    admin,
    initiate,
    startPayment,
    keys,
    enrolmentCount,
    orderOf,
    confirmationMails,
    status,
    press,
    pay,
    setVat,
    payFor,
    deliver,
  };
}

/** VAT settings of a registered seller, as the owner saves them (the tax-document tests' seller). */
export const VAT_REGISTERED = {
  registered: true,
  trn: '100234567890003',
  legalName: 'Oasis Property Academy FZ-LLC',
  legalNameAr: 'أكاديمية واحة العقارات',
  address: 'Dubai Silicon Oasis, Dubai',
  addressAr: 'واحة دبي للسيليكون، دبي',
};
