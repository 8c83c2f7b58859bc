import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Deps } from '../deps.ts';
import { CONTENT_PARTS, type ContentPart, isContentPart } from './page-cache.ts';

/**
 * Several instances on one PostgreSQL: a content write on one reaches the others through
 * PostgreSQL's LISTEN/NOTIFY (docs/decisions/016-several-instances.md).
 *
 * - Every `pageCache.invalidate(parts)` of this process (a write route's declared `changes`)
 *   sends `pg_notify(channel, {from, parts})` through the pool; the writer's request awaits the send,
 *   as it awaits its own refresh.
 * - One connection of its own, outside the pool, LISTENs. A notification from another instance runs
 *   the same `pageCache.invalidate(parts)` as a local write (the read model loads those parts
 *   again, then drops the cached pages), without sending it on; this instance's own are ignored.
 * - A lost connection (server restart, a terminated backend, a dead network found by the periodic
 *   check) is replaced after a backoff; once LISTEN runs again everything this process holds is
 *   refreshed, since notifications sent meanwhile are gone. Nothing here ever throws into the
 *   process: failures are logged and retried, and the 60 s expiry of pages and parts stays the net.
 *
 * PGlite is one process per data folder: there is nobody to tell, and `startInstanceSync` returns null.
 */
export const CONTENT_CHANNEL = 'oasis_content_changed';

export interface InstanceSyncOptions {
  /** Who this process is in the notifications (a random id by default). */
  instanceId?: string;
  channel?: string;
  /** The first wait before connecting again; doubled after each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is checked with a query: a dead network sends no error. */
  checkMs?: number;
  /** How long a connect or the check may take before the connection counts as lost. */
  timeoutMs?: number;
}

export interface InstanceSyncStatus {
  listening: boolean;
  /** The server process id of the listening connection (pg_stat_activity.pid), when connected. */
  pid: number | null;
  /** How many times LISTEN has started (1 after the first connect, one more per reconnect). */
  connects: number;
}

export interface InstanceSync {
  readonly instanceId: string;
  status(): InstanceSyncStatus;
  /** Resolves once LISTEN runs on a live connection (at once when it does). */
  listening(): Promise<void>;
  /** Stops listening and sending; waits for the connection to close. */
  stop(): Promise<void>;
}

interface Notice {
  from: string;
  /** null: a change nobody named (`invalidate()` without parts). */
  parts: ContentPart[] | null;
}

const noop = () => {};

