import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  type ForgotPasswordInput,
  type LoginInput,
  type ProfileUpdateInput,
  type RegisterInput,
} from '@oasis/shared/auth';
import { fmt, type Locale, messagesFor } from '@oasis/shared/i18n';
import type { OidcIdentity } from '../../adapters/oidc/index.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { deliverSoon, enqueueMail, type MailDeps, queueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import { findUserByEmail, isUniqueViolation, normalizeEmail, toPublicUser, type UserRow } from '../users/service.ts';
import { type Reservation, release, reserve } from '../../lib/attempt-limiter.ts';
import { escapeHtml, htmlInLocale, siteLink } from '../mail/compose.ts';
import { queueVerificationLink, revokeVerificationLinks } from './email-verification.ts';
import { createSession, revokeAllSessions, revokeSession, type SessionKind } from './sessions.ts';

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in tries (learner and admin doors share them: both guess the same password). Only failures
 * count: a successful sign-in gives its tries back, so a household or office behind one address is
 * not locked out by its own members.
 */
export const LOGIN_LIMITS = {
  /** One address guessing one account's password. */
  perEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  /** One address guessing many accounts' passwords. */
  perIp: { max: 30, windowMs: 15 * MINUTE },
  /**
   * One account guessed at from many addresses: a slower back-off. Only tries that the address's
   * own limits let through reach it, so no single address can lock the owner out everywhere.
   */
  perEmail: { max: 100, windowMs: HOUR },
} as const;

/** Reset e-mails, per address and per account: every request counts (each one can send an e-mail). */
export const FORGOT_LIMIT = { max: 10, windowMs: 15 * MINUTE } as const;

/** Failed resets (a wrong, used or expired token), per address and per token. */
export const RESET_LIMIT = { max: 10, windowMs: 15 * MINUTE } as const;

/** New accounts per address: each costs an argon2 hash and a row (the max is a setting, see config). */
export const REGISTER_WINDOW_MS = HOUR;

// A hash to verify against when the e-mail is unknown, so that answering "no such account" takes
// as long as answering "wrong password".
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
};

/**
 * Creates a learner, unverified, and e-mails the link that proves the address (stored together).
 * `locale` is the language of the page they signed up from: their e-mails are written in it.
 */
