import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginResponseSchema, userResponseSchema } from '@oasis/shared/auth';
import { emailVerifications, passwordResets, sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

// A real OpenID Connect provider on a local port stands in for Google.
let oidc: OAuth2Server;
let t: TestContext;

interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}
let identity: Identity;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'oasis-test-client',
      GOOGLE_CLIENT_SECRET: 'oasis-test-secret',
      GOOGLE_ISSUER: oidc.issuer.url!,
    },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});
beforeEach(() => {
  identity = { sub: 'google-sub-1', email: 'Noor.Google@Example.com', email_verified: true, name: 'Noor Google' };
});

/** Follows the browser's path: our start route → the provider → our callback. */
async function startSignIn(url = '/api/auth/google', headers: Record<string, string> = {}) {
  const start = await t.app.inject({ method: 'GET', url, headers });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const authorizeUrl = new URL(String(start.headers.location));
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  return { start, cookie, authorizeUrl, callback };
}

async function finishSignIn(callback: URL, cookie: string | null) {
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
}

async function signInWithGoogle() {
  const { cookie, callback } = await startSignIn();
  const res = await finishSignIn(callback, cookie);
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'http://localhost:3000');
  expect(location.pathname).toBe('/oauth-success');
  // The token travels in the fragment, which browsers never send to a server (or log, or refer).
  expect(location.search).toBe('');
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  expect(token).toBeTruthy();
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.statusCode).toBe(200);
  return { token: token!, user: userResponseSchema.parse(me.json()).user };
}

describe('GET /api/auth/google', () => {
  it('redirects to the provider with PKCE (S256), state and nonce, and keeps them in an HttpOnly cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(oidc.issuer.url);
    expect(url.searchParams.get('client_id')).toBe('oasis-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = url.searchParams.get('state');
    expect(state).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toContain(`oasis_oidc=${state}.`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/google/);
    // It sets a cookie: the app marks every such answer private as well.
    expect(start.headers['cache-control']).toBe('private, no-store');
  });
});

