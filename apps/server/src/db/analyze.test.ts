import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { startAnalyzeSchedule } from './analyze.ts';
import type { Database } from './client.ts';
import { leads } from './schema.ts';

/* PGlite has no autovacuum: the server analyses tables that grew, in the background (analyze.ts). */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function logger() {
  const lines: { obj: object; msg: string }[] = [];
  const log = (obj: object, msg: string) => void lines.push({ obj, msg });
  return { lines, info: log, warn: log };
}

async function addLeads(count: number) {
  await database.db.execute(sql`
    insert into leads (id, kind, name, email, phone)
    select gen_random_uuid()::text, 'contact', 'Name ' || g, 'a' || g || '@example.com', '+9715' || g
    from generate_series(1, ${count}) g`);
}

describe('the ANALYZE schedule', () => {
  it('analyses a table once it has grown, and not again until it grows or changes again', async () => {
    const schedule = startAnalyzeSchedule(database, logger(), { firstDelayMs: 60_000 });
    try {
      await schedule.runOnce();
      // A session sends its counts of changed rows at most once a second: rows added just after it
      // sent some are still held back when the next look comes, as the server's writes often are.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await database.db.execute(sql`select 1`);
      await addLeads(3000);
      expect(await schedule.runOnce()).toContain('public.leads');
      // Those counts have been sent since (with the next query a second later): they must not make
      // the table look changed again.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await database.db.execute(sql`select 1`);
      expect(await schedule.runOnce()).not.toContain('public.leads');
      await addLeads(100); // under a tenth more: not yet
      await database.db.update(leads).set({ status: 'contacted' }).where(sql`${leads.name} like 'Name 1%'`);
      // 1,111 of ~3,100 rows changed: more than autovacuum's threshold.
      expect(await schedule.runOnce()).toContain('public.leads');
    } finally {
      await schedule.stop();
    }
  });

  it('runs by itself on the embedded database, logs one line a round and stops', async () => {
    if (database.driver !== 'pglite') return;
    await addLeads(5000);
    const log = logger();
    const schedule = startAnalyzeSchedule(database, log, { firstDelayMs: 10, everyMs: 60_000 });
    const deadline = Date.now() + 10_000;
    while (log.lines.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await schedule.stop();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      msg: 'tables analyzed',
      obj: { tables: expect.arrayContaining(['public.leads']) },
    });
  });

  it('leaves PostgreSQL to its autovacuum', async () => {
    let queries = 0;
    const db = new Proxy(database.db, {
      get: (target, key) => (key === 'execute' ? () => void queries++ : Reflect.get(target, key)),
    });
    const schedule = startAnalyzeSchedule({ db, driver: 'postgres' }, logger(), { firstDelayMs: 1, everyMs: 1 });
    await new Promise((r) => setTimeout(r, 50));
    await schedule.stop();
    expect(queries).toBe(0);
  });
});
