import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogTransport } from '../src/adapters/mail/log-transport.ts';
import { buildApp } from '../src/app.ts';
import { seedUser } from '../src/db/factories.ts';
import { seedDemoContent } from '../src/db/seed.ts';
import { leads, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/password.ts';
import { loggableUrl, REDACTED } from '../src/lib/logger.ts';
import { settleMail } from '../src/modules/mail/outbox.ts';
import {
  createTestApp,
  createTestDatabase,
  createTestDeps,
  memoryLogger,
  type TestContext,
  testConfig,
} from './helpers.ts';

/**
 * Reads what the server's own logger writes while the app answers: tokens, passwords and their
 * hashes, credentials in headers, and the personal data of leads never reach a log line.
 */

const { logger, text: output, clear } = memoryLogger();

let t: TestContext;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  // The same deps, but every line goes to the logger under test: the app's and the services' own.
  app = await buildApp({ deps: { ...t.deps, log: logger }, logger });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => {
  clear();
});

/** Everything written so far (pino writes to this stream at once; the wait only keeps that an assumption). */
async function logged(): Promise<string> {
  await new Promise((resolve) => setImmediate(resolve));
  return output();
}

/** The error of the last line, parsed: its SQL is easier to check unescaped. */
async function loggedError(): Promise<{ message: string; query?: string; code?: string }> {
  const lines = (await logged()).trim().split('\n');
  return JSON.parse(lines.at(-1) ?? '{}').err;
}

