import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, loginResponseSchema, registerResponseSchema, userResponseSchema } from '@oasis/shared/auth';
import { MESSAGES } from '@oasis/shared/messages';
import { emailVerifications, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

// Every test uses its own address so the per-IP limits of one test do not spill into another.
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(url: string, body?: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: nextIp(),
  });
}

async function me(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return userResponseSchema.parse(res.json()).user;
}

const linkIn = (text: string, page: 'verify-email' | 'reset-password') => {
  const match = new RegExp(`http://localhost:3000/${page}/([A-Za-z0-9_-]+)`).exec(text);
  expect(match, `the e-mail holds the ${page} link`).not.toBeNull();
  return match![1]!;
};

const verifyMails = (email: string, count = 1) => t.mail.waitForMailAbout(email, 'Confirm your', count);

let emailCounter = 0;
/** Registers through the API, signs in, and reads the verification link from the e-mail. */
async function registerLearner() {
  const email = `verify${++emailCounter}@example.com`;
  const password = 'secret-password';
  const res = await post('/api/auth/register', { name: 'Vera Learner', email, password });
  expect(res.statusCode).toBe(201);
  const { user } = registerResponseSchema.parse(res.json());
  const [mail] = await verifyMails(email);
  const login = await post('/api/auth/login', { email, password });
  expect(login.statusCode).toBe(200);
  const { token } = loginResponseSchema.parse(login.json());
  return { email, password, user, token, verifyToken: linkIn(mail!.text, 'verify-email') };
}

describe('registration', () => {
  it('creates an unverified account and e-mails a link valid for 7 days; only its hash is stored', async () => {
    const before = Date.now();
    const learner = await registerLearner();
    expect(learner.user.emailVerified).toBe(false);
    expect((await me(learner.token)).emailVerified).toBe(false);
    const [mail] = await verifyMails(learner.email);
    expect(mail!.subject).toContain('Confirm your');
    expect(mail!.html).toContain(`/verify-email/${learner.verifyToken}`);
    const [row] = await t.deps.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(learner.verifyToken)));
    expect(row).toMatchObject({ userId: learner.user._id, usedAt: null });
    const days = (row!.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const all = await t.deps.db.select({ hash: emailVerifications.tokenHash }).from(emailVerifications);
    expect(all.some((r) => r.hash === learner.verifyToken)).toBe(false);
  });
});

describe('POST /api/auth/verify-email/:token', () => {
  it('verifies the account once; the same link then fails with 400', async () => {
    const learner = await registerLearner();
    const res = await post(`/api/auth/verify-email/${learner.verifyToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.emailVerified });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await me(learner.token)).emailVerified).toBe(true);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, learner.user._id));
    expect(row!.emailVerifiedAt).not.toBeNull();

    const again = await post(`/api/auth/verify-email/${learner.verifyToken}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: AUTH_MESSAGES.invalidVerifyToken, code: 'auth.invalidVerifyToken' });
  });

  it('refuses a link older than 7 days and an unknown token; the account stays unverified', async () => {
    const learner = await registerLearner();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 86_400_000 + 1000);
    const late = await post(`/api/auth/verify-email/${learner.verifyToken}`);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(AUTH_MESSAGES.invalidVerifyToken);
    vi.useRealTimers();
    const unknown = await post('/api/auth/verify-email/not-a-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.invalidVerifyToken);
    expect((await me(learner.token)).emailVerified).toBe(false);
  });
});

describe('a password reset proves the address', () => {
  it('marks the account verified; its unused verification link then answers 200', async () => {
    const learner = await registerLearner();
    await post('/api/auth/forgot-password', { email: learner.email });
    const [mail] = await t.mail.waitForMailAbout(learner.email, 'Reset your');
    const reset = await post(`/api/auth/reset-password/${linkIn(mail!.text, 'reset-password')}`, {
      password: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/auth/login', { email: learner.email, password: 'brand-new-password' });
    expect(login.statusCode).toBe(200);
    expect(loginResponseSchema.parse(login.json()).user.emailVerified).toBe(true);
    // An already-verified account: the link still answers 200.
    expect((await post(`/api/auth/verify-email/${learner.verifyToken}`)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('sends at most one new link per minute, with Retry-After; either link verifies', async () => {
    const learner = await registerLearner();
    // The registration link was sent moments ago.
    const tooSoon = await post('/api/auth/verify-email/resend', undefined, learner.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ message: MESSAGES.tooManyRequests, code: 'core.tooManyRequests' });
    const wait = Number(tooSoon.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const sent = await post('/api/auth/verify-email/resend', undefined, learner.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: AUTH_MESSAGES.verificationSent });
    expect(sent.headers['cache-control']).toBe('private, no-store');
    const mails = await verifyMails(learner.email, 2);
    const second = linkIn(mails[1]!.text, 'verify-email');
    expect(second).not.toBe(learner.verifyToken);
    expect((await post('/api/auth/verify-email/resend', undefined, learner.token)).statusCode).toBe(429);

    expect((await post(`/api/auth/verify-email/${second}`)).statusCode).toBe(200);
    expect((await me(learner.token)).emailVerified).toBe(true);
  });

  it('lets only one of two simultaneous requests send a link', async () => {
    const learner = await registerLearner();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const answers = await Promise.all([
      post('/api/auth/verify-email/resend', undefined, learner.token),
      post('/api/auth/verify-email/resend', undefined, learner.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    const rows = await t.deps.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, learner.user._id));
    expect(rows).toHaveLength(2);
  });

  it('does nothing for a verified account', async () => {
    const learner = await registerLearner();
    expect((await post(`/api/auth/verify-email/${learner.verifyToken}`)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const sentBefore = t.mail.sent.length;
    const res = await post('/api/auth/verify-email/resend', undefined, learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.emailAlreadyVerified });
    const rows = await t.deps.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, learner.user._id));
    expect(rows).toHaveLength(1);
    expect(t.mail.sent.length).toBe(sentBefore);
  });

  it('needs a signed-in learner', async () => {
    expect((await post('/api/auth/verify-email/resend')).statusCode).toBe(401);
  });
});
