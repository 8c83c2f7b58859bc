import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import { openDatabase } from '../src/db/client.ts';
import { seedUser } from '../src/db/factories.ts';
import { READINESS_TIMEOUT_MS } from '../src/modules/health/routes.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { type PostgresServer, startPostgres } from './postgres-server.ts';

/**
 * The site while its PostgreSQL is away, on a server of the test's own that it freezes (SIGSTOP:
 * connections stay open and nothing answers, as on a hung host) or stops. Liveness answers at once
 * from the process alone, readiness turns 503 within its timeout, and requests that need the
 * database answer 503 with Retry-After and a clear message: never a 500 or a hang.
 * Runs with the API suite on PostgreSQL (TEST_DATABASE_URL), where PostgreSQL is installed.
 */
const TIMEOUT_MS = 1_500;
const SLOW = { timeout: 90_000 };
const password = 'outage-password-1';

interface Outage {
  pg: PostgresServer;
  t: TestContext;
  email: string;
  token: string;
  close(): Promise<void>;
}

async function siteOnOwnPostgres(): Promise<Outage> {
  const pg = await startPostgres();
  const database = await openDatabase({ url: pg.url, timeoutMs: TIMEOUT_MS });
  await database.migrate();
  const t = await createTestApp({ database, env: { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) } });
  const { email } = await seedUser(t.deps.db, { password });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(login.statusCode).toBe(200);
  return {
    pg,
    t,
    email,
    token: login.json().token,
    async close() {
      pg.thaw();
      await t.close().catch(() => {});
      await pg.close();
    },
  };
}

/** What every request must show while the database is away. */
async function expectOutageAnswers(site: Outage) {
  const { t } = site;
  let started = performance.now();
  const live = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(live.statusCode).toBe(200);
  expect(performance.now() - started).toBeLessThan(500);

  started = performance.now();
  const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
  expect(performance.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 1_000);

  // A sign-in, and a signed-in learner's own data.
  const requests = [
    { method: 'POST' as const, url: '/api/auth/login', payload: { email: site.email, password } },
    { method: 'GET' as const, url: '/api/auth/user', headers: { authorization: `Bearer ${site.token}` } },
  ];
  for (const request of requests) {
    started = performance.now();
    const res = await t.app.inject(request);
    expect(res.statusCode, `${request.method} ${request.url}`).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({ message: MESSAGES.serviceUnavailable, code: 'core.serviceUnavailable' });
    // The wait for a connection, then for an answer, at the most.
    expect(performance.now() - started).toBeLessThan(2 * TIMEOUT_MS + 1_500);
  }
  const arabic = await t.app.inject({ ...requests[1], headers: { ...requests[1]?.headers, 'accept-language': 'ar' } });
  expect(arabic.statusCode).toBe(503);
  expect(arabic.json().message).not.toBe(MESSAGES.serviceUnavailable);
  expect(arabic.json().message).toMatch(/[\u0600-\u06ff]/);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  it('while the database is frozen, then once it answers again', SLOW, async () => {
    const site = await siteOnOwnPostgres();
    try {
      site.pg.freeze();
      await expectOutageAnswers(site);
      site.pg.thaw();
      const deadline = Date.now() + 10_000;
      let ready = 0;
      while (ready !== 200 && Date.now() < deadline) {
        ready = (await site.t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
      }
      expect(ready).toBe(200);
      const login = await site.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: site.email, password },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('while the database is stopped', SLOW, async () => {
    const site = await siteOnOwnPostgres();
    try {
      await site.pg.stop();
      await expectOutageAnswers(site);
    } finally {
      await site.close();
    }
  });
});
