import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordInput, LoginInput, ProfileUpdateInput, RegisterInput } from '@oasis/shared/auth';
import { fmt, type Locale, messagesFor } from '@oasis/shared/i18n';
import type { OidcIdentity } from '../../adapters/oidc/index.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AttributionValues } from '../../lib/attribution.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { deliverSoon, enqueueMail, type MailDeps, queueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import { findUserByEmail, isUniqueViolation, normalizeEmail, toPublicUser, type UserRow } from '../users/service.ts';
import { forgetAttempts, type Reservation, release, reserve, TooManyAttemptsError } from '../../lib/attempt-limiter.ts';
import { limitAddress } from '../../lib/trust-proxy.ts';
import { escapeHtml, htmlInLocale, siteLink } from '../mail/compose.ts';
import { queueVerificationLink, revokeVerificationLinks } from './email-verification.ts';
import { createSessionIfCurrent, revokeAllSessions, revokeSession, type SessionKind } from './sessions.ts';

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in tries (learner and admin doors share them: both guess the same password). Only failures
 * count: a successful sign-in gives its tries back, so a household or office behind one address is
 * not locked out by its own members. An address is an IPv4 address or an IPv6 /64 (`limitAddress`).
 */
export const LOGIN_LIMITS = {
  /** One address guessing one account's password. */
  perEmailAndIp: { max: 10, windowMs: 15 * MINUTE },
  /** One address guessing many accounts' passwords. */
  perIp: { max: 30, windowMs: 15 * MINUTE },
  /**
   * One account guessed at from many addresses: a slower back-off. Only tries that the address's
   * own limits let through reach it. Once it is reached, a try still goes through from a clean
   * address (no try of its own counted in its window), so the owner's right password from their
   * own device always works, while each other address gets one guess per window instead of ten.
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
  input: RegisterInput & { ip: string; locale?: Locale; attribution?: AttributionValues },
  now = new Date(),
) {
  const { db } = deps;
  // Counted before the lookup and the hash: a refused sign-up costs neither, and probing which
  // e-mails have accounts (409) counts too.
  await reserve(
    db,
    [
      {
        key: `register:ip:${limitAddress(input.ip)}`,
        max: deps.config.registrationsPerIpPerHour,
        windowMs: REGISTER_WINDOW_MS,
      },
    ],
    now,
  );
  if (await findUserByEmail(db, input.email)) throw conflict('auth.emailTaken');
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
          ...input.attribution,
        })
        .returning();
      return { user: user!, mailIds: await queueVerificationLink(deps, tx, user!, brandName, now) };
    });
    deliverSoon(deps, mailIds);
    return toPublicUser(user);
  } catch (error) {
    // Two registrations for one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('auth.emailTaken');
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
    throw unauthorized('auth.invalidCredentials');
  }
  // Null when the password just checked stopped being the account's while argon2 ran (a reset, a
  // Google takeover): it counts as a wrong password.
  const session = await createSessionIfCurrent(db, user, kind, now);
  if (!session) throw unauthorized('auth.invalidCredentials');
  await release(db, reservation);
  return { token: session.token, user: toPublicUser(user) };
}

/**
 * Counts a sign-in try before the account is looked up and the password checked (argon2), so
 * parallel guesses cannot all run before the first one is counted. The address's own limits come
 * first; the account's back-off is counted only for a try they let through, so a flood from one
 * address, refused there, never reaches the count that every other address shares. When the
 * back-off is full, a clean address (this try the only one counted for it) still gets its try: the
 * back-off slows guessing, it never keeps the owner out. A wrong password from it is counted
 * against the address, which is then no longer clean.
 */
async function reserveSignIn(db: Db, email: string, ip: string, now: Date): Promise<Reservation> {
  const address = limitAddress(ip);
  const perAddress = `login:ip:${address}`;
  const fromAddress = await reserve(
    db,
    [
      { key: `login:email-ip:${email}|${address}`, ...LOGIN_LIMITS.perEmailAndIp },
      { key: perAddress, ...LOGIN_LIMITS.perIp },
    ],
    now,
  );
  try {
    return [...fromAddress, ...(await reserve(db, [{ key: `login:email:${email}`, ...LOGIN_LIMITS.perEmail }], now))];
  } catch (error) {
    const clean = fromAddress.find((entry) => entry.key === perAddress)?.count === 1;
    if (error instanceof TooManyAttemptsError && clean) return fromAddress;
    await release(db, fromAddress);
    throw error;
  }
}

/**
 * What a completed reset forgets: the account's sign-in back-off, every address's count of tries
 * at it, and its count of reset e-mails. The owner proved the address; strangers' guesses at the
 * old password must not keep them out of the new one.
 */
function forgetAccountLimits(db: Db, email: string) {
  return forgetAttempts(db, [`login:email:${email}`, `forgot:email:${email}`], [`login:email-ip:${email}|`]);
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
  const limits = [`forgot:ip:${limitAddress(input.ip)}`, `forgot:email:${email}`].map((key) => ({
    key,
    ...FORGOT_LIMIT,
  }));
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
 * account stops working, every session is revoked, and the account's attempt limits start afresh.
 */
export async function resetPassword(db: Db, input: { token: string; password: string; ip: string }, now = new Date()) {
  const tokenHash = hashToken(input.token);
  // Counted before the hash; a successful reset gives its try back (only failures count).
  const limits = [`reset:ip:${limitAddress(input.ip)}`, `reset:token:${tokenHash}`].map((key) => ({
    key,
    ...RESET_LIMIT,
  }));
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
    // A sign-in that checked the old password and has not opened its session yet now cannot.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, credentialVersion: sql`${users.credentialVersion} + 1` })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    await forgetAccountLimits(tx, user!.email);
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
  if (!done) throw badRequest('auth.invalidResetToken');
  await release(db, reservation);
}

/**
 * Google sign-in: the Google account (its subject) signs in to the account it created or was
 * linked to; otherwise an account with the same e-mail is linked (verified) or taken over
 * (unverified, see `takeOverUnverifiedAccount`); otherwise a new learner is created. An unverified
 * Google e-mail is refused: it proves nothing about who owns it.
 */
export async function signInWithOidc(deps: MailDeps, identity: OidcIdentity, locale: Locale = 'en', now = new Date()) {
  if (!identity.email || !identity.emailVerified) throw forbidden('auth.googleFailed');
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
  if (!user) throw forbidden('auth.googleFailed');
  // Null only when a password reset changed the account in the meantime: this attempt fails, a new one works.
  const session = await createSessionIfCurrent(deps.db, user, 'learner', now);
  if (!session) throw forbidden('auth.googleFailed');
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
    if (byEmail.googleSub) throw forbidden('auth.googleFailed');
    if (!byEmail.emailVerifiedAt) return takeOverUnverifiedAccount(deps, byEmail, identity, locale, now);
    const [linked] = await db
      .update(users)
      .set({ googleSub: identity.sub })
      .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
      .returning();
    return linked ?? null;
  }
  const [created] = await db
    .insert(users)
    .values({
      name: nameFromIdentity(identity, email),
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

/** The Google profile's name when it is long enough for our rules, else the e-mail's local part. */
function nameFromIdentity(identity: OidcIdentity, email: string): string {
  const name = identity.name?.trim();
  return name && name.length >= 3 ? name : email.split('@')[0]!;
}

/**
 * An account whose e-mail was never proved belongs to whoever typed the address, possibly not its
 * owner: someone could register victim@example.com with a password of their choosing and wait. When
 * the owner proves the address through Google, the account becomes theirs, in one transaction:
 * linked and verified, the password cleared (the owner can set one through 'forgot password'), the
 * name, phone and language the stranger gave replaced by the owner's, the credential version raised
 * (a password sign-in checked before and finishing after cannot open a session), every session,
 * reset link and verification link ended, and an e-mail to the address saying so.
 */
async function takeOverUnverifiedAccount(
  deps: MailDeps,
  account: UserRow,
  identity: OidcIdentity,
  locale: Locale,
  now: Date,
): Promise<UserRow | null> {
  const { brandName } = await getSettings(deps.db);
  const result = await deps.db.transaction(async (tx) => {
    // The conditions make a simultaneous sign-in or verification win cleanly: no row, no change.
    const [taken] = await tx
      .update(users)
      .set({
        googleSub: identity.sub,
        emailVerifiedAt: now,
        passwordHash: null,
        credentialVersion: sql`${users.credentialVersion} + 1`,
        name: nameFromIdentity(identity, account.email),
        phone: '',
        locale,
      })
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