/** Starts following other instances' writes, on PostgreSQL; null on PGlite (nothing to follow). */
export function startInstanceSync(
  deps: Pick<Deps, 'database' | 'pageCache' | 'log'>,
  options: InstanceSyncOptions = {},
): InstanceSync | null {
  const { database, pageCache, log } = deps;
  if (database.driver !== 'postgres' || !database.url) return null;
  const url = database.url;
  const instanceId = options.instanceId ?? randomUUID();
  const channel = options.channel ?? CONTENT_CHANNEL;
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const checkMs = options.checkMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;

  let stopped = false;
  let client: pg.Client | null = null;
  let listening = false;
  let connects = 0;
  let pid: number | null = null;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  /** True while a received change is applied: the page cache's listeners run synchronously in it. */
  let applyingRemote = false;

  // ------------------------------------------------------------------ sending

  const send = async (parts: readonly ContentPart[] | undefined): Promise<void> => {
    const notice: Notice = { from: instanceId, parts: parts ? [...new Set(parts)] : null };
    try {
      await database.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(notice)})`);
    } catch (error) {
      log.warn(
        { err: error, parts: notice.parts },
        'instance sync: could not tell the other instances of a change; they show it within 60 s',
      );
    }
  };

  const unsubscribe = pageCache.onInvalidate((parts) => {
    if (applyingRemote || stopped) return undefined;
    // Named parts: the writer awaits the send with its own refresh. Unnamed: invalidate() does not wait.
    return send(parts);
  });

  // ------------------------------------------------------------------ receiving

  /** The same refresh as a local write, not sent on. */
  const apply = (parts: readonly ContentPart[] | undefined) => {
    applyingRemote = true;
    let done: Promise<void>;
    try {
      done = pageCache.invalidate(parts);
    } catch (error) {
      log.error({ err: error }, 'instance sync: applying a change failed');
      return;
    } finally {
      applyingRemote = false;
    }
    done.catch((error: unknown) => log.error({ err: error }, 'instance sync: applying a change failed'));
  };

  const receive = (message: pg.Notification) => {
    if (message.channel !== channel) return;
    let notice: Partial<Notice>;
    try {
      notice = JSON.parse(message.payload ?? '') as Partial<Notice>;
    } catch {
      log.warn('instance sync: a notification that is not JSON; refreshing everything');
      apply(CONTENT_PARTS);
      return;
    }
    if (notice.from === instanceId) return;
    if (notice.parts === null) apply(undefined);
    // A part this version does not know (a newer instance): refresh all it knows.
    else if (Array.isArray(notice.parts) && notice.parts.every(isContentPart)) apply(notice.parts);
    else apply(CONTENT_PARTS);
  };

  // ------------------------------------------------------------------ the listening connection

  /** Connects again after a backoff; returns the wait in milliseconds. */
  const scheduleConnect = (): number => {
    if (stopped || retryTimer) return 0;
    const base = Math.min(maxRetryMs, retryMs * 2 ** failures);
    failures += 1;
    // Some jitter, so that instances cut off together do not all come back in the same instant.
    const delay = base + Math.floor(Math.random() * base * 0.2);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
    return delay;
  };

  const connect = async () => {
    // Only on PostgreSQL, where db/client.ts has loaded the driver already.
    const { default: pg } = await import('pg');
    if (stopped) return;
    const c = new pg.Client({
      connectionString: url,
      application_name: 'oasis-instance-sync',
      keepAlive: true,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    client = c;
    let lost = false;
    let listened = false;
    let listenedAt = 0;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) {
        client = null;
        listening = false;
        pid = null;
        if (checkTimer) clearInterval(checkTimer);
        checkTimer = undefined;
      }
      c.removeListener('notification', receive);
      c.end().catch(noop);
      if (stopped) return;
      // The backoff starts again only after a connection that held: one that keeps dropping right
      // after LISTEN (each time refreshing everything) is retried ever more slowly.
      if (listened && Date.now() - listenedAt > checkMs) failures = 0;
      const retryInMs = scheduleConnect();
      log.warn(
        { err: error, retryInMs },
        listened
          ? 'instance sync: the listening connection was lost; connecting again'
          : 'instance sync: could not start listening; trying again',
      );
    };
    // A client without an 'error' listener would throw it into the process.
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', receive);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = rows[0]?.pid ?? null;
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (stopped || lost) {
      c.end().catch(noop);
      return;
    }
    listened = true;
    listenedAt = Date.now();
    listening = true;
    connects += 1;
    if (connects === 1) log.info({ instanceId }, 'instance sync: following content changes of other instances');
    else log.info({ instanceId }, 'instance sync: listening again; refreshing everything');
    checkTimer = setInterval(() => {
      c.query('select 1').catch((error: unknown) => onLost(error instanceof Error ? error : new Error(String(error))));
    }, checkMs);
    checkTimer.unref();
    // Changes announced while nobody listened here are lost (after a reconnect; before the first
    // connect, in case anything was read already): refresh every part this process holds. A part
    // never read costs nothing.
    apply(CONTENT_PARTS);
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  void connect();

  return {
    instanceId,
    status: () => ({ listening, pid: listening ? pid : null, connects }),
    listening: () => (listening ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async stop() {
      stopped = true;
      unsubscribe();
      if (retryTimer) clearTimeout(retryTimer);
      if (checkTimer) clearInterval(checkTimer);
      retryTimer = undefined;
      checkTimer = undefined;
      listening = false;
      const c = client;
      client = null;
      if (c) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          c.end().catch(noop),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, 2_000);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
      }
      // Whoever waits for a connection that will never come is let go.
      const pending = waiters;
      waiters = [];
      for (const resolve of pending) resolve();
    },
  };
}
