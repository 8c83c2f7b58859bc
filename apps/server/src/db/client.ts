import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { serverDir } from '../lib/server-dir.ts';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (absent on PGlite): for connections of their own, outside the pool (LISTEN). */
  url?: string;
  migrate(): Promise<void>;
  ping(): Promise<number>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverDir, 'drizzle');
/**
 * An initialised, migrated PGlite database that the server build packs (apps/server/scripts/build.mjs).
 * A new data folder starts from it: running PostgreSQL's initdb inside PGlite costs seconds of CPU.
 * The migrations still run after it, so a template older than the migrations is only less ahead.
 */
export const pgliteTemplateFile = path.join(serverDir, 'dist/pglite-template.tar.gz');

/**
 * PGlite keeps PostgreSQL's shared buffers inside its WebAssembly memory, which grows and never
 * shrinks. The default 128 MB for a database of a few MB only turned into resident memory nothing
 * gave back; 16 MB holds the demo database and leaves the catalogue search as fast (measured in
 * docs/benchmarks.md, 2026-11-24). PGlite replaces its default start parameters with these, so
 * they are repeated.
 */
export const pgliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  // The lead search's trigram indexes (migration 0004): every PGlite that opens the database needs
  // the extension's files, the build's template (scripts/build.mjs) and the scale bench's fill too.
  extensions: { pg_trgm },
};

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  onIdleError?: (error: Error) => void;
  /**
   * PostgreSQL only: the longest a query waits for a connection, and then for its answer, before
   * it fails (db/unavailable.ts turns that into a 503). Without it (the backup and admin
   * commands) a query waits as long as the database takes. The migrations never have it.
   */
  timeoutMs?: number;
}): Promise<Database> {
  if (options.url) {
    // The PostgreSQL driver is loaded only when there is a PostgreSQL to talk to.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // A database that is frozen (or a network that drops packets) answers nothing at all: without
    // these a request would wait for it forever, holding a pool connection.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.timeoutMs ? { connectionTimeoutMillis: options.timeoutMs, query_timeout: options.timeoutMs } : {}),
    });
    // An idle client whose connection the server ends (restart, DROP DATABASE … FORCE) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      url: options.url,
      // On a connection of their own without the timeout: building an index on a large table may
      // take longer than any request should.
      migrate: async () => {
        const own = new pg.Pool({ connectionString: options.url, max: 1 });
        try {
          const ownDb = drizzlePg(own, { schema });
          await migrateUnlessCurrent(ownDb as unknown as Db, () => migratePg(ownDb, { migrationsFolder }));
        } finally {
          await own.end();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir;
  const onDisk = Boolean(dir && !dir.startsWith('memory://'));
  if (dir && onDisk) fs.mkdirSync(dir, { recursive: true });
  // One process per data folder (see data-dir-lock.ts); taken before PGlite reads a single file.
  const lock = dir && onDisk ? await lockDataDir(dir) : null;
  let client: PGlite;
  try {
    client = dir && onDisk ? await createOnDisk(dir) : await PGlite.create(dir, pgliteOptions);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const pgliteDb = drizzlePglite(takingTurns(client), { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migrateUnlessCurrent(db, () => migratePglite(pgliteDb, { migrationsFolder })),
    ping: () => ping(db),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * PGlite runs its queries on the main thread, and an awaited query resolves without handing the
 * event loop a turn: a run of queries (an order check's round of 500 orders, an outbox round)
 * held every request, cache hits included, until the whole run ended (1.4 s with the large data
 * set of `npm run bench:scale`). Each query and transaction now waits for the
 * event loop's next turn before it starts, so waiting requests are answered between two queries.
 * A transaction's own statements run together, as before.
 */
function takingTurns(client: PGlite): PGlite {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
  return client;
}

/** Opens the database in `dir`; a new one starts from the build's template when there is one. */
async function createOnDisk(dir: string): Promise<PGlite> {
  const isNew = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (!isNew || !fs.existsSync(pgliteTemplateFile)) return PGlite.create(dir, pgliteOptions);
  try {
    return await PGlite.create(dir, { ...pgliteOptions, loadDataDir: new Blob([fs.readFileSync(pgliteTemplateFile)]) });
  } catch {
    // A template PGlite cannot read (made by another version): start from initdb instead.
    for (const entry of fs.readdirSync(dir)) {
      if (entry !== LOCK_FILE) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
    return PGlite.create(dir, pgliteOptions);
  }
}

/** The migrations applied to a database, as drizzle's migrator records them; null for none. */
export async function appliedMigrations(db: Pick<Db, 'execute'>): Promise<{ count: number; last: number } | null> {
  const [table] = await rows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return null;
  const [row] = await rows<{ count: number | string; last: number | string | null }>(
    db,
    sql`select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  return row && row.last !== null ? { count: Number(row.count), last: Number(row.last) } : null;
}

/**
 * Runs drizzle's migrator unless the database already has this code's newest migration (drizzle
 * records each by its journal time stamp and applies those newer than the last it recorded, so
 * the answer is the same). The migrator creates its schema and table and reads and hashes every
 * migration before it looks: a tenth of a second of every restart, for nothing once they are in.
 */
async function migrateUnlessCurrent(db: Db, migrate: () => Promise<void>): Promise<void> {
  const newest = Math.max(...migrationJournal().map((entry) => entry.when));
  const applied = await appliedMigrations(db);
  if (applied && applied.last >= newest) return;
  await migrate();
}

/** The migrations' journal (drizzle-kit's `meta/_journal.json`): each migration's tag and time stamp, oldest first. */
export function migrationJournal(): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** The rows a statement answers, whichever driver runs it. */
export async function rows<T>(db: Pick<Db, 'execute'>, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

async function ping(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
