import { inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { adminLoginResponseSchema } from '@oasis/shared/auth';
import { MESSAGES } from '@oasis/shared/messages';
import { users } from '../../db/schema.ts';
import { nextNumber, setUpAuthTests } from './auth.fixtures.ts';

const { t, nextIp, post, getUser, registerLearner, resetMails, login, createAdmin } = setUpAuthTests();

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
    expect(refused.json()).toMatchObject({ message: MESSAGES.tooManyRequests, code: 'core.tooManyRequests' });
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
    const run = nextNumber();
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
    const emails = Array.from({ length: 25 }, () => `burst${nextNumber()}@example.com`);
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
      { name: 'Later Learner', email: `later${nextNumber()}@example.com`, password: 'secret-password' },
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
