import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appliedMigrations, type Database, openDatabase } from './client.ts';

let open: Database | undefined;
let dir: string | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function setting(database: Database, name: string): Promise<string> {
  const result = await database.db.execute(sql.raw(`show ${name}`));
  return String((result as unknown as { rows: Record<string, unknown>[] }).rows[0]?.[name]);
}

describe('PGlite settings', () => {
  // Its WebAssembly memory never shrinks: PostgreSQL's default 128 MB of shared buffers stayed resident.
  it('keeps shared buffers small with PGlite’s own defaults still in force', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-client-'));
    open = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    expect(await setting(open, 'shared_buffers')).toBe('16MB');
    expect(await setting(open, 'search_path')).toBe('public');
    expect(await setting(open, 'max_worker_processes')).toBe('0');
  }, 120_000);
});

describe('migrations at start', () => {
  it("a database that has the newest migration is only read: drizzle's migrator does not run", async () => {
    open = await openDatabase({ dataDir: 'memory://' });
    await open.migrate();
    const applied = await appliedMigrations(open.db);
    expect(applied?.count).toBeGreaterThan(0);
    // PGlite has one session: a read-only one makes the migrator's first step (create schema
    // if not exists) fail, while reading the migrations table still works.
    await open.db.execute(sql`set default_transaction_read_only = on`);
    await expect(open.migrate()).resolves.toBeUndefined();
    expect(await appliedMigrations(open.db)).toEqual(applied);
    // One migration short: the migrator runs (its first statement meets the read-only session).
    await open.db.execute(sql`set default_transaction_read_only = off`);
    await open.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    await open.db.execute(sql`set default_transaction_read_only = on`);
    await expect(open.migrate()).rejects.toThrow(/create schema if not exists "drizzle"/i);
  }, 120_000);
});

describe('PGlite and the event loop', () => {
  it('a run of queries lets waiting work in between: each query waits for the next turn of the event loop', async () => {
    open = await openDatabase({ dataDir: 'memory://' });
    await open.db.execute(sql`create temporary table turns (n integer)`);
    let queriesBeforeTimer = -1;
    let queries = 0;
    setTimeout(() => {
      queriesBeforeTimer = queries;
    }, 0);
    // A timer due at once fires after the first queries, not once all 200 have run.
    for (let i = 0; i < 200; i++) {
      await open.db.execute(sql`insert into turns values (${i})`);
      queries++;
    }
    expect(queriesBeforeTimer).toBeGreaterThanOrEqual(0);
    expect(queriesBeforeTimer).toBeLessThan(10);
    // A transaction's statements still run together, and its work is all there.
    await open.db.transaction(async (tx) => {
      await tx.execute(sql`delete from turns where n >= 100`);
    });
    const counted = await open.db.execute(sql`select count(*)::int as n from turns`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(100);
  }, 120_000);
});
