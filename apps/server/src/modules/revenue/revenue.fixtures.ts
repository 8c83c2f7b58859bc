import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { signIn } from '../../../test/uploads.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/**
 * Checks what every owner's report and export answers: 401 without a session, 403 to a learner,
 * and to the admin (`headers`) a 200 no cache keeps. The admin's answer, for more checks.
 */
export async function expectAdminOnly(t: TestContext, url: string, headers: Record<string, string>) {
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  const learner = await signIn(t.deps.db, 'learner');
  expect((await t.app.inject({ method: 'GET', url, headers: learner.headers })).statusCode).toBe(403);
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res;
}

/** An order of `userId` for `courseId`, paid through the sandbox at `at` unless `values` say otherwise. */
export async function insertOrder(
  db: Db,
  values: { userId: string; courseId: string; at: string } & Partial<typeof orders.$inferInsert>,
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(orders)
    .values({
      email: 'buyer@example.com',
      amountFils: 10_500,
      provider: 'sandbox',
      providerRef: `test_${randomUUID()}`,
      status: 'paid',
      paidAt: new Date(at),
      createdAt: new Date(at),
      ...rest,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}
