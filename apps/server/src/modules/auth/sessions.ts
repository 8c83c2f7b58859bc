import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export type SessionKind = 'learner' | 'admin';
export type SessionUser = typeof users.$inferSelect;

/** Learners stay signed in for 30 days, admins for 12 hours. */
export const SESSION_TTL_MS: Record<SessionKind, number> = {
  learner: 30 * 24 * 60 * 60 * 1000,
  admin: 12 * 60 * 60 * 1000,
};

export async function createSession(db: Db, userId: string, kind: SessionKind, now = new Date()) {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS[kind]);
  // Each sign-in sweeps the person's own ended sessions, so the table holds live ones only.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({ tokenHash: hash, userId, kind, expiresAt });
  return { token, expiresAt };
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
