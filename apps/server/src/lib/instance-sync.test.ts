import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { startInstanceSync } from './instance-sync.ts';
import { PageCache } from './page-cache.ts';

// Two instances on a real PostgreSQL: test/several-instances.test.ts (with TEST_DATABASE_URL).

function recordingLog() {
  const warnings: string[] = [];
  const log = { ...silentLogger, warn: (_: unknown, message?: string) => warnings.push(String(message ?? _)) };
  return { log: log as unknown as Deps['log'], warnings };
}

describe('instance sync', () => {
  it('is not started on PGlite: one process per data folder, nobody to tell', () => {
    const database = { driver: 'pglite' } as Database;
    expect(startInstanceSync({ database, pageCache: new PageCache(), log: silentLogger })).toBeNull();
  });

  it('keeps trying an unreachable PostgreSQL without throwing, and a write still completes', async () => {
    const { log, warnings } = recordingLog();
    const database = {
      driver: 'postgres',
      // Nothing listens on port 1: every connect is refused at once.
      url: 'postgres://postgres@127.0.0.1:1/none',
      db: {
        execute: () => Promise.reject(new Error('connection refused')),
      },
    } as unknown as Database;
    const pageCache = new PageCache();
    const sync = startInstanceSync({ database, pageCache, log }, { retryMs: 10, maxRetryMs: 20 });
    if (!sync) throw new Error('expected on PostgreSQL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const status = sync.status();
    expect(status.listening).toBe(false);
    expect(status.pid).toBeNull();
    expect(warnings.filter((w) => w.includes('could not start listening')).length).toBeGreaterThan(2);

    // A local write is not held up by a notification that cannot be sent: logged, not thrown.
    await pageCache.invalidate(['hero']);
    expect(warnings.some((w) => w.includes('could not tell the other instances'))).toBe(true);

    // Whoever waits for it is let go at stop.
    const waiting = sync.listening();
    await sync.stop();
    await waiting;
    const after = warnings.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warnings.length).toBe(after);
  });
});
