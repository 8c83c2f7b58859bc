import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, loginResponseSchema } from '@oasis/shared/auth';
import { MESSAGES } from '@oasis/shared/messages';
import { passwordResets, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { nextNumber, setUpAuthTests } from './auth.fixtures.ts';

const { t, nextIp, post, getUser, registerLearner, resetMails, login } = setUpAuthTests();

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
      const run = nextNumber();
      const email = `reset.race${trial}.${run}@example.com`;
      const [user] = await t.deps.db.insert(users).values({ name: 'Racing Learner', email, passwordHash }).returning();
      const resetToken = `reset-race-${trial}-${run}`;
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
