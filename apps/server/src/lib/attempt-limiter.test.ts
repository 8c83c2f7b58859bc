import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { attemptCounters } from '../db/schema.ts';
import { release, reserve, sweepExpiredAttempts, TooManyAttemptsError } from './attempt-limiter.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const MINUTE = 60_000;
const start = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
/** Keys of their own for each test, so tests pass in any order on one database. */
const keys = () => {
  const prefix = `test:${randomUUID()}`;
  return (name: string) => `${prefix}:${name}`;
};

async function countOf(key: string) {
  const [row] = await database.db.select().from(attemptCounters).where(eq(attemptCounters.key, key));
  return row?.count;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TooManyAttemptsError);
  return error as TooManyAttemptsError;
}

describe('reserve', () => {
  it('lets max tries through per window, then refuses with the wait until the window ends', async () => {
    const key = keys()('ip:a');
    const limit = [{ key, max: 3, windowMs: MINUTE }];
    for (let i = 0; i < 3; i++) await reserve(database.db, limit, at(i * 1000));
    const error = await refusal(reserve(database.db, limit, at(20_000)));
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 40 });
    await refusal(reserve(database.db, limit, at(MINUTE - 1)));
    // The window opened by the first try has ended: the count starts again.
    await reserve(database.db, limit, at(MINUTE));
    expect(await countOf(key)).toBe(1);
  });

  it('lets exactly max of many parallel requests through', async () => {
    const key = keys()('burst');
    const limit = [{ key, max: 10, windowMs: MINUTE }];
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => reserve(database.db, limit, start)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(TooManyAttemptsError);
    expect(await countOf(key)).toBe(10);
  });

  it('refuses when any one key is used up, and a refused request takes nothing from the others', async () => {
    const k = keys();
    const account = { key: k('email:x'), max: 2, windowMs: MINUTE };
    for (let i = 0; i < 2; i++) await reserve(database.db, [account, { key: k(`ip:${i}`), max: 5, windowMs: MINUTE }]);
    await refusal(reserve(database.db, [{ key: k('ip:fresh'), max: 5, windowMs: MINUTE }, account]));
    expect(await countOf(k('ip:fresh'))).toBe(0);
    expect(await countOf(account.key)).toBe(2);
    await reserve(database.db, [
      { key: k('ip:fresh'), max: 5, windowMs: MINUTE },
      { ...account, key: k('email:y') },
    ]);
  });

  it('answers with the longest wait among the used-up keys', async () => {
    const k = keys();
    const short = { key: k('short'), max: 1, windowMs: MINUTE };
    const long = { key: k('long'), max: 1, windowMs: 15 * MINUTE };
    await reserve(database.db, [short, long], start);
    const error = await refusal(reserve(database.db, [short, long], at(30_000)));
    expect(error.retryAfterSeconds).toBe(15 * 60 - 30);
  });

  it('counts a key named twice in one request once', async () => {
    const key = keys()('twice');
    await reserve(database.db, [
      { key, max: 5, windowMs: MINUTE },
      { key, max: 5, windowMs: MINUTE },
    ]);
    expect(await countOf(key)).toBe(1);
  });
});

describe('release', () => {
  it('gives a reservation back, never below 0', async () => {
    const key = keys()('login');
    const limit = [{ key, max: 2, windowMs: MINUTE }];
    const first = await reserve(database.db, limit, start);
    await reserve(database.db, limit, start);
    await refusal(reserve(database.db, limit, start));
    await release(database.db, first);
    expect(await countOf(key)).toBe(1);
    await reserve(database.db, limit, start);
    await release(database.db, first);
    await release(database.db, first);
    await release(database.db, first);
    expect(await countOf(key)).toBe(0);
  });

  it('leaves a window that started after the reservation alone', async () => {
    const key = keys()('late');
    const limit = [{ key, max: 5, windowMs: MINUTE }];
    const old = await reserve(database.db, limit, start);
    await reserve(database.db, limit, at(MINUTE + 1));
    await release(database.db, old);
    expect(await countOf(key)).toBe(1);
  });
});

describe('sweepExpiredAttempts', () => {
  it('deletes ended windows only, at most one batch per call', async () => {
    const k = keys();
    // Far in the future of every other test's windows, so this test's clock ends only its own.
    const base = new Date('2100-01-01T00:00:00Z');
    for (let i = 0; i < 3; i++) await reserve(database.db, [{ key: k(`old:${i}`), max: 5, windowMs: MINUTE }], base);
    await reserve(database.db, [{ key: k('current'), max: 5, windowMs: 60 * MINUTE }], base);
    const later = new Date(base.getTime() + 2 * MINUTE);
    const mine = like(attemptCounters.key, `${k('')}%`);
    expect(await sweepExpiredAttempts(database.db, later, 2)).toBe(2);
    await sweepExpiredAttempts(database.db, later);
    const left = await database.db.select({ key: attemptCounters.key }).from(attemptCounters).where(mine);
    expect(left.map((row) => row.key)).toEqual([k('current')]);
  });
});
