import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, expect } from 'vitest';
import type { MailTransport, OutgoingMail } from '../src/adapters/mail/index.ts';
import { createPaymentProvider } from '../src/adapters/payments/create.ts';
import { createEInvoicing } from '../src/adapters/e-invoicing/create.ts';
import { createLocalDiskStorage } from '../src/adapters/storage/local-disk.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { Deps } from '../src/deps.ts';
import { createLogger } from '../src/lib/logger.ts';
import { PageCache } from '../src/lib/page-cache.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const empty = await createEmptyPostgres(adminUrl, 'oasis_test');
  const database = await openDatabase({ url: empty.url });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A new database with nothing in it (not even the migrations) on the PostgreSQL server at
 * `adminUrl`, named `<prefix>_<random>`; `drop` removes it, connections and all.
 */
export async function createEmptyPostgres(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Keeps every message instead of sending it; `fail` makes sends throw (mail server down). */
export class MemoryMailTransport implements MailTransport {
  readonly name = 'memory';
  sent: OutgoingMail[] = [];
  fail = false;
  async send(message: OutgoingMail) {
    if (this.fail) throw new Error('SMTP unavailable');
    this.sent.push(message);
  }

  /**
   * Mail leaves after the request has answered (the outbox delivers in the background), so tests
   * wait for it: resolves with every message to `to` once at least `count` have arrived.
   */
  async waitForMail(to: string, count = 1, timeoutMs = 5000): Promise<OutgoingMail[]> {
    return this.waitForMailAbout(to, '', count, timeoutMs);
  }

  /** Like waitForMail, counting only the messages whose subject includes `subject`. */
  async waitForMailAbout(to: string, subject: string, count = 1, timeoutMs = 5000): Promise<OutgoingMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = this.sent.filter((m) => m.to === to && m.subject.includes(subject));
      if (messages.length >= count) return messages;
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} e-mail(s) to ${to} about '${subject}', got ${messages.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SITE_URL: 'http://localhost:3000',
    // Tests ask for many uncached pages from one address; the budget's own tests turn it on.
    RENDERS_PER_IP_PER_MINUTE: '0',
    ...env,
  });
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Deps;
  mail: MemoryMailTransport;
  close(): Promise<void>;
}

/** What the app is built from, for a test: local stand-ins for every outside service. */
export function createTestDeps(
  config: Config,
  database: Database,
  options: { mail?: MemoryMailTransport; log?: Deps['log'] } = {},
): Deps {
  return {
    config,
    database,
    db: database.db,
    storage: createLocalDiskStorage(config.mediaDir),
    mailTransport: options.mail ?? new MemoryMailTransport(),
    payments: createPaymentProvider(config, { db: database.db }),
    eInvoicing: createEInvoicing(config.eInvoicing),
    pageCache: new PageCache(),
    log: options.log ?? silentLogger,
  };
}

/**
 * The whole API on a fresh database, without the web app: the one way a test builds it, in a
 * beforeAll for a file or describe block, or inside a test that needs its own. `routes` adds a
 * test's own routes beside the app's. Call `close()` after.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    routes?: (app: FastifyInstance, deps: Deps) => void;
  } = {},
): Promise<TestContext> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const mail = new MemoryMailTransport();
  const deps = createTestDeps(config, database, { mail });
  const app = await buildApp({ deps });
  options.routes?.(app, deps);
  await app.ready();
  return {
    app,
    deps,
    mail,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What `make` resolves to, made in a beforeAll of the file or describe block that calls this; the
 * object returned forwards to it from then on, in later hooks (they run in order) and in tests.
 */
export function beforeAllValue<T extends object>(make: () => Promise<T>, timeoutMs?: number): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  }, timeoutMs);
  return new Proxy({} as T, {
    get(_, key) {
      if (!value) throw new Error('made in beforeAll: use it in hooks and tests');
      return Reflect.get(value, key);
    },
  });
}

/**
 * Deletes every row of `tables` behind the services, and tells the public cache as their writes
 * do: an empty-state test starts empty whatever an earlier test saved.
 */
export async function emptyTables(t: Pick<TestContext, 'deps'>, ...tables: PgTable[]) {
  for (const table of tables) await t.deps.db.delete(table);
  t.deps.pageCache.invalidate();
}

/** An anonymous GET of `url` that must answer 200: its parsed body. */
export async function getJson(t: Pick<TestContext, 'app'>, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

const noop = () => {};
export const silentLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child() {
    return silentLogger;
  },
} as unknown as Deps['log'];

/** A production logger at `info` whose lines are kept in memory: `text()` is all it wrote since `clear()`. */
export function memoryLogger(logLevel: 'info' | 'debug' = 'info') {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  return {
    logger: createLogger({ logLevel }, sink),
    text: () => written,
    clear: () => {
      written = '';
    },
  };
}
