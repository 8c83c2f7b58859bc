import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailTransport } from '../src/adapters/mail/index.ts';
import { createSmtpTransport, type SmtpTransport } from '../src/adapters/mail/smtp.ts';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedCourse, seedHero, seedUser } from '../src/db/factories.ts';
import { outbox } from '../src/db/schema.ts';
import type { Deps } from '../src/deps.ts';
import { CONTENT_CHANNEL, type InstanceSync, startInstanceSync } from '../src/lib/instance-sync.ts';
import { CONTENT_PARTS, type ContentPart } from '../src/lib/page-cache.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { consultation, contact } from '../src/modules/leads/leads.fixtures.ts';
import { LEAD_LIMIT } from '../src/modules/leads/routes.ts';
import { enqueueMail, type OutboxWorker, settleMail, startOutboxWorker } from '../src/modules/mail/outbox.ts';
import { INITIATE_LIMIT } from '../src/modules/payments/routes.ts';
import { createTestDatabase, createTestDeps, testConfig } from './helpers.ts';
import { type SmtpStandIn, startSmtpStandIn } from './smtp-stand-in.ts';

/**
 * Two app instances (each its own deps, page cache, read model, outbox worker and instance sync)
 * on one PostgreSQL database, as several processes behind a load balancer would run
 * (docs/decisions/016-several-instances.md). PostgreSQL only: PGlite is one process per data folder.
 */

