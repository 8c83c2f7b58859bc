import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../src/db/factories.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { apiRoutes as routesOf, concrete } from './route-table.ts';

/**
 * Walks the server's own route table, so a route added later is covered without anyone
 * remembering to: every guarded route refuses the wrong callers, and every unguarded API route
 * must be listed here as deliberately public.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  // Readiness for a proxy or an orchestrator: 503 while draining or when the database does not answer.
  'GET /api/health/ready',
  'GET /api/settings',
  'GET /api/courses/course',
  'GET /api/courses/course/slug/:slug',
  'GET /api/courses/course/:courseId/modules',
  // A free-preview lesson's player link, for anyone (a draft's or a paid lesson's is 404).
  'GET /api/courses/preview/:videoId',
  'GET /api/blogs/blogs',
  'GET /api/blogs/blogs/:slug',
  'GET /api/hero/get',
  'GET /api/intro/intro',
  // The mentor's public profile (the About page reads it).
  'GET /api/mentor',
  'GET /api/youtube/get',
  // The testimonials the owner placed on public pages (from the read model).
  'GET /api/testimonials',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/admin',
  'POST /api/auth/logout',
  'POST /api/auth/admin/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password/:token',
  // The token in the link is the credential.
  'POST /api/auth/verify-email/:token',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/config',
  'POST /api/contact',
  'POST /api/consultations',
  'POST /api/waitlist',
  // Booking: the free slots and a booking request are public; a booking's link carries its token.
  'GET /api/booking/slots',
  'POST /api/booking',
  'GET /api/booking/manage/:token',
  'POST /api/booking/manage/:token/cancel',
  'POST /api/booking/manage/:token/move',
  // Signed by the provider; verified inside.
  'POST /api/payment/webhook',
  // The sandbox provider's hosted page (test mode only) and the Stripe cancel return.
  'GET /api/payment/sandbox/:paymentIntentId',
  'POST /api/payment/sandbox/:paymentIntentId/pay',
  'POST /api/payment/sandbox/:paymentIntentId/cancel',
  'GET /api/payment/return/:orderId/cancel',
  // Uploaded lesson videos: the link is signed (HMAC, expiring) for those who may watch.
  'GET /api/videos/:videoId/stream',
  // A certificate's PDF and credential: the id (128 random bits) is the key, as on its check page.
  'GET /api/certificates/:id/certificate.pdf',
  'GET /api/certificates/:id/credential.jwt',
  // What verifiers of the credentials read: the issuer, its public key, the revocation list.
  'GET /api/credentials/issuer',
  'GET /api/credentials/jwks.json',
  'GET /api/credentials/status/revocation',
  // Unsubscribing from e-mails: the link's token is signed (HMAC) for one address and topic.
  'GET /api/mail/unsubscribe',
  'POST /api/mail/unsubscribe',
]);

let t: TestContext;
let learnerToken: string;
let adminAsLearnerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const learner = await seedUser(t.deps.db, { name: 'Lena Learner', email: 'lena@example.com', role: 'learner' });
  const admin = await seedUser(t.deps.db, { name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
  learnerToken = (await createSession(t.deps.db, learner.id, 'learner')).token;
  // An admin account signed in through the learner login is not an admin session.
  adminAsLearnerToken = (await createSession(t.deps.db, admin.id, 'learner')).token;
});
afterAll(() => t.close());

/** One route of the table called with an empty body, with `token` as its bearer when one is given. */
function callRoute(route: { method: string; url: string }, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: {}, headers });
}

function apiRoutes() {
  return routesOf(t.app);
}

describe('route table', () => {
  it('has routes to walk', () => {
    expect(apiRoutes().length).toBeGreaterThan(20);
    expect(apiRoutes().some((r) => r.auth === 'admin')).toBe(true);
  });

  it('every unguarded API route is deliberately public', () => {
    const unguarded = apiRoutes()
      .filter((r) => !r.auth)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !PUBLIC_ROUTES.has(key));
    expect(unguarded, 'guard these routes with config.auth, or list them in PUBLIC_ROUTES').toEqual([]);
  });

  it('every admin route refuses anonymous callers, learners and admins without an admin session', async () => {
    for (const route of apiRoutes().filter((r) => r.auth === 'admin')) {
      const anonymous = await callRoute(route);
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const learner = await callRoute(route, learnerToken);
      expect(learner.statusCode, `${route.method} ${route.url} learner`).toBe(403);
      const adminAsLearner = await callRoute(route, adminAsLearnerToken);
      expect(adminAsLearner.statusCode, `${route.method} ${route.url} admin with a learner session`).toBe(403);
      expect(anonymous.json()).toHaveProperty('message');
    }
  });

  it('every signed-in route refuses anonymous callers and unknown tokens', async () => {
    for (const route of apiRoutes().filter((r) => r.auth === 'user')) {
      const anonymous = await callRoute(route);
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const forged = await callRoute(route, 'not-a-token');
      expect(forged.statusCode, `${route.method} ${route.url} forged token`).toBe(401);
    }
  });
});