describe('request lines', () => {
  it('never carry a query string: the old Google redirect token, a signed link, a search', async () => {
    const secret = 'SECRETqueryTOKEN0123456789abcdefSECRET';
    await app.inject({ method: 'GET', url: `/oauth-success?token=${secret}` });
    await app.inject({ method: 'GET', url: `/api/courses/course?token=${secret}&search=${secret}` });
    await app.inject({ method: 'GET', url: `/api/videos/x/stream?exp=1&sig=${secret}` });
    const log = await logged();
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('/api/courses/course?…');
    expect(log).not.toContain(secret);
  });

  it('never carry the token of a reset link, in the page address or the API one', async () => {
    const secret = 'SECRETresetTOKEN0123456789abcdefSECRET';
    await app.inject({ method: 'GET', url: `/reset-password/${secret}` });
    await app.inject({ method: 'POST', url: `/api/auth/reset-password/${secret}`, payload: { password: 'whatever1' } });
    const log = await logged();
    expect(log).toContain('/api/auth/reset-password/…');
    expect(log).not.toContain(secret);
  });

  it('a sign-in with a password, an Authorization header and a cookie leaves none of them in the log', async () => {
    const email = 'logged.person@example.com';
    const password = 'SECRETpassword123';
    await seedUser(t.deps.db, { email, password });
    const bearer = 'SECRETbearerTOKEN0123456789';
    const cookie = 'SECRETcookieVALUE0123456789';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${bearer}`, cookie: `oasis_oidc=${cookie}` },
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const log = await logged();
    expect(log).toContain('/api/auth/login');
    for (const secret of [email, password, bearer, cookie, token]) expect(log).not.toContain(secret);
  });
});

describe('what code logs', () => {
  it('secrets and personal data in logged objects come out redacted, at any usual depth', async () => {
    logger.info(
      {
        to: 'recipient@example.com',
        password: 'SECRETpw1',
        token: 'SECRETtoken1',
        body: { email: 'lead@example.com', phone: '+971501111111', name: 'Lead Person', message: 'SECRET lead text' },
        user: { passwordHash: '$argon2id$SECRETHASH', name: 'Learner Name' },
        req: { headers: { authorization: 'Bearer SECRETauth', cookie: 'oasis_oidc=SECRETcookie' } },
        res: { headers: { 'set-cookie': 'oasis_oidc=SECRETsetcookie' } },
        nested: { deeper: { secret: 'SECRETdeep', email: 'deep@example.com' } },
      },
      'a line with everything in it',
    );
    const log = await logged();
    expect(log).toContain('a line with everything in it');
    expect(log).toContain(REDACTED);
    for (const value of ['SECRET', '@example.com', '+971501111111', 'Lead Person', 'Learner Name'])
      expect(log).not.toContain(value);
  });

  it('an error keeps its own message: only the data around it is redacted', async () => {
    logger.error({ err: new Error('the mail server refused the connection') }, 'outbox round failed');
    expect(await logged()).toContain('the mail server refused the connection');
  });
});

describe('mail and the demo seed', () => {
  it('a contact message e-mailed through the log transport of a public site: no name, e-mail or phone', async () => {
    // As on a public site without SMTP: messages wait in the outbox and the log only says so.
    const publicSite = await buildApp({
      deps: { ...t.deps, log: logger, mailTransport: createLogTransport(logger, { printText: false }) },
      logger,
    });
    try {
      await publicSite.ready();
      const lead = {
        first_name: 'Zainab',
        last_name: 'Loggedname',
        user_email: 'zainab.lead@example.com',
        country_code: '+971',
        phone_number: '509876543',
        message: 'SECRET lead message about a villa.',
        query_type: 'consultation',
      };
      const res = await publicSite.inject({ method: 'POST', url: '/api/contact', payload: lead });
      expect(res.statusCode, res.body).toBe(201);
      await settleMail();
      const log = await logged();
      expect(log).toContain('e-mail kept in the outbox');
      for (const value of ['Zainab', 'Loggedname', 'zainab.lead@example.com', '509876543', 'SECRET lead message'])
        expect(log).not.toContain(value);
    } finally {
      await publicSite.close();
    }
  });

  it("the demo seed logs that it ran, not the admin's e-mail", async () => {
    const database = await createTestDatabase();
    try {
      const deps = createTestDeps(testConfig(), database, { log: logger });
      const adminEmail = 'seeded.owner@example.com';
      const result = await seedDemoContent(deps, {
        adminEmail,
        adminPassword: 'SECRETseedPassword',
        images: false,
        print: () => {},
      });
      expect(result.seeded).toBe(true);
      const log = await logged();
      expect(log).toContain('demo content seeded');
      for (const value of [adminEmail, 'SECRETseedPassword']) expect(log).not.toContain(value);
    } finally {
      await database.close();
    }
    // A database of its own (the seed runs only on an empty one): migrating it takes a while.
  }, 120_000);
});

describe('failed queries', () => {
  it('lose their parameters (a password hash, an e-mail) but keep the SQL, the code and the reason', async () => {
    const email = 'taken.address@example.com';
    await seedUser(t.deps.db, { email });
    const passwordHash = await hashPassword('SECRETpassword456');
    const error = await t.deps.db
      .insert(users)
      .values({ name: 'Second Person', email, passwordHash })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // The raw error does hold them: that is what must not reach the log.
    expect(String((error as Error).message)).toContain(passwordHash);

    logger.error({ err: error }, 'request failed');
    const err = await loggedError();
    expect(err.query).toContain('insert into "users"');
    expect(err.code).toBe('23505');
    expect(err.message).toContain('duplicate key value violates unique constraint "users_email_key"');
    const log = await logged();
    for (const value of [passwordHash, email, 'Second Person']) expect(log).not.toContain(value);
  });

  it('a lead refused by the database: neither its e-mail nor its message reaches the log', async () => {
    const lead = { email: 'lead.person@example.com', message: 'SECRET lead message\nover two lines' };
    const error = await t.deps.db
      .insert(leads)
      .values({
        kind: 'contact',
        name: 'Lead Person',
        phone: '+971502222222',
        ...lead,
        message: `${lead.message}\u0000`,
      })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    logger.error({ err: error }, 'request failed');
    expect((await loggedError()).query).toContain('insert into "leads"');
    const log = await logged();
    for (const value of [lead.email, 'SECRET lead message', 'over two lines', 'Lead Person', '+971502222222'])
      expect(log).not.toContain(value);
  });
});

describe('loggableUrl', () => {
  it('keeps the path, marks a query, hides token segments', () => {
    const logged = {
      '/api/courses/course': '/api/courses/course',
      '/oauth-success?token=abc': '/oauth-success?…',
      '/reset-password/abc?x=1': '/reset-password/…?…',
      '/api/auth/verify-email/abc': '/api/auth/verify-email/…',
    };
    for (const [url, shown] of Object.entries(logged)) expect(loggableUrl(url), url).toBe(shown);
  });
});
