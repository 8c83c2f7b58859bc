import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCourse, seedHero, seedUser } from '../src/db/factories.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { PRIVATE_NO_STORE } from '../src/plugins/private-answers.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { concrete } from './route-table.ts';

/**
 * Walks the server's route table: whatever a route answers (data, an error, a redirect), an answer
 * to a request with credentials is `private, no-store`, so no shared cache (a CDN, a proxy) and no
 * disk cache keeps it. So are sign-in answers and answers that set a cookie. Public reads made
 * without credentials keep their public cache headers.
 */

let t: TestContext;
let learnerToken: string;
let adminToken: string;
const password = 'correct-horse-1';
const learnerEmail = 'cache-learner@example.com';
const adminEmail = 'cache-admin@example.com';

beforeAll(async () => {
  // Google configured (at an address that answers nothing): its callback clears the attempt's cookie.
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
  });
  const learner = await seedUser(t.deps.db, { email: learnerEmail, password, emailVerifiedAt: new Date() });
  const admin = await seedUser(t.deps.db, { email: adminEmail, password, role: 'admin', emailVerifiedAt: new Date() });
  learnerToken = (await createSession(t.deps.db, learner.id, 'learner')).token;
  adminToken = (await createSession(t.deps.db, admin.id, 'admin')).token;
  await seedHero(t.deps.db);
  await seedCourse(t.deps.db, { title: 'Cached course' });
});
afterAll(() => t.close());

/** Every route but the ones that end the session they are called with: those are checked last. */
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'POST /api/auth/admin/logout']);

describe('answers to requests with credentials', () => {
  it('every route answers a learner and an admin with private, no-store, whatever the status', async () => {
    const routes = t.app.routeTable.filter((r) => !ENDS_SESSION.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const [who, token] of [
        ['learner', learnerToken],
        ['admin', adminToken],
      ] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url.replace('*', 'x')),
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.headers['cache-control'], `${route.method} ${route.url} as ${who}: ${res.statusCode}`).toBe(
          PRIVATE_NO_STORE,
        );
      }
    }
  });

  it('public reads too: the answer to a signed-in reader is not the one to keep', async () => {
    for (const url of ['/api/hero/get', '/api/courses/course', '/api/settings']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${learnerToken}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE_NO_STORE);
    }
  });

  it('an unknown or malformed token, and an unknown or undecodable address, are still private', async () => {
    for (const [url, authorization] of [
      ['/api/auth/user', 'Bearer not-a-token'],
      ['/api/hero/get', 'Basic abc'],
      ['/api/nothing-here', `Bearer ${learnerToken}`],
      ['/api/courses/course/slug/%E0%A4%A', `Bearer ${learnerToken}`],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(res.headers['cache-control'], url).toBe(PRIVATE_NO_STORE);
    }
  });

  it('a request carrying our own cookie is private; a cookie set by someone else (a CDN) is not ours', async () => {
    const ours = await t.app.inject({ method: 'GET', url: '/api/hero/get', headers: { cookie: 'oasis_oidc=a.b.c' } });
    expect(ours.headers['cache-control']).toBe(PRIVATE_NO_STORE);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/hero/get', headers: { cookie: '__cf_bm=xyz' } });
    expect(theirs.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('logging out answers private, no-store', async () => {
    for (const [url, kind] of [
      ['/api/auth/logout', 'learner'],
      ['/api/auth/admin/logout', 'admin'],
    ] as const) {
      const user = await seedUser(t.deps.db, { role: kind === 'admin' ? 'admin' : 'learner' });
      const { token } = await createSession(t.deps.db, user.id, kind);
      const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE_NO_STORE);
    }
  });
});

describe('answers that hand out credentials', () => {
  it('sign-in and admin sign-in answers (they carry a token) are private, no-store', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: learnerEmail, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe(PRIVATE_NO_STORE);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { email: adminEmail, password },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });

  it('every other sign-in, registration and reset answer is private, no-store, failed ones included', async () => {
    for (const [url, payload] of [
      ['/api/auth/login', { email: learnerEmail, password: 'wrong-password' }],
      ['/api/auth/register', { name: 'New Person', email: 'new.person@example.com', password }],
      ['/api/auth/forgot-password', { email: learnerEmail }],
      ['/api/auth/reset-password/unknown-token', { password }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe(PRIVATE_NO_STORE);
    }
  });

  it('an answer that sets a cookie is private, no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });
});

describe('anonymous public reads', () => {
  it('keep their public cache headers', async () => {
    for (const url of ['/api/hero/get', '/api/courses/course', '/api/settings', '/api/blogs/blogs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=0, must-revalidate');
    }
  });
});