interface Instance {
  name: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Deps;
  sync: InstanceSync;
  worker: OutboxWorker;
  transport: SmtpTransport;
  /** The subjects of the messages this instance's transport handed to the SMTP server. */
  sent: string[];
  /** Every `pageCache.invalidate(parts)` this instance's cache saw (null: unnamed). */
  invalidations: (readonly ContentPart[] | null)[];
  close(): Promise<void>;
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A POST to one instance, sent from the address `ip`. */
function postFrom(instance: Instance, ip: string, url: string, payload: Record<string, unknown>) {
  return instance.app.inject({ method: 'POST', url, remoteAddress: ip, payload });
}

describe.skipIf(!onPostgres)('several instances on one PostgreSQL', () => {
  let databaseA: Database;
  let databaseB: Database;
  let smtp: SmtpStandIn;
  let a: Instance;
  let b: Instance;
  let adminAuth: { authorization: string };

  async function startInstance(name: string, database: Database): Promise<Instance> {
    const config = testConfig({ SMTP_URL: smtp.url, CONTACT_EMAIL: 'owner@example.com' });
    const deps = createTestDeps(config, database);
    const transport = createSmtpTransport(smtp.url);
    const instance = { name, sent: [], invalidations: [] } as unknown as Instance;
    const counting: MailTransport = {
      name: transport.name,
      maxSendMs: transport.maxSendMs,
      async send(message) {
        await transport.send(message);
        instance.sent.push(message.subject);
      },
    };
    deps.mailTransport = counting;
    deps.pageCache.onInvalidate((parts) => {
      instance.invalidations.push(parts ?? null);
      return undefined;
    });
    const app = await buildApp({ deps });
    await app.ready();
    const sync = startInstanceSync(deps, { instanceId: name });
    if (!sync) throw new Error('instance sync expected on PostgreSQL');
    await sync.listening();
    const worker = startOutboxWorker(deps, { pollMs: 20 });
    Object.assign(instance, {
      app,
      deps,
      sync,
      worker,
      transport,
      async close() {
        await worker.stop();
        await sync.stop();
        await app.close();
        transport.close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    });
    return instance;
  }

  beforeAll(async () => {
    smtp = await startSmtpStandIn({ replyDelayMs: 5 });
    databaseA = await createTestDatabase();
    // The same database through a pool of its own, as a second process would open it.
    databaseB = await openDatabase({ url: databaseA.url });
    await seedHero(databaseA.db, { title: 'Hero before', subtitle: 'Sub' });
    const admin = await seedUser(databaseA.db, { role: 'admin', email: 'owner-admin@example.com' });
    adminAuth = { authorization: `Bearer ${(await createSession(databaseA.db, admin.id, 'admin')).token}` };
    a = await startInstance('instance-a', databaseA);
    b = await startInstance('instance-b', databaseB);
  });

  afterAll(async () => {
    await settleMail();
    await b?.close();
    await a?.close();
    await databaseB?.close();
    await databaseA?.close();
    await smtp?.close();
  });

  beforeEach(() => {
    a.invalidations.length = 0;
    b.invalidations.length = 0;
  });

  const getHero = (instance: Instance) => instance.app.inject({ method: 'GET', url: '/api/hero/get' });
  const putHero = (instance: Instance, title: string) =>
    instance.app.inject({
      method: 'PUT',
      url: '/api/hero/update',
      headers: adminAuth,
      payload: { title, subtitle: 'Sub' },
    });

  /** Polls `check` every 10 ms; resolves with the milliseconds it took, fails after `withinMs`. */
  async function within(withinMs: number, what: string, check: () => boolean | Promise<boolean>): Promise<number> {
    const started = performance.now();
    for (;;) {
      if (await check()) return performance.now() - started;
      if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** B's cached hero (made before a write) is dropped, then B answers `title`: within a second. */
  async function expectOnB(title: string) {
    await within(1000, 'B dropped its cached answers', () => b.deps.pageCache.usage('api').entries === 0);
    await within(1000, `B answers '${title}'`, async () => (await getHero(b)).json().title === title);
  }

  /** B answers the hero from its cache, as it was before the write. */
  async function cacheOnB(title: string) {
    const first = await getHero(b);
    expect(first.json().title).toBe(title);
    const again = await getHero(b);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(b.deps.pageCache.usage('api').entries).toBeGreaterThan(0);
  }

  it('an admin write through A shows on B within a second; B drops the answers it cached before', async () => {
    const before = (await getHero(b)).json().title;
    await cacheOnB(before);
    // A has its own copy in its read model and cache.
    expect((await getHero(a)).json().title).toBe(before);

    const started = performance.now();
    const put = await putHero(a, 'Hero after');
    expect(put.statusCode, put.body).toBe(200);
    // A's own answer shows the change at once (as before); B's within a second of the write.
    expect((await getHero(a)).json().title).toBe('Hero after');
    await expectOnB('Hero after');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('each instance refreshes once per write: B does not send it on, A ignores its own notification', async () => {
    await cacheOnB((await getHero(b)).json().title);
    expect((await putHero(a, 'Hero once')).statusCode).toBe(200);
    await expectOnB('Hero once');
    // Time for any echo to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.invalidations).toEqual([['hero']]);
    expect(b.invalidations).toEqual([['hero']]);
  });

  it('writes through B reach A the same way', async () => {
    const before = (await getHero(a)).json().title;
    await getHero(a);
    expect((await putHero(b, `${before} via B`)).statusCode).toBe(200);
    await within(1000, 'A answers the write made through B', async () => {
      return (await getHero(a)).json().title === `${before} via B`;
    });
  });

  it('a dropped LISTEN connection comes back, refreshes everything, and later writes still reach B', async () => {
    const before = b.sync.status();
    expect(before.listening).toBe(true);
    // Ended from the server's side, as a restart or a failover would.
    const ended = (await databaseA.db.execute(sql`select pg_terminate_backend(${before.pid}) as ended`)) as unknown as {
      rows: { ended: boolean }[];
    };
    expect(ended.rows).toEqual([{ ended: true }]);
    await within(5000, 'B listens again', () => b.sync.status().connects === before.connects + 1);
    const after = b.sync.status();
    expect(after.listening).toBe(true);
    expect(after.pid).not.toBe(before.pid);
    // What was announced while B did not listen is lost: B loaded every part again.
    expect(b.invalidations).toContainEqual(CONTENT_PARTS);
    // Nothing was sent on to A.
    expect(a.invalidations).toEqual([]);

    await cacheOnB((await getHero(b)).json().title);
    expect((await putHero(a, 'Hero after the reconnect')).statusCode).toBe(200);
    await expectOnB('Hero after the reconnect');
  });

  it('a notification B cannot read (not JSON, an unknown part) makes it refresh everything, and it keeps listening', async () => {
    const pid = b.sync.status().pid;
    await databaseA.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, 'not json')`);
    const future = JSON.stringify({ from: 'a-newer-instance', parts: ['hero', 'a-part-from-a-newer-version'] });
    await databaseA.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${future})`);
    await within(1000, 'B refreshed everything twice', () => b.invalidations.length === 2);
    expect(b.invalidations).toEqual([CONTENT_PARTS, CONTENT_PARTS]);
    expect(b.sync.status()).toMatchObject({ listening: true, pid });

    await cacheOnB((await getHero(b)).json().title);
    expect((await putHero(a, 'Hero after odd notifications')).statusCode).toBe(200);
    await expectOnB('Hero after odd notifications');
  });

  it('a lead submitted through A is e-mailed exactly once while both outbox workers run', async () => {
    const existing = new Set((await databaseA.db.select({ id: outbox.id }).from(outbox)).map((row) => row.id));
    const lead = await postFrom(a, '10.9.0.1', '/api/consultations', consultation({ email: 'omar.once@example.com' }));
    expect(lead.statusCode, lead.body).toBe(201);
    // And a backlog that both workers pick from at the same time.
    await enqueueMail(
      databaseB.db,
      Array.from({ length: 40 }, (_, i) => ({ to: `backlog-${i}@example.com`, subject: `Backlog ${i}`, text: 'x' })),
    );

    const rows = async () => (await databaseA.db.select().from(outbox)).filter((row) => !existing.has(row.id));
    await within(15_000, 'every new message sent', async () => {
      const fresh = await rows();
      return fresh.length === 42 && fresh.every((row) => row.status === 'sent');
    });
    // Some more polls of both workers: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settleMail();

    const fresh = await rows();
    const received = new Map<string, number>();
    for (const mail of smtp.messages) received.set(mail.messageId, (received.get(mail.messageId) ?? 0) + 1);
    for (const row of fresh) {
      expect(row.attempts, row.to).toBe(1);
      expect(received.get(row.messageId ?? ''), row.to).toBe(1);
    }
    // The lead's two e-mails (the owner's and the sender's), each once.
    expect(smtp.messages.filter((m) => m.to.includes('omar.once@example.com'))).toHaveLength(1);
    const leadMails = fresh.filter((row) => !row.to.startsWith('backlog-'));
    expect(leadMails.map((row) => row.to).sort()).toEqual(['omar.once@example.com', 'owner@example.com']);
    // Both workers really competed for the backlog, and still no message went twice.
    const backlogBy = (instance: Instance) => instance.sent.filter((subject) => subject.startsWith('Backlog ')).length;
    expect(backlogBy(a) + backlogBy(b)).toBe(40);
    expect(backlogBy(a)).toBeGreaterThan(0);
    expect(backlogBy(b)).toBeGreaterThan(0);
  });

  it('ten failed sign-ins spread over A and B use up the limit of one address and account', async () => {
    const learner = await seedUser(databaseA.db, { email: 'spread-guess@example.com', password: 'right-password-123' });
    const ip = '10.9.1.1';
    const signIn = (instance: Instance, password: string) =>
      postFrom(instance, ip, '/api/auth/login', { email: learner.email, password });
    for (let i = 0; i < 10; i++) {
      const res = await signIn(i % 2 === 0 ? a : b, `wrong-${i}`);
      expect(res.statusCode, `try ${i + 1}`).toBe(401);
    }
    // Either instance now refuses, even the right password.
    expect((await signIn(a, 'wrong-10')).statusCode).toBe(429);
    expect((await signIn(b, 'right-password-123')).statusCode).toBe(429);
  });

  it(`${LEAD_LIMIT.max} leads from one address spread over A and B use up its limit`, async () => {
    const ip = '10.9.2.1';
    const sendContact = (instance: Instance, i: number) =>
      postFrom(instance, ip, '/api/contact', contact({ user_email: `jane-${i}@example.com` }));
    for (let i = 0; i < LEAD_LIMIT.max; i++) {
      const res = await sendContact(i % 2 === 0 ? a : b, i);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await sendContact(a, 98)).statusCode).toBe(429);
    expect((await sendContact(b, 99)).statusCode).toBe(429);
  });

  it(`${INITIATE_LIMIT.max} payments started by one learner spread over A and B use up the limit`, async () => {
    const buyer = await seedUser(databaseA.db, { email: 'spread-buyer@example.com' });
    const headers = { authorization: `Bearer ${(await createSession(databaseA.db, buyer.id, 'learner')).token}` };
    const course = await seedCourse(databaseA.db, { title: 'Spread Limit Course', priceFils: 10_000 });
    const initiate = (instance: Instance) =>
      instance.app.inject({ method: 'POST', url: '/api/payment/initiate', headers, payload: { courseId: course.id } });
    for (let i = 0; i < INITIATE_LIMIT.max; i++) {
      const res = await initiate(i % 2 === 0 ? a : b);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await initiate(a)).statusCode).toBe(429);
    expect((await initiate(b)).statusCode).toBe(429);
  });
});
