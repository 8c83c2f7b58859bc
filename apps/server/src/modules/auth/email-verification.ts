import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { fmt, messagesFor } from '@oasis/shared/i18n';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema.ts';
import { TooManyAttemptsError } from '../../lib/attempt-limiter.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { escapeHtml, htmlInLocale, siteLink } from '../mail/compose.ts';
import { deliverSoon, enqueueMail, type MailDeps } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import type { UserRow } from '../users/service.ts';

/**
 * Proving an e-mail address. A password sign-up starts unverified: anyone can type any address, so
 * until the owner opens the link we sent there, the account proves nothing about who owns it. That
 * matters for Google sign-in, which links accounts by e-mail (see `signInWithOidc`). Unverified
 * learners can still buy and learn; nothing is blocked.
 */

/** A verification link works for 7 days, once. */
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** At most one new link per account per minute: each one is an e-mail to someone's inbox. */
export const VERIFY_RESEND_INTERVAL_MS = 60 * 1000;

type User = Pick<UserRow, 'id' | 'name' | 'email' | 'locale'>;

/**
 * Stores a new link for the account and writes its e-mail to the outbox, both on `db` (pass a
 * transaction to make them part of a larger change). Returns the outbox ids for `deliverSoon`.
 */
export async function queueVerificationLink(
  deps: Pick<MailDeps, 'config'>,
  db: Db,
  user: User,
  brandName: string,
  now = new Date(),
): Promise<string[]> {
  const { token, hash } = newToken();
  await db.insert(emailVerifications).values({
    tokenHash: hash,
    userId: user.id,
    expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
    // Set from the same clock as the resend check below reads it.
    createdAt: now,
  });
  const link = siteLink(deps.config.siteUrl, user.locale, `/verify-email/${token}`);
  return enqueueMail(db, [verificationMail(user, brandName, link)], now);
}

/** In the account's language (its `locale`), the link to the page in that language. */
function verificationMail(user: User, brandName: string, link: string): MailMessage {
  const t = messagesFor(user.locale).mail;
  const hello = fmt(t.hello, { name: user.name });
  const intro = fmt(t.verifyIntro, { brand: brandName });
  return {
    to: user.email,
    subject: fmt(t.verifySubject, { brand: brandName }),
    text: [hello, '', intro, '', link, '', t.verifyIgnore].join('\n'),
    html: htmlInLocale(
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.verifyLink)}</a></p><p>${escapeHtml(t.verifyIgnore)}</p>`,
      user.locale,
    ),
  };
}

/**
 * Marks the account behind the link verified. The link is marked used in the same statement that
 * checks it, so it works once even under two simultaneous clicks; the account's other links stop
 * working too. An account that was already verified (by a reset or Google) answers the same.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<void> {
  const tokenHash = hashToken(token);
  const done = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId });
    if (!link) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)));
    await revokeVerificationLinks(tx, link.userId, now);
    return true;
  });
  if (!done) throw badRequest('auth.invalidVerifyToken');
}

/**
 * Sends a new link to a signed-in learner who is not verified yet; does nothing for a verified one.
 * Returns whether a link was sent. The limit is read from the links already stored, under a lock on
 * the account's row, so parallel requests cannot send two links within the interval.
 */
export async function resendVerificationLink(deps: MailDeps, userId: string, now = new Date()): Promise<boolean> {
  const { brandName } = await getSettings(deps.db);
  const ids = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound();
    if (user.emailVerifiedAt) return null;
    const [latest] = await tx
      .select({ createdAt: emailVerifications.createdAt })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, userId))
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    const waitMs = latest ? latest.createdAt.getTime() + VERIFY_RESEND_INTERVAL_MS - now.getTime() : 0;
    if (waitMs > 0) throw new TooManyAttemptsError(Math.ceil(waitMs / 1000));
    return queueVerificationLink(deps, tx, user, brandName, now);
  });
  if (!ids) return false;
  deliverSoon(deps, ids);
  return true;
}

/** Ends every unused verification link of the account. */
export async function revokeVerificationLinks(db: Db, userId: string, now = new Date()) {
  await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}