describe('Google sign-in end to end', () => {
  it('a first sign-in creates a learner; a later one signs in to the same account', async () => {
    const first = await signInWithGoogle();
    expect(first.user).toMatchObject({
      name: 'Noor Google',
      email: 'noor.google@example.com',
      role: 'learner',
      phone: '',
      // Google vouches for the address.
      emailVerified: true,
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, first.user._id));
    expect(row).toMatchObject({ googleSub: 'google-sub-1', passwordHash: null });
    const [session] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first.token)));
    expect(session!.kind).toBe('learner');

    const second = await signInWithGoogle();
    expect(second.user._id).toBe(first.user._id);
    expect(second.token).not.toBe(first.token);
    const rows = await t.deps.db.select().from(users).where(eq(users.email, 'noor.google@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('links to an existing account with the same verified e-mail; its password still works', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Sara Password', email: 'sara@example.com', password: 'sara-password' },
    });
    expect(reg.statusCode).toBe(201);
    const [confirm] = await t.mail.waitForMailAbout('sara@example.com', 'Confirm your');
    const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(confirm!.text)![1]!;
    const verified = await t.app.inject({ method: 'POST', url: `/api/auth/verify-email/${verifyToken}` });
    expect(verified.statusCode).toBe(200);
    identity = { sub: 'google-sub-sara', email: 'SARA@example.com', email_verified: true, name: 'Sara From Google' };
    const { user } = await signInWithGoogle();
    expect(user._id).toBe(reg.json().user._id);
    expect(user.name).toBe('Sara Password');
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.googleSub).toBe('google-sub-sara');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sara@example.com', password: 'sara-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(loginResponseSchema.parse(login.json()).user._id).toBe(user._id);
  });

  it("takes an unverified account over for the e-mail's owner: the squatter's password and sessions stop working", async () => {
    // Someone registers the victim's address with a password of their choosing and stays signed in.
    const email = 'victim@example.com';
    const password = 'squatter-password';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Not The Owner', email, password },
    });
    expect(reg.statusCode).toBe(201);
    const [confirm] = await t.mail.waitForMailAbout(email, 'Confirm your');
    const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(confirm!.text)![1]!;
    const squatter = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(squatter.statusCode).toBe(200);
    const squatterToken = loginResponseSchema.parse(squatter.json()).token;
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);

    // The real owner signs in with Google.
    identity = { sub: 'google-sub-victim', email, email_verified: true, name: 'Real Owner' };
    const owner = await signInWithGoogle();
    expect(owner.user._id).toBe(reg.json().user._id);
    expect(owner.user.emailVerified).toBe(true);

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, owner.user._id));
    expect(row).toMatchObject({ googleSub: 'google-sub-victim', passwordHash: null });
    expect(row!.emailVerifiedAt).not.toBeNull();
    // The squatter is signed out and the password is gone.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${squatterToken}` },
    });
    expect(old.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(again.statusCode).toBe(401);
    // Pending reset and verification links of the account are ended too.
    const resets = await t.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, row!.id));
    expect(resets.length).toBeGreaterThan(0);
    expect(resets.every((r) => r.usedAt !== null)).toBe(true);
    const links = await t.deps.db.select().from(emailVerifications).where(eq(emailVerifications.userId, row!.id));
    expect(links.every((l) => l.usedAt !== null)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/verify-email/${verifyToken}` })).statusCode).toBe(400);
    // The owner's Google session works, and the address is told what happened and how to set a password.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(me.statusCode).toBe(200);
    const [notice] = await t.mail.waitForMailAbout(email, 'secured with Google sign-in');
    expect(notice!.text).toContain('no longer works');
    expect(notice!.text).toContain('http://localhost:3000/forgot-password');
  });

  it('refuses an unverified e-mail: back to /login with an error, no account created', async () => {
    identity = {
      sub: 'google-sub-unverified',
      email: 'unverified@example.com',
      email_verified: false,
      name: 'Not Verified',
    };
    const { cookie, callback } = await startSignIn();
    const res = await finishSignIn(callback, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=google');
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toHaveLength(0);
  });

  it('does not swap an account to a second Google account with the same e-mail', async () => {
    identity = { sub: 'google-sub-owner', email: 'owner@example.com', email_verified: true, name: 'Owner' };
    const owner = await signInWithGoogle();
    identity = { sub: 'google-sub-intruder', email: 'owner@example.com', email_verified: true, name: 'Intruder' };
    const { cookie, callback } = await startSignIn();
    const res = await finishSignIn(callback, cookie);
    expect(res.headers.location).toBe('/login?error=google');
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, owner.user._id));
    expect(row!.googleSub).toBe('google-sub-owner');
  });
});

describe('Google callback refusals', () => {
  async function countUsers() {
    return (await t.deps.db.select({ id: users.id }).from(users)).length;
  }

  it('refuses a state that does not match the cookie', async () => {
    identity = { sub: 'google-sub-state', email: 'state@example.com', email_verified: true, name: 'State Test' };
    const before = await countUsers();
    const { cookie, callback } = await startSignIn();
    callback.searchParams.set('state', 'forged-state');
    const res = await finishSignIn(callback, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=google');
    expect(await countUsers()).toBe(before);
  });

  it("refuses a callback carrying another browser's attempt (cookie of a different start)", async () => {
    const before = await countUsers();
    const mine = await startSignIn();
    const theirs = await startSignIn();
    const res = await finishSignIn(theirs.callback, mine.cookie);
    expect(res.headers.location).toBe('/login?error=google');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a callback without the cookie, and clears the cookie in every case', async () => {
    const { callback } = await startSignIn();
    const res = await finishSignIn(callback, null);
    expect(res.headers.location).toBe('/login?error=google');
    expect(String(res.headers['set-cookie'])).toMatch(/oasis_oidc=;.*Max-Age=0/);
  });

  it('refuses when the provider reports an error (the person cancelled)', async () => {
    const { cookie, authorizeUrl } = await startSignIn();
    const state = authorizeUrl.searchParams.get('state')!;
    const res = await finishSignIn(
      new URL(`http://localhost:3000/api/auth/google/callback?error=access_denied&state=${state}`),
      cookie,
    );
    expect(res.headers.location).toBe('/login?error=google');
  });

  it('a failure at the token endpoint (a code used twice) ends at /login with an error', async () => {
    identity = { sub: 'google-sub-replay', email: 'replay@example.com', email_verified: true, name: 'Replay' };
    const { cookie, callback } = await startSignIn();
    const first = await finishSignIn(callback, cookie);
    expect(String(first.headers.location)).toMatch(/^\/oauth-success#token=/);
    const replay = await finishSignIn(callback, cookie);
    expect(replay.headers.location).toBe('/login?error=google');
  });
});

