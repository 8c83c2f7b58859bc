import { and, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { ErrorRef } from '@oasis/shared/error-codes';
import type { Db } from '../db/client.ts';
import { attemptCounters } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { startsWithPattern } from './like-pattern.ts';

/** One counter a request is counted against: a namespaced key ('login:ip:1.2.3.4') and its limit. */
export interface AttemptLimit {
  key: string;
  /** Tries allowed in one window. */
  max: number;
  windowMs: number;
}

/**
 * What a request took: handed to `release` to give it back (the window pins it to that window).
 * `count` is the key's count with this try in it: 1 when no other try is counted in the window.
 */
export type Reservation = readonly { key: string; resetAt: Date; count: number }[];

/** A 429 that knows when the caller may try again. */
export class TooManyAttemptsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    error: ErrorRef = 'core.tooManyRequests',
  ) {
    super(429, error);
  }
}

/** Every this many reservations (per process), expired counters are swept. */
const SWEEP_EVERY = 100;
/** Rows one sweep deletes at most, so a sweep stays one short statement however many piled up. */
const SWEEP_BATCH = 500;
let reservationsSinceSweep = 0;

/**
 * Counts one try against every key, in one statement, BEFORE the caller does the expensive or
 * guarded work (argon2, an e-mail, an order): parallel requests each see the count their own
 * increment made, so exactly `max` get through, on one instance or several sharing PostgreSQL.
 * Fixed windows: a key's first try opens a window of `windowMs`; the count starts again at 1 once
 * it has ended.
 *
 * Throws a TooManyAttemptsError when any key went over its max. A refused request gives all of its
 * keys back at once: it did nothing, so it must not use up the tries of the other keys it names
 * (one flooding address would otherwise exhaust an account's count that other addresses share).
 *
 * `now` is the clock (tests move it); windows are stored as absolute times from it.
 */
export async function reserve(db: Db, limits: AttemptLimit[], now = new Date()): Promise<Reservation> {
  const byKey = new Map<string, AttemptLimit>();
  for (const limit of limits) {
    const seen = byKey.get(limit.key);
    if (!seen || limit.max < seen.max) byKey.set(limit.key, limit);
  }
  if (byKey.size === 0) return [];
  // The same order in every statement, so two requests locking overlapping keys on PostgreSQL
  // always wait for each other the same way round and never deadlock.
  const ordered = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ended = sql`${attemptCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(attemptCounters)
    .values(ordered.map((limit) => ({ key: limit.key, count: 1, resetAt: new Date(now.getTime() + limit.windowMs) })))
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${ended} then 1 else ${attemptCounters.count} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${attemptCounters.resetAt} end`,
      },
    })
    .returning({ key: attemptCounters.key, count: attemptCounters.count, resetAt: attemptCounters.resetAt });

  const reservation: Reservation = rows;
  const over = rows.filter((row) => row.count > byKey.get(row.key)!.max);
  if (++reservationsSinceSweep >= SWEEP_EVERY) {
    reservationsSinceSweep = 0;
    await sweepExpiredAttempts(db, now);
  }
  if (over.length > 0) {
    await release(db, reservation);
    const waitMs = Math.max(...over.map((row) => row.resetAt.getTime() - now.getTime()));
    throw new TooManyAttemptsError(Math.max(1, Math.ceil(waitMs / 1000)));
  }
  return reservation;
}

/**
 * Gives a reservation back (each count down by one, never below 0), for limits where only failures
 * count: a successful sign-in releases what it reserved. A key whose window has started again
 * since is left alone: the try belonged to the window that ended.
 */
export async function release(db: Db, reservation: readonly { key: string; resetAt: Date }[]): Promise<void> {
  if (reservation.length === 0) return;
  const ordered = [...reservation].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // An upsert rather than an UPDATE: it takes the rows in the given (key) order, as `reserve` does,
  // so the two never deadlock. A counter swept meanwhile comes back as an expired 0 and is swept again.
  await db
    .insert(attemptCounters)
    .values(ordered.map(({ key, resetAt }) => ({ key, count: 0, resetAt })))
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: { count: sql`greatest(${attemptCounters.count} - 1, 0)` },
      setWhere: sql`${attemptCounters.resetAt} = excluded.reset_at`,
    });
}

/** Forgets every count of the given keys, and of the keys that start with one of `prefixes`. */
export async function forgetAttempts(db: Db, keys: string[], prefixes: string[] = []): Promise<void> {
  const matches = [
    keys.length > 0 ? inArray(attemptCounters.key, keys) : undefined,
    ...prefixes.map((prefix) => like(attemptCounters.key, startsWithPattern(prefix))),
  ].filter((match) => match !== undefined);
  if (matches.length > 0) await db.delete(attemptCounters).where(or(...matches));
}

/**
 * Deletes up to SWEEP_BATCH counters whose window has ended (they would start again at 1 anyway),
 * so the table holds roughly the keys of the last window instead of every address ever seen. Rows
 * another statement holds are skipped (SKIP LOCKED): the sweep never waits for, or blocks, a try.
 */
export async function sweepExpiredAttempts(db: Db, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const expired = db
    .select({ key: attemptCounters.key })
    .from(attemptCounters)
    .where(lte(attemptCounters.resetAt, now))
    .orderBy(attemptCounters.resetAt)
    .limit(batch)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(attemptCounters)
    .where(and(inArray(attemptCounters.key, expired), lte(attemptCounters.resetAt, now)))
    .returning({ key: attemptCounters.key });
  return deleted.length;
}
