import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  AUTH_MESSAGES,
  adminLoginResponseSchema,
  registerResponseSchema,
  userResponseSchema,
} from '@oasis/shared/auth';
import { MESSAGES } from '@oasis/shared/messages';
import { sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { setUpAuthTests } from './auth.fixtures.ts';

const { t, post, getUser, registerLearner, login, createAdmin } = setUpAuthTests();

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
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.emailTaken, code: 'auth.emailTaken' });
  });

  it.each([
    [
      { name: 'Al', email: 'a@example.com', password: 'secret-password' },
      'name',
      MESSAGES.nameTooShort,
      'auth.nameTooShort',
    ],
    [
      { name: '  Al   ', email: 'a@example.com', password: 'secret-password' },
      'name',
      MESSAGES.nameTooShort,
      'auth.nameTooShort',
    ],
    [
      { name: 'Alia', email: 'not-an-email', password: 'secret-password' },
      'email',
      MESSAGES.invalidEmail,
      'auth.invalidEmail',
    ],
    [{ name: 'Alia', password: 'secret-password' }, 'email', MESSAGES.invalidEmail, 'auth.invalidEmail'],
    [
      { name: 'Alia', email: 'a@example.com', password: '12345' },
      'password',
      MESSAGES.passwordTooShort,
      'auth.passwordTooShort',
    ],
  ])('refuses %o with the form wording', async (body, field, message, code) => {
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code, errors: { [field]: message }, fields: { [field]: { code } } });
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
  /** A new learner, signed in, sends `payload` to change their own profile. */
  async function patchOwnProfile(payload: Record<string, string>) {
    const learner = await registerLearner();
    const { token } = await login(learner.email, learner.password);
    const headers = { authorization: `Bearer ${token}` };
    const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/user', headers, payload });
    return { learner, token, res };
  }

  it('saves name and phone and shows them on the next read', async () => {
    const { learner, token, res } = await patchOwnProfile({ name: '  Layla Haddad ', phone: '+971 50 123 4567' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Layla Haddad', phone: '+971 50 123 4567', email: learner.email });
    expect((await getUser(token)).json().user).toMatchObject({ name: 'Layla Haddad', phone: '+971 50 123 4567' });
  });

  it('does not let the body change e-mail or role', async () => {
    const { learner, res } = await patchOwnProfile({
      name: 'Layla',
      phone: '',
      role: 'admin',
      email: 'other@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'learner', email: learner.email });
  });

  it('validates with the shared schema and needs a session', async () => {
    const { res: bad } = await patchOwnProfile({ name: 'Al', phone: 'call me' });
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

describe('Google sign-in without configuration', () => {
  it('answers 404 on both Google routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' })).statusCode).toBe(
      404,
    );
  });
});
