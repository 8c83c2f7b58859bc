import { afterAll, afterEach, expect, vi } from 'vitest';
import { loginResponseSchema, registerResponseSchema } from '@oasis/shared/auth';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';

let counter = 0;
/** A number no other call in this file has had: for addresses and tokens no other test uses. */
export const nextNumber = () => ++counter;

/** What the auth test files share: an app of their own per file and the calls their tests make on it. */
export function setUpAuthTests() {
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

  async function registerLearner(overrides: { name?: string; email?: string; password?: string } = {}) {
    const input = {
      name: 'Layla Learner',
      email: `learner${nextNumber()}@example.com`,
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

  async function createAdmin(email = `admin${nextNumber()}@example.com`, password = 'admin-password') {
    await t.deps.db
      .insert(users)
      .values({ name: 'Site Admin', email, role: 'admin', passwordHash: await hashPassword(password) });
    return { email, password };
  }

  return { t, nextIp, post, getUser, registerLearner, resetMails, login, createAdmin };
}