export async function registerUser(
  deps: MailDeps,
  input: RegisterInput & { ip: string; locale?: Locale },
  now = new Date(),
) {
  const { db } = deps;
  // Counted before the lookup and the hash: a refused sign-up costs neither, and probing which
  // e-mails have accounts (409) counts too.
  await reserve(
    db,
    [{ key: `register:ip:${input.ip}`, max: deps.config.registrationsPerIpPerHour, windowMs: REGISTER_WINDOW_MS }],
    now,
  );
  if (await findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const { brandName } = await getSettings(db);
  try {
    const { user, mailIds } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: normalizeEmail(input.email),
          passwordHash,
          role: 'learner',
          locale: input.locale ?? 'en',
        })
        .returning();
      return { user: user!, mailIds: await queueVerificationLink(deps, tx, user!, brandName, now) };
    });
    deliverSoon(deps, mailIds);
    return toPublicUser(user);
  } catch (error) {
    // Two registrations for one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Checks e-mail and password and opens a session. The answer never says which part was wrong, and
 * an admin sign-in by someone who is not an admin gets the same answer as a wrong password, so the
 * admin door tells a stranger nothing about learners' passwords.
 */
export async function signIn(db: Db, input: LoginInput & { ip: string }, kind: SessionKind, now = new Date()) {
  const email = normalizeEmail(input.email);
  const reservation = await reserveSignIn(db, email, input.ip, now);
  const user = await findUserByEmail(db, email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await getDummyHash(), input.password).then(() => false);
  // A failure keeps its reserved tries.
  if (!user || !passwordOk || (kind === 'admin' && user.role !== 'admin')) {
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await release(db, reservation);
  const session = await createSession(db, user.id, kind, now);
  return { token: session.token, user: toPublicUser(user) };
}

/**
 * Counts a sign-in try before the account is looked up and the password checked (argon2), so
 * parallel guesses cannot all run before the first one is counted. The address's own limits come
 * first; the account's back-off is counted only for a try they let through, so a flood from one
 * address, refused there, never reaches the count that every other address shares.
 */
async function reserveSignIn(db: Db, email: string, ip: string, now: Date): Promise<Reservation> {
  const fromAddress = await reserve(
    db,
    [
      { key: `login:ip-email:${ip}|${email}`, ...LOGIN_LIMITS.perEmailAndIp },
      { key: `login:ip:${ip}`, ...LOGIN_LIMITS.perIp },
    ],
    now,
  );
  try {
    return [...fromAddress, ...(await reserve(db, [{ key: `login:email:${email}`, ...LOGIN_LIMITS.perEmail }], now))];
  } catch (error) {
    await release(db, fromAddress);
    throw error;
  }
}

/** Ends the session behind the token; unknown or already ended tokens are fine (logout is idempotent). */
export async function signOut(db: Db, token: string | null) {
  if (token) await revokeSession(db, token);
}

export async function updateProfile(db: Db, userId: string, input: ProfileUpdateInput) {
  const [user] = await db
    .update(users)
    .set({ name: input.name, phone: input.phone })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw notFound();
  return toPublicUser(user);
}

/**
 * Sends a reset link when the account exists; the caller answers the same either way. Earlier
 * links stay valid until they expire or one of them is used.
 */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log'>,
  input: ForgotPasswordInput & { ip: string },
  now = new Date(),
) {
  const email = normalizeEmail(input.email);
  const limits = [`forgot:ip:${input.ip}`, `forgot:email:${email}`].map((key) => ({ key, ...FORGOT_LIMIT }));
  await reserve(deps.db, limits, now);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const { token, hash } = newToken();
  await deps.db
    .insert(passwordResets)
    .values({ tokenHash: hash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  const { brandName } = await getSettings(deps.db);
  // In the account's language, whoever asked: the e-mail is for the address's owner.
  const t = messagesFor(user.locale).mail;
  const link = siteLink(deps.config.siteUrl, user.locale, `/reset-password/${token}`);
  const hello = fmt(t.hello, { name: user.name });
  const intro = fmt(t.resetIntro, { brand: brandName });
  await queueMail(deps, {
    to: user.email,
    subject: fmt(t.resetSubject, { brand: brandName }),
    text: [hello, '', intro, '', link, '', t.resetIgnore].join('\n'),
    html: htmlInLocale(
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.resetLink)}</a></p><p>${escapeHtml(t.resetIgnore)}</p>`,
      user.locale,
    ),
  });
}

/**
 * Sets a new password with a reset token: the token is marked used in the same statement that
 * checks it (so it works once, even under two simultaneous clicks), every other reset link of the
 * account stops working, and every session is revoked.
 */
export async function resetPassword(db: Db, input: { token: string; password: string; ip: string }, now = new Date()) {
  const tokenHash = hashToken(input.token);
  // Counted before the hash; a successful reset gives its try back (only failures count).
  const limits = [`reset:ip:${input.ip}`, `reset:token:${tokenHash}`].map((key) => ({ key, ...RESET_LIMIT }));
  const reservation = await reserve(db, limits, now);
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    // The link reached the inbox, which proves the address as a verification link does.
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, reset.userId), isNull(users.emailVerifiedAt)));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await revokeAllSessions(tx, reset.userId);
    return true;
  });
  if (!done) throw badRequest(AUTH_MESSAGES.invalidResetToken);
  await release(db, reservation);
}

/**
 * Google sign-in: the Google account (its subject) signs in to the account it created or was
 * linked to; otherwise an account with the same e-mail is linked (verified) or taken over
 * (unverified, see `takeOverUnverifiedAccount`); otherwise a new learner is created. An unverified
 * Google e-mail is refused: it proves nothing about who owns it.
 */
export async function signInWithOidc(deps: MailDeps, identity: OidcIdentity, locale: Locale = 'en', now = new Date()) {
  if (!identity.email || !identity.emailVerified) throw forbidden(AUTH_MESSAGES.googleFailed);
  const email = normalizeEmail(identity.email);
  let user: UserRow | null = null;
  for (let attempt = 0; attempt < 2 && !user; attempt++) {
    try {
      user = await findOrCreateOidcUser(deps, identity, email, locale, now);
    } catch (error) {
      // A simultaneous first sign-in created the row: the second pass finds it.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
  if (!user) throw forbidden(AUTH_MESSAGES.googleFailed);
  const session = await createSession(deps.db, user.id, 'learner', now);
  return { token: session.token, user: toPublicUser(user) };
}

/** Returns null when a simultaneous sign-in changed the account first: the caller looks again. */
async function findOrCreateOidcUser(
  deps: MailDeps,
  identity: OidcIdentity,
  email: string,
  locale: Locale,
  now: Date,
): Promise<UserRow | null> {
  const { db } = deps;
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (bySub) return bySub;
  const byEmail = await findUserByEmail(db, email);
  if (byEmail) {
    // Already linked to another Google account: do not silently swap the link.
    if (byEmail.googleSub) throw forbidden(AUTH_MESSAGES.googleFailed);
    if (!byEmail.emailVerifiedAt) return takeOverUnverifiedAccount(deps, byEmail, identity.sub, locale, now);
    const [linked] = await db
      .update(users)
      .set({ googleSub: identity.sub })
      .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
      .returning();
    return linked ?? null;
  }
  const name = identity.name?.trim();
  const [created] = await db
    .insert(users)
    .values({
      name: name && name.length >= 3 ? name : email.split('@')[0]!,
      email,
      googleSub: identity.sub,
      role: 'learner',
      // Google vouches for the address (the caller refused an unverified one).
      emailVerifiedAt: now,
      locale,
    })
    .returning();
  return created!;
}

/**
 * An account whose e-mail was never proved belongs to whoever typed the address, possibly not its
 * owner: someone could register victim@example.com with a password of their choosing and wait. When
 * the owner proves the address through Google, the account becomes theirs, in one transaction:
 * linked and verified, the password cleared (the owner can set one through 'forgot password'),
 * every session, reset link and verification link ended, and an e-mail to the address saying so.
 */
async function takeOverUnverifiedAccount(
  deps: MailDeps,
  account: UserRow,
  googleSub: string,
  locale: Locale,
  now: Date,
): Promise<UserRow | null> {
  const { brandName } = await getSettings(deps.db);
  const result = await deps.db.transaction(async (tx) => {
    // The conditions make a simultaneous sign-in or verification win cleanly: no row, no change.
    const [taken] = await tx
      .update(users)
      .set({ googleSub, emailVerifiedAt: now, passwordHash: null })
      .where(and(eq(users.id, account.id), isNull(users.googleSub), isNull(users.emailVerifiedAt)))
      .returning();
    if (!taken) return null;
    await revokeAllSessions(tx, taken.id);
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, taken.id), isNull(passwordResets.usedAt)));
    await revokeVerificationLinks(tx, taken.id, now);
    const mailIds = await enqueueMail(tx, [accountSecuredMail(deps, taken, brandName, locale)], now);
    return { taken, mailIds };
  });
  if (!result) return null;
  deliverSoon(deps, result.mailIds);
  return result.taken;
}

/**
 * In the language of the Google sign-in that took the account over: the one who reads it is the
 * address's owner, signing in now, not whoever registered the account.
 */
function accountSecuredMail(deps: Pick<MailDeps, 'config'>, user: UserRow, brandName: string, locale: Locale) {
  const t = messagesFor(locale).mail;
  const link = siteLink(deps.config.siteUrl, locale, '/forgot-password');
  const hello = fmt(t.hello, { name: user.name });
  const intro = fmt(t.securedIntro, { brand: brandName });
  return {
    to: user.email,
    subject: fmt(t.securedSubject, { brand: brandName }),
    text: [hello, '', intro, '', t.securedHowTo, '', link].join('\n'),
    html: htmlInLocale(
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(t.securedHowTo)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.securedLink)}</a></p>`,
      locale,
    ),
  };
}
