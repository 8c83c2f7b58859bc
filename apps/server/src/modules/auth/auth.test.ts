import { hash } from '@node-rs/argon2';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_MESSAGES,
  adminLoginResponseSchema,
  loginResponseSchema,
  registerResponseSchema,
  userResponseSchema,
} from '@oasis/shared/auth';
import { MESSAGES } from '@oasis/shared/messages';
import { passwordResets, sessions, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/tokens.ts';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

// Every test uses its own address so the per-IP limits of one test do not spill into another.
let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(url: string, body?: unknown, options: { token?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip ?? nextIp(),
  });
}

async function getUser(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
}

let emailCounter = 0;
async function registerLearner(overrides: { name?: string; email?: string; password?: string } = {}) {
  const input = {
    name: 'Layla Learner',
    email: `learner${++emailCounter}@example.com`,
    password: 'secret-password',
    ...overrides,
  };
  const res = await post('/api/auth/register', input);
  expect(res.statusCode).toBe(201);
  // The verification e-mail leaves in the background: wait for it, so later counts of sent mail hold.
  await t.mail.waitForMailAbout(input.email, 'Confirm your');
  return { ...input, user: registerResponseSchema.parse(res.json()).user };
}

/** The reset e-mails sent to `email` so far, once at least `count` have arrived. */
const resetMails = (email: string, count = 1) => t.mail.waitForMailAbout(email, 'Reset your', count);

async function login(email: string, password: string, ip?: string) {
  const res = await post('/api/auth/login', { email, password }, { ip });
  expect(res.statusCode).toBe(200);
  return loginResponseSchema.parse(res.json());
}

async function createAdmin(email = `admin${++emailCounter}@example.com`, password = 'admin-password') {
  await t.deps.db
    .insert(users)
    .values({ name: 'Site Admin', email, role: 'admin', passwordHash: await hashPassword(password) });
  return { email, password };
}

