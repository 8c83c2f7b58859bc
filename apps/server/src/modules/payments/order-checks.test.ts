import fs from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestDeps, MemoryMailTransport, testConfig } from '../../../test/helpers.ts';
import type { PaymentProvider } from '../../adapters/payments/index.ts';
import type { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import type { Database } from '../../db/client.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { enrolments, orders, outbox } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { settleMail } from '../mail/outbox.ts';
import { checkPendingOrders, ORDER_CHECKS, startOrderChecks } from './order-checks.ts';
import { applyPaymentUpdate, initiatePayment } from './service.ts';

/**
 * The order check over the sandbox provider (the local payment service, as in development): orders
 * left pending are settled from the provider's word or expired, once, by one of several instances.
 */

const MINUTE = 60_000;

let database: Database;
/** Two instances on one database: their own deps, mail transports and provider call counts. */
let a: Deps;
let b: Deps;
const asked = { a: [] as string[], b: [] as string[] };

/** The instance's provider, recording each payment it is asked about (the sandbox answers). */
function counting(provider: PaymentProvider, calls: string[]): PaymentProvider {
  return {
    name: provider.name,
    createPayment: (input) => provider.createPayment(input),
    verifyWebhook: (body, headers) => provider.verifyWebhook(body, headers),
    refund: (input) => provider.refund(input),
    getRefund: (ref) => provider.getRefund(ref),
    async getPayment(id) {
      calls.push(id);
      return provider.getPayment(id);
    },
  };
}

function instance(calls: string[]): Deps {
  const deps = createTestDeps(testConfig(), database, { mail: new MemoryMailTransport() });
  return { ...deps, payments: counting(deps.payments, calls) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  a = instance(asked.a);
  b = instance(asked.b);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(a.config.dataDir, { recursive: true, force: true });
  fs.rmSync(b.config.dataDir, { recursive: true, force: true });
});

/** A checkout started `minutesAgo` (a pending order and its sandbox payment), for a new buyer. */
async function checkout(minutesAgo: number) {
  const buyer = await seedUser(database.db, { role: 'learner' });
  const course = await seedCourse(database.db, { priceFils: 150_000 });
  const started = await initiatePayment(
    a,
    { id: buyer.id, email: buyer.email, role: 'learner' },
    { courseId: course.id },
  );
  const createdAt = new Date(Date.now() - minutesAgo * MINUTE);
  const [order] = await database.db
    .update(orders)
    .set({ createdAt })
    .where(eq(orders.providerRef, started.paymentIntentId))
    .returning();
  if (!order) throw new Error('no order');
  return { order, buyer, course, paymentId: started.paymentIntentId };
}

/** The sandbox's own record of a payment moves on: the buyer paid or gave up on its page. */
async function atProvider(paymentId: string, status: 'completed' | 'canceled') {
  const sandbox = createTestDeps(testConfig(), database).payments as SandboxPaymentProvider;
  expect(await sandbox.settle(paymentId, status)).toMatchObject({ changed: true });
}

async function statusOf(orderId: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

describe('the order check', () => {
  it('enrols a buyer who paid without the webhook, cancels what the provider canceled, expires a day-old one', async () => {
    const paid = await checkout(20);
    await atProvider(paid.paymentId, 'completed');
    const gaveUp = await checkout(30);
    await atProvider(gaveUp.paymentId, 'canceled');
    const abandoned = await checkout(25 * 60);
    const stillPaying = await checkout(40);
    const fresh = await checkout(5);
    const now = new Date();

    const run = await checkPendingOrders(a, now);
    expect(run.outcomes).toMatchObject({ paid: 1, canceled: 1, expired: 1 });

    expect(await statusOf(paid.order.id)).toBe('paid');
    const [enrolment] = await database.db.select().from(enrolments).where(eq(enrolments.orderId, paid.order.id));
    expect(enrolment).toMatchObject({ userId: paid.buyer.id, courseId: paid.course.id });
    expect(await statusOf(gaveUp.order.id)).toBe('canceled');
    expect(await statusOf(abandoned.order.id)).toBe('canceled');
    // Pending at the provider and younger than a day: asked, left pending, not asked again at once.
    expect(await statusOf(stillPaying.order.id)).toBe('pending');
    expect(asked.a).toContain(stillPaying.paymentId);
    // Too young to be asked about: the buyer may be on the payment page.
    expect(await statusOf(fresh.order.id)).toBe('pending');
    expect(asked.a).not.toContain(fresh.paymentId);

    const calls = asked.a.length;
    const again = await checkPendingOrders(a, new Date(now.getTime() + MINUTE));
    expect(again.claimed).toBe(0);
    expect(asked.a).toHaveLength(calls);
    // After the interval it is asked again; paid by then, the buyer is enrolled.
    await atProvider(stillPaying.paymentId, 'completed');
    const later = await checkPendingOrders(a, new Date(now.getTime() + ORDER_CHECKS.everyMs + MINUTE));
    expect(later.outcomes.paid).toBeGreaterThanOrEqual(1);
    expect(await statusOf(stillPaying.order.id)).toBe('paid');
  });

  it('an expired order whose payment completes later is paid after all: the buyer is enrolled', async () => {
    const late = await checkout(25 * 60);
    await checkPendingOrders(a, new Date());
    expect(await statusOf(late.order.id)).toBe('canceled');
    // The buyer pays on the page they left open; the provider's word arrives (webhook or status).
    await atProvider(late.paymentId, 'completed');
    expect(await applyPaymentUpdate(a, await a.payments.getPayment(late.paymentId))).toBe('paid');
    expect(await statusOf(late.order.id)).toBe('paid');
    const [enrolment] = await database.db.select().from(enrolments).where(eq(enrolments.orderId, late.order.id));
    expect(enrolment).toMatchObject({ userId: late.buyer.id });
    // A canceled order is not made failed or paid by anything else.
    const other = await checkout(25 * 60);
    await checkPendingOrders(a, new Date());
    await atProvider(other.paymentId, 'canceled');
    expect(await applyPaymentUpdate(a, await a.payments.getPayment(other.paymentId))).toBe('unchanged');
    expect(await statusOf(other.order.id)).toBe('canceled');
  });

  it('fails an order whose checkout never started, once it is old enough, and keeps one the provider cannot answer', async () => {
    const { order } = await checkout(30);
    // As if the process stopped between storing the order and hearing from the provider.
    await database.db.update(orders).set({ providerRef: null }).where(eq(orders.id, order.id));
    const unknown = await checkout(30);
    await database.db
      .update(orders)
      .set({ providerRef: 'sbx_unknown_to_the_sandbox' })
      .where(eq(orders.id, unknown.order.id));

    await checkPendingOrders(a, new Date());
    // Neither is expired before a day: the provider may still answer.
    expect(await statusOf(order.id)).toBe('pending');
    expect(await statusOf(unknown.order.id)).toBe('pending');
    await checkPendingOrders(a, new Date(Date.now() + ORDER_CHECKS.expireAfterMs));
    expect(await statusOf(order.id)).toBe('canceled');
    expect(await statusOf(unknown.order.id)).toBe('canceled');
  });

  it('runs once across two instances checking at the same moment: each order asked about once, paid once, one e-mail', async () => {
    const checkouts = await Promise.all(Array.from({ length: 12 }, (_, i) => checkout(20 + i)));
    for (const { paymentId } of checkouts.slice(0, 6)) await atProvider(paymentId, 'completed');
    const ids = checkouts.map((c) => c.paymentId);
    const before = { a: asked.a.length, b: asked.b.length };

    // Far enough ahead that every order of this file is due: the two rounds share them out.
    const now = new Date(Date.now() + 2 * ORDER_CHECKS.everyMs);
    await Promise.all([checkPendingOrders(a, now), checkPendingOrders(b, now)]);

    const askedNow = [...asked.a.slice(before.a), ...asked.b.slice(before.b)].filter((id) => ids.includes(id));
    expect(askedNow.sort()).toEqual([...ids].sort());
    const rows = await database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          checkouts.map((c) => c.order.id),
        ),
      );
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(6);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(6);
    // One confirmation queued per paid order, sent once by whichever instance claimed it.
    await settleMail();
    const buyers = checkouts.slice(0, 6).map((c) => c.buyer.email);
    const queued = await database.db.select().from(outbox).where(inArray(outbox.to, buyers));
    expect(
      queued.map((row) => [row.to, row.subject.startsWith('Payment confirmed'), row.status, row.attempts]),
    ).toEqual(expect.arrayContaining(buyers.map((to) => [to, true, 'sent', 1])));
    expect(queued).toHaveLength(6);
    const sent = [a, b].flatMap((deps) => (deps.mailTransport as MemoryMailTransport).sent);
    for (const to of buyers) expect(sent.filter((mail) => mail.to === to)).toHaveLength(1);
  });

  it('runs on a schedule and stops cleanly', async () => {
    const paid = await checkout(20);
    await atProvider(paid.paymentId, 'completed');
    const worker = startOrderChecks(a, { pollMs: 20 });
    try {
      for (let i = 0; i < 200 && (await statusOf(paid.order.id)) === 'pending'; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await worker.stop();
    }
    expect(await statusOf(paid.order.id)).toBe('paid');
  });
});
