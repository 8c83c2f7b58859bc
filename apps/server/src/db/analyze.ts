import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * PGlite has no autovacuum, so nothing refreshes the planner's statistics as tables grow: a table
 * analysed when it held ten rows is planned as if it still did once it holds a million (sequential
 * scans and wrong joins on the admin lists). This runs ANALYZE on the embedded database a few
 * seconds after start and then every few minutes, only on the tables that grew or changed enough,
 * one table at a time in the background. PostgreSQL's own autovacuum does this there.
 */
export const ANALYZE_SCHEDULE = {
  /** After start: the first requests are served first. */
  firstDelayMs: 5_000,
  /** Between two looks at the tables. */
  everyMs: 10 * 60_000,
} as const;

/**
 * The user tables whose statistics are stale, as `schema.table` ready for SQL: never analysed,
 * grown by more than a tenth (pages on disk against those the last ANALYZE saw; survives a
 * restart, unlike the activity counters), or with more changed rows than autovacuum's own threshold
 * (50 + 10 % of the rows). Each table's size is asked once (in the subquery: a volatile function
 * keeps it there): PGlite answers `pg_relation_size` by looking up each file of the table, and
 * asking it three times a table kept the event loop waiting 70–100 ms at scale, every round (once:
 * 7–19 ms).
 */
const STALE_TABLES = sql`
  select name from (
    select format('%I.%I', s.schemaname, s.relname) as name, c.reltuples, c.relpages,
           s.n_mod_since_analyze, pg_relation_size(c.oid) as bytes
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
  ) t
  where bytes > 0
    and (
      reltuples < 0
      or bytes / current_setting('block_size')::int > relpages * 1.1 + 8
      or n_mod_since_analyze > 50 + 0.1 * greatest(reltuples, 0)
    )
  order by bytes desc`;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export interface AnalyzeSchedule {
  /** One look now: analyses the stale tables, resolves with their names. */
  runOnce(): Promise<string[]>;
  /** No more rounds; waits for the table being analysed, if any (one table, never the whole round). */
  stop(): Promise<void>;
}

/** Analyses stale tables of the embedded database now and then; does nothing on PostgreSQL. */
export function startAnalyzeSchedule(
  database: Pick<Database, 'db' | 'driver'>,
  log: Log,
  options: { firstDelayMs?: number; everyMs?: number } = {},
): AnalyzeSchedule {
  const { firstDelayMs = ANALYZE_SCHEDULE.firstDelayMs, everyMs = ANALYZE_SCHEDULE.everyMs } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | null = null;

  const analyseStale = async () => {
    const done: string[] = [];
    // A session sends its counts of changed rows at most once a second, when idle: counts still
    // held back would arrive after the ANALYZE below had reset them, and have the table analysed
    // again next round for changes it already saw. Sent now, before the look.
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    const rows = (await database.db.execute<{ name: string }>(STALE_TABLES)) as unknown as
      | { rows: { name: string }[] }
      | { name: string }[];
    const names = (Array.isArray(rows) ? rows : rows.rows).map((row) => row.name);
    const started = performance.now();
    for (const name of names) {
      // Checked between tables: stopping waits for one table at most.
      if (stopped) break;
      await database.db.execute(sql.raw(`analyze ${name}`));
      done.push(name);
    }
    if (done.length > 0) log.info({ tables: done, ms: Math.round(performance.now() - started) }, 'tables analyzed');
    return done;
  };

  const runOnce = (): Promise<string[]> => {
    const run = (current ?? Promise.resolve()).then(analyseStale);
    current = run.catch(() => undefined);
    return run;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.warn({ err: error }, 'analyze failed; will try again'))
        .finally(() => schedule(everyMs));
    }, delay);
    timer.unref();
  };
  if (database.driver === 'pglite') schedule(firstDelayMs);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
