import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@oasis/shared/auth';
import { seedUser } from '../../db/factories.ts';
import { attemptCounters } from '../../db/schema.ts';
import { LOGIN_LIMITS } from './service.ts';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';

/**
 * The owner always has a way in that strangers cannot block: behind a proxy (TRUST_PROXY=1) the
 * client address comes from X-Forwarded-For, an IPv6 /64 counts as one address, the account's
 * back-off never refuses the right password from a clean address, and a completed reset clears
 * the account's limits.
 */
const t = beforeAllValue(() => createTestApp({ env: { TRUST_PROXY: '1' } }));
afterAll(() => t.close());

let counter = 0;
async function seedOwner() {
  const email = `owner${++counter}.${Date.now()}@example.com`;
  const password = 'owner-password';
  await seedUser(t.deps.db, { name: 'Site Owner', email, password });
  return { email, password };
}

/** A request as the proxy on this machine forwards it: the client's address is the header's last entry. */
function post(url: string, payload: object, clientAddress: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': clientAddress },
  });
}

describe('account lock-out', () => {
  it('ten addresses of one IPv6 /64 guessing in parallel count as one address; the owner still signs in', async () => {
    const owner = await seedOwner();
    const network = `2001:db8:${counter.toString(16)}:7`;
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, address) =>
        Array.from({ length: 10 }, (_, i) =>
          post('/api/auth/login', { email: owner.email, password: `wrong-${i}` }, `${network}::${address + 1}`),
        ),
      ).flat(),
    );
    const statuses = guesses.map((res) => res.statusCode);
    // Only the /64's own 10 tries were checked; the other 90 never reached the password.
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.perEmailAndIp.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    // Any other address of that /64 is the same client, and is refused.
    const sameNetwork = await post('/api/auth/login', owner, `${network}:0:ffff:ffff:ffff`);
    expect(sameNetwork.statusCode).toBe(429);
    // The owner, from a clean address, signs in with the right password.
    const res = await post('/api/auth/login', owner, '2001:db8:ffff:1::10');
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).token).toBeTruthy();
    // Without the /64 rule all 100 guesses are checked (argon2 each): time to fail on the counts, not the clock.
  }, 120_000);

  it("a completed reset clears the account's limits: the addresses that failed sign in with the new password", async () => {
    const owner = await seedOwner();
    // An address that guessed at this account until refused, even with the right password.
    const guesser = `198.51.100.${counter}`;
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp.max; i++)
      expect((await post('/api/auth/login', { email: owner.email, password: `wrong-${i}` }, guesser)).statusCode).toBe(
        401,
      );
    expect((await post('/api/auth/login', owner, guesser)).statusCode).toBe(429);
    // The account's back-off is full (100 failures from many addresses within the hour), and an
    // address that mistyped once elsewhere is refused by it.
    await t.deps.db
      .update(attemptCounters)
      .set({ count: LOGIN_LIMITS.perEmail.max })
      .where(eq(attemptCounters.key, `login:email:${owner.email}`));
    const mistyped = `2001:db8:bad:${counter.toString(16)}::1`;
    expect(
      (await post('/api/auth/login', { email: `nobody${counter}@example.com`, password: 'whatever' }, mistyped))
        .statusCode,
    ).toBe(401);
    const refused = await post('/api/auth/login', owner, mistyped);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60);

    // The owner resets the password through the e-mailed link.
    expect((await post('/api/auth/forgot-password', { email: owner.email }, '203.0.113.50')).statusCode).toBe(200);
    const [mail] = await t.mail.waitForMailAbout(owner.email, 'Reset your');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const newPassword = 'brand-new-password';
    expect(
      (await post(`/api/auth/reset-password/${token}`, { password: newPassword }, '203.0.113.50')).statusCode,
    ).toBe(200);

    expect(
      await t.deps.db
        .select()
        .from(attemptCounters)
        .where(like(attemptCounters.key, `%${owner.email}%`)),
    ).toEqual([]);
    const fresh = { email: owner.email, password: newPassword };
    expect((await post('/api/auth/login', fresh, guesser)).statusCode).toBe(200);
    expect((await post('/api/auth/login', fresh, mistyped)).statusCode).toBe(200);
  });

  it("a reset leaves other accounts' limits alone", async () => {
    const owner = await seedOwner();
    const other = await seedOwner();
    const key = `login:email:${other.email}`;
    const resetAt = new Date(Date.now() + LOGIN_LIMITS.perEmail.windowMs);
    await t.deps.db.insert(attemptCounters).values({ key, count: 5, resetAt });
    expect((await post('/api/auth/forgot-password', { email: owner.email }, '203.0.113.51')).statusCode).toBe(200);
    const [mail] = await t.mail.waitForMailAbout(owner.email, 'Reset your');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(
      (await post(`/api/auth/reset-password/${token}`, { password: 'another-password' }, '203.0.113.51')).statusCode,
    ).toBe(200);
    expect(await t.deps.db.select().from(attemptCounters).where(eq(attemptCounters.key, key))).toEqual([
      { key, count: 5, resetAt },
    ]);
  });
});