describe('Google sign-in in the language it started from', () => {
  it('ends an attempt started on an Arabic page on Arabic pages, and the new account reads Arabic', async () => {
    identity = {
      sub: 'google-sub-arabic',
      email: 'arabic.google@example.com',
      email_verified: true,
      name: 'Noor Arabic',
    };
    const { cookie, callback } = await startSignIn('/api/auth/google?locale=ar');
    const res = await finishSignIn(callback, cookie);
    expect(String(res.headers.location)).toMatch(/^\/ar\/oauth-success#token=/);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'arabic.google@example.com'));
    expect(row!.locale).toBe('ar');
  });

  it('takes the language from Accept-Language when the page names none, and sends failures back to /ar/login', async () => {
    const { cookie, callback } = await startSignIn('/api/auth/google', { 'accept-language': 'ar-AE,ar;q=0.9' });
    callback.searchParams.set('state', 'forged-state');
    const res = await finishSignIn(callback, cookie);
    expect(res.headers.location).toBe('/ar/login?error=google');
  });

  it('secures a taken-over account with an e-mail in the sign-in’s language', async () => {
    const email = 'takeover.arabic@example.com';
    await t.deps.db.insert(users).values({ name: 'Someone Else', email, role: 'learner', passwordHash: 'x' });
    identity = { sub: 'google-sub-takeover-ar', email, email_verified: true, name: 'Real Owner' };
    const { cookie, callback } = await startSignIn('/api/auth/google?locale=ar');
    const res = await finishSignIn(callback, cookie);
    expect(String(res.headers.location)).toMatch(/^\/ar\/oauth-success#token=/);
    const [mail] = await t.mail.waitForMail(email);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain('http://localhost:3000/ar/forgot-password');
  });
});

describe('a password sign-in racing the takeover', () => {
  /**
   * A stranger registered the owner's address and keeps signing in with the password, in parallel
   * loops, while the owner signs in with Google. Whatever the interleaving, no session the
   * stranger opened may outlive the takeover, and the stranger's name and phone are gone with it.
   */
  it('leaves the stranger no session in 20 trials, and clears their name and phone', async () => {
    const password = 'stranger-password';
    // A light argon2 hash (its cost travels in the hash, so checking it is light too): the race is
    // about what happens around the check, and full-cost checks would make 20 trials slow.
    const passwordHash = await hash(password, { memoryCost: 1024, timeCost: 1 });
    let survivors = 0;
    // Sign-ins answered after the takeover had finished: they were in flight while it ran.
    let raced = 0;
    const leftovers: Partial<typeof users.$inferSelect>[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const email = `race${trial}.${Date.now()}@example.com`;
      const [stranger] = await t.deps.db
        .insert(users)
        .values({ name: 'Stranger Name', email, phone: '+971500000001', role: 'learner', passwordHash })
        .returning();
      identity = { sub: `google-sub-race-${trial}-${Date.now()}`, email, email_verified: true, name: 'Real Owner' };
      const { cookie, callback } = await startSignIn();

      let takenOver = false;
      let firstSignIn!: () => void;
      const signedInOnce = new Promise<void>((resolve) => {
        firstSignIn = resolve;
      });
      const tokens: string[] = [];
      const loop = async (n: number) => {
        // Each loop from its own address, so the attempt limits never refuse it.
        const remoteAddress = `10.77.${trial}.${n + 1}`;
        // Until the takeover has finished: the sign-ins in flight then are the ones that race it.
        while (!takenOver) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password },
            remoteAddress,
          });
          if (takenOver) raced++;
          if (res.statusCode === 200) {
            tokens.push(loginResponseSchema.parse(res.json()).token);
            firstSignIn();
          }
        }
      };
      const loops = Promise.all([0, 1, 2].map(loop));
      await signedInOnce;
      const owner = await finishSignIn(callback, cookie);
      takenOver = true;
      expect(String(owner.headers.location)).toMatch(/^\/oauth-success#token=/);
      await loops;

      for (const token of tokens) {
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${token}` },
        });
        if (me.statusCode !== 401) survivors++;
      }
      const [row] = await t.deps.db
        .select({ name: users.name, phone: users.phone, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, stranger!.id));
      leftovers.push(row!);
    }
    expect(raced).toBeGreaterThan(0);
    expect(survivors).toBe(0);
    expect(leftovers).toEqual(Array(20).fill({ name: 'Real Owner', phone: '', passwordHash: null }));
    // A few seconds on an idle machine; the margin is for a busy one.
  }, 120_000);
});