describe('POST /api/auth/register', () => {
  it('creates a learner with a lower-cased e-mail and answers 201 { message, user }', async () => {
    const res = await post('/api/auth/register', {
      name: '  Omar Haddad ',
      email: '  Omar.Haddad@Example.COM ',
      password: 'secret-password',
    });
    expect(res.statusCode).toBe(201);
    const body = registerResponseSchema.parse(res.json());
    expect(body.message).toBe(AUTH_MESSAGES.accountCreated);
    expect(body.user).toMatchObject({
      name: 'Omar Haddad',
      email: 'omar.haddad@example.com',
      phone: '',
      role: 'learner',
    });
    expect(res.body).not.toContain('password');
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken e-mail, whatever its case, with 409', async () => {
    const { email } = await registerLearner();
    const res = await post('/api/auth/register', {
      name: 'Someone Else',
      email: email.toUpperCase(),
      password: 'another-pw',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.emailTaken, code: 'CONFLICT' });
  });

  it.each([
    [{ name: 'Al', email: 'a@example.com', password: 'secret-password' }, 'name', MESSAGES.nameTooShort],
    [{ name: '  Al   ', email: 'a@example.com', password: 'secret-password' }, 'name', MESSAGES.nameTooShort],
    [{ name: 'Alia', email: 'not-an-email', password: 'secret-password' }, 'email', MESSAGES.invalidEmail],
    [{ name: 'Alia', password: 'secret-password' }, 'email', MESSAGES.invalidEmail],
    [{ name: 'Alia', email: 'a@example.com', password: '12345' }, 'password', MESSAGES.passwordTooShort],
  ])('refuses %o with the form wording', async (body, field, message) => {
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION', errors: { [field]: message } });
  });

  it('answers a body that is not JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('POST /api/auth/login and GET /api/auth/user', () => {
  it('signs in with any case of the e-mail and returns { token, user }; the token reads the user', async () => {
    const learner = await registerLearner();
    const { token, user } = await login(learner.email.toUpperCase(), learner.password);
    expect(user).toEqual(learner.user);
    const res = await getUser(token);
    expect(res.statusCode).toBe(200);
    expect(userResponseSchema.parse(res.json()).user).toEqual({ ...learner.user });
    expect(Object.keys(res.json().user).sort()).toEqual(['_id', 'email', 'emailVerified', 'name', 'phone', 'role']);
  });

  it('stores only a hash of the token, with a 30-day expiry for learners', async () => {
    const learner = await registerLearner();
    const before = Date.now();
    const { token } = await login(learner.email, learner.password);
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    expect(row!.kind).toBe('learner');
    const days = (row!.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const all = await t.deps.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(all.some((s) => s.hash === token)).toBe(false);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const learner = await registerLearner();
    const wrong = await post('/api/auth/login', { email: learner.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('refuses a Google-only account (no password) with the same 401', async () => {
    await t.deps.db
      .insert(users)
      .values({ name: 'Google Only', email: 'google-only@example.com', googleSub: 'g-only' });
    const res = await post('/api/auth/login', { email: 'google-only@example.com', password: 'anything-at-all' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('validates the login body with the shared schema', async () => {
    const res = await post('/api/auth/login', { email: 'x', password: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: MESSAGES.invalidEmail, password: MESSAGES.passwordTooShort });
  });

  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(none.statusCode).toBe(401);
    expect((await getUser('made-up-token')).statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('answers 401 once the session has expired (expiry in the database)', async () => {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it("a new sign-in clears the person's ended sessions", async () => {
    const learner = await registerLearner();
    const old = await login(learner.email, learner.password);
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(old.token)));
    await login(learner.email, learner.password);
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, learner.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(hashToken(old.token));
  });

  it('answers 401 after 30 days (clock moved forward)', async () => {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    expect((await getUser(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 86_400_000 + 60_000);
    expect((await getUser(token)).statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/user', () => {
  it('saves name and phone and shows them on the next read', async () => {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: '  Layla Haddad ', phone: '+971 50 123 4567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Layla Haddad', phone: '+971 50 123 4567', email: learner.email });
    expect((await getUser(token)).json().user).toMatchObject({ name: 'Layla Haddad', phone: '+971 50 123 4567' });
  });

  it('does not let the body change e-mail or role', async () => {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Layla', phone: '', role: 'admin', email: 'other@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'learner', email: learner.email });
  });

  it('validates with the shared schema and needs a session', async () => {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Al', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ name: MESSAGES.nameTooShort, phone: AUTH_MESSAGES.phoneInvalid });
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/auth/user', payload: { name: 'Layla' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: the token gets 401 afterwards, other sessions stay', async () => {
    const learner = await registerLearner();
    const first = await login(learner.email, learner.password);
    const second = await login(learner.email, learner.password);
    const res = await post('/api/auth/logout', undefined, { token: first.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.loggedOut);
    expect((await getUser(first.token)).statusCode).toBe(401);
    expect((await getUser(second.token)).statusCode).toBe(200);
  });

  it('is idempotent: no token or an ended one still answers 200', async () => {
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, { token: 'ended' })).statusCode).toBe(200);
  });
});

describe('admin sign-in', () => {
  it('gives an admin a 12-hour admin session with { token, message }', async () => {
    const admin = await createAdmin();
    const before = Date.now();
    const res = await post('/api/auth/admin', admin);
    expect(res.statusCode).toBe(200);
    const body = adminLoginResponseSchema.parse(res.json());
    expect(body.message).toBe(AUTH_MESSAGES.adminLoginSuccess);
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(row!.kind).toBe('admin');
    const hours = (row!.expiresAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(11.99);
    expect(hours).toBeLessThan(12.01);
    expect((await getUser(body.token)).json().user.role).toBe('admin');
  });

  it('refuses a learner with the same 401 as a wrong password (it says nothing about the password)', async () => {
    const learner = await registerLearner();
    const res = await post('/api/auth/admin', { email: learner.email, password: learner.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(res.json()).not.toHaveProperty('token');
    const admin = await createAdmin();
    const wrong = await post('/api/auth/admin', { email: admin.email, password: 'wrong-password' });
    expect(wrong.json()).toEqual(res.json());
  });

  it('expires admin sessions after 12 hours', async () => {
    const admin = await createAdmin();
    const { token } = adminLoginResponseSchema.parse((await post('/api/auth/admin', admin)).json());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 12 * 3_600_000 + 60_000);
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('POST /api/auth/admin/logout revokes the admin session', async () => {
    const admin = await createAdmin();
    const { token } = adminLoginResponseSchema.parse((await post('/api/auth/admin', admin)).json());
    const res = await post('/api/auth/admin/logout', undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.loggedOut);
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('an admin signed in at /login gets a learner session, not an admin one', async () => {
    const admin = await createAdmin();
    const { token } = await login(admin.email, admin.password);
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.kind).toBe('learner');
  });
});

describe('forgot and reset password', () => {
  const resetLinkIn = (text: string) => {
    const match = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
    expect(match, 'the e-mail holds the reset link').not.toBeNull();
    return match![1]!;
  };

  it('answers the same for a known and an unknown e-mail, and e-mails only the known one', async () => {
    const learner = await registerLearner();
    const sentBefore = t.mail.sent.length;
    const known = await post('/api/auth/forgot-password', { email: learner.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.resetLinkSent);
    await resetMails(learner.email);
    const sent = t.mail.sent.slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(learner.email);
    const token = resetLinkIn(sent[0]!.text);
    // Only the hash is stored, valid for one hour.
    const [row] = await t.deps.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('resets the password once, revokes every session, and the old password stops working', async () => {
    const learner = await registerLearner();
    const session1 = await login(learner.email, learner.password);
    const session2 = await login(learner.email, learner.password);
    await post('/api/auth/forgot-password', { email: learner.email });
    const token = resetLinkIn((await resetMails(learner.email))[0]!.text);

    const res = await post(`/api/auth/reset-password/${token}`, { password: 'brand-new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordReset);
    expect((await getUser(session1.token)).statusCode).toBe(401);
    expect((await getUser(session2.token)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: learner.email, password: learner.password })).statusCode).toBe(401);
    await login(learner.email, 'brand-new-password');

    const again = await post(`/api/auth/reset-password/${token}`, { password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    const [row] = await t.deps.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row!.usedAt).not.toBeNull();
  });

  it('a sign-in with the old password racing the reset keeps no session (5 trials)', async () => {
    const password = 'old-password';
    // A light argon2 hash (its cost travels in the hash): the race is about what happens around the check.
    const passwordHash = await hash(password, { memoryCost: 1024, timeCost: 1 });
    let survivors = 0;
    let raced = 0;
    for (let trial = 0; trial < 5; trial++) {
      const email = `reset.race${trial}.${++emailCounter}@example.com`;
      const [user] = await t.deps.db.insert(users).values({ name: 'Racing Learner', email, passwordHash }).returning();
      const resetToken = `reset-race-${trial}-${emailCounter}`;
      await t.deps.db
        .insert(passwordResets)
        .values({ tokenHash: hashToken(resetToken), userId: user!.id, expiresAt: new Date(Date.now() + 60_000) });
      let reset = false;
      const tokens: string[] = [];
      const loop = async () => {
        const ip = nextIp();
        while (!reset) {
          const res = await post('/api/auth/login', { email, password }, { ip });
          if (reset) raced++;
          if (res.statusCode === 200) tokens.push(loginResponseSchema.parse(res.json()).token);
        }
      };
      const loops = Promise.all([loop(), loop(), loop()]);
      const res = await post(`/api/auth/reset-password/${resetToken}`, { password: 'brand-new-password' });
      reset = true;
      expect(res.statusCode).toBe(200);
      await loops;
      for (const token of tokens) if ((await getUser(token)).statusCode !== 401) survivors++;
    }
    expect(raced).toBeGreaterThan(0);
    expect(survivors).toBe(0);
  }, 60_000);

  it('a used link also ends the other links of the account', async () => {
    const learner = await registerLearner();
    await post('/api/auth/forgot-password', { email: learner.email });
    const first = resetLinkIn((await resetMails(learner.email, 1))[0]!.text);
    await post('/api/auth/forgot-password', { email: learner.email });
    const second = resetLinkIn((await resetMails(learner.email, 2))[1]!.text);
    expect((await post(`/api/auth/reset-password/${second}`, { password: 'brand-new-password' })).statusCode).toBe(200);
    expect((await post(`/api/auth/reset-password/${first}`, { password: 'other-password' })).statusCode).toBe(400);
  });

  it('refuses a link older than one hour and an unknown token', async () => {
    const learner = await registerLearner();
    await post('/api/auth/forgot-password', { email: learner.email });
    const token = resetLinkIn((await resetMails(learner.email))[0]!.text);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const late = await post(`/api/auth/reset-password/${token}`, { password: 'brand-new-password' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    vi.useRealTimers();
    const unknown = await post('/api/auth/reset-password/not-a-token', { password: 'brand-new-password' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    // The password did not change.
    await login(learner.email, learner.password);
  });

  it('validates the new password with the shared schema', async () => {
    const res = await post('/api/auth/reset-password/whatever', { password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.passwordTooShort);
  });

  it('keeps the reset e-mail in the outbox when the mail server is down, and still answers the same', async () => {
    const learner = await registerLearner();
    t.mail.fail = true;
    try {
      const res = await post('/api/auth/forgot-password', { email: learner.email });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetLinkSent);
    } finally {
      t.mail.fail = false;
    }
  });
});

describe('attempt limits (counted before the check: per address and account, per address, per account)', () => {
  it('login: 150 parallel wrong passwords for one account from one address: exactly 10 are checked, the rest get 429', async () => {
    const learner = await registerLearner();
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        post('/api/auth/login', { email: learner.email, password: `wrong-${i}` }, { ip }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(140);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("login: ten wrong passwords for the owner's e-mail block that address, not the owner signing in elsewhere", async () => {
    const admin = await createAdmin();
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/admin', { email: admin.email, password: `wrong-${i}` }, { ip: attacker });
      expect(res.statusCode).toBe(401);
    }
    const owner = await post('/api/auth/admin', admin, { ip: nextIp() });
    expect(owner.statusCode).toBe(200);
    expect(adminLoginResponseSchema.parse(owner.json()).token).toBeTruthy();
    // The attacker's address stays refused, even with the right password, at both doors.
    expect((await post('/api/auth/admin', admin, { ip: attacker })).statusCode).toBe(429);
    expect((await post('/api/auth/login', admin, { ip: attacker })).statusCode).toBe(429);
  });

  it('login: one address guessing many accounts: 30 failures are checked, then 429, even in a parallel burst', async () => {
    const ip = nextIp();
    const run = ++emailCounter;
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/api/auth/login', { email: `guess${i}.${run}@example.com`, password: 'wrong-password' }, { ip }),
      ),
    );
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const learner = await registerLearner();
    const blocked = await post('/api/auth/login', { email: learner.email, password: learner.password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post('/api/auth/login', { email: learner.email, password: learner.password })).statusCode).toBe(200);
  });

  it("login: the account's back-off counts 100 failures an hour from many addresses, but not tries an address's own limit refused", async () => {
    const learner = await registerLearner();
    const right = { email: learner.email, password: learner.password };
    const wrong = (ip: string) => post('/api/auth/login', { email: learner.email, password: 'wrong-password' }, { ip });
    // One address floods: 10 tries are checked, the other 50 are refused there and never reach the account's count.
    const floodIp = nextIp();
    const flood = await Promise.all(Array.from({ length: 60 }, () => wrong(floodIp)));
    expect(flood.filter((res) => res.statusCode === 401)).toHaveLength(10);
    // 89 more failures, one from each of as many addresses: 99 in all.
    const spreadIps = Array.from({ length: 89 }, () => nextIp());
    const spread = await Promise.all(spreadIps.map(wrong));
    expect(spread.map((res) => res.statusCode)).toEqual(Array(89).fill(401));
    // The owner still gets in, and a success gives its try back.
    await login(learner.email, learner.password);
    // The 100th failure; from then on the account rests for the rest of the hour, for every
    // address that has failed: even the right password is refused there.
    expect((await wrong(nextIp())).statusCode).toBe(401);
    const blocked = await post('/api/auth/login', right, { ip: spreadIps[0] });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(15 * 60);
    // A clean address gets one try: the owner's right password signs in, a wrong guess is checked
    // once and the address then waits too.
    await login(learner.email, learner.password);
    const guesser = nextIp();
    expect((await wrong(guesser)).statusCode).toBe(401);
    expect((await wrong(guesser)).statusCode).toBe(429);
    expect((await post('/api/auth/login', right, { ip: guesser })).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    await login(learner.email, learner.password, spreadIps[0]);
  });

  it('login: only failures count, so many successful sign-ins from one address are never refused', async () => {
    const learner = await registerLearner();
    const ip = nextIp();
    for (let i = 0; i < 35; i++) await login(learner.email, learner.password, ip);
  });

  it("login: an address's window frees up after 15 minutes", async () => {
    const learner = await registerLearner();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      await post('/api/auth/login', { email: learner.email, password: 'wrong-password' }, { ip });
    }
    const right = { email: learner.email, password: learner.password };
    expect((await post('/api/auth/login', right, { ip })).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await post('/api/auth/login', right, { ip })).statusCode).toBe(200);
  });

  it('admin login: 429 after 10 failed tries from one IP', async () => {
    const admin = await createAdmin();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/admin', { email: admin.email, password: `wrong-${i}` }, { ip })).statusCode).toBe(
        401,
      );
    }
    expect((await post('/api/auth/admin', admin, { ip })).statusCode).toBe(429);
  });

  it('forgot password: every request counts; 429 after 10 per IP and per e-mail', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/forgot-password', { email: `someone${i}@example.com` }, { ip })).statusCode).toBe(
        200,
      );
    }
    const res = await post('/api/auth/forgot-password', { email: 'someone-else@example.com' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MESSAGES.tooManyRequests);

    const learner = await registerLearner();
    const sentBefore = t.mail.sent.length;
    for (let i = 0; i < 10; i++) await post('/api/auth/forgot-password', { email: learner.email });
    expect((await post('/api/auth/forgot-password', { email: learner.email })).statusCode).toBe(429);
    await resetMails(learner.email, 10);
    expect(t.mail.sent.length - sentBefore).toBe(10);
  });

  it('reset password: 429 after 10 wrong tokens from one IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(`/api/auth/reset-password/wrong-${i}`, { password: 'brand-new-password' }, { ip })).statusCode,
      ).toBe(400);
    }
    const learner = await registerLearner();
    await post('/api/auth/forgot-password', { email: learner.email });
    const [mail] = await resetMails(learner.email);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(
      (await post(`/api/auth/reset-password/${token}`, { password: 'brand-new-password' }, { ip })).statusCode,
    ).toBe(429);
    // From another address the valid link still works.
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'brand-new-password' })).statusCode).toBe(200);
  });

  it('reset password: a parallel burst of wrong tokens from one address is checked exactly 10 times', async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(`/api/auth/reset-password/burst-${i}-${ip}`, { password: 'brand-new-password' }, { ip }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('registration: 10 accounts an hour per address, exactly, even in a parallel burst', async () => {
    const ip = nextIp();
    const emails = Array.from({ length: 25 }, () => `burst${++emailCounter}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        post('/api/auth/register', { name: 'Burst Learner', email, password: 'secret-password' }, { ip }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await t.deps.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).toHaveLength(10);
    // Another address still signs up; this one can again after the hour.
    await registerLearner();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const later = await post(
      '/api/auth/register',
      { name: 'Later Learner', email: `later${++emailCounter}@example.com`, password: 'secret-password' },
      { ip },
    );
    expect(later.statusCode).toBe(201);
  });

  it('does not limit other routes', async () => {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    for (let i = 0; i < 15; i++) expect((await getUser(token)).statusCode).toBe(200);
  });
});

describe('Google sign-in without configuration', () => {
  it('answers 404 on both Google routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' })).statusCode).toBe(
      404,
    );
  });
});
