import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export type SessionKind = 'learner' | 'admin';
export type SessionUser = typeof users.$inferSelect;

/** Who sent a request: set by the auth plugin, read by services that answer per person. */
export interface RequestAuth {
  user: SessionUser;
  sessionKind: SessionKind;
  token: string;
}

/** Learners stay signed in for 30 days, admins for 12 hours. */
export const SESSION_TTL_MS: Record<SessionKind, number> = {
  learner: 30 * 24 * 60 * 60 * 1000,
  admin: 12 * 60 * 60 * 1000,
};

/** Opens a session for the user, whatever their credential: for callers that checked nothing (tests, tools). */
export async function createSession(db: Db, userId: string, kind: SessionKind, now = new Date()) {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS[kind]);
  await insertSession(db, { tokenHash: hash, userId, kind, expiresAt }, now);
  return { token, expiresAt };
}

/**
 * Opens a session for `user` as it was read when its credential was checked, or returns null when
 * that credential is no longer current: a password reset or a Google takeover raised the account's
 * `credentialVersion` meanwhile. The check and the insert share a transaction that holds the user
 * row (FOR SHARE): a takeover or reset running at the same moment either waits for the insert and
 * then revokes the new session with the others, or commits first and the check fails.
 */
export async function createSessionIfCurrent(
  db: Db,
  user: Pick<SessionUser, 'id' | 'credentialVersion'>,
  kind: SessionKind,
  now = new Date(),
) {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS[kind]);
  const opened = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.credentialVersion, user.credentialVersion)))
      .for('share');
    if (!current) return false;
    await insertSession(tx, { tokenHash: hash, userId: user.id, kind, expiresAt }, now);
    return true;
  });
  return opened ? { token, expiresAt } : null;
}

async function insertSession(db: Db, session: typeof sessions.$inferInsert & { userId: string }, now: Date) {
  // Each sign-in sweeps the person's own ended sessions, so the table holds live ones only.
  await db.delete(sessions).where(and(eq(sessions.userId, session.userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values(session);
}

/** The session and user behind a bearer token, or null when unknown, revoked or expired. */
export async function findSession(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeAllSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
