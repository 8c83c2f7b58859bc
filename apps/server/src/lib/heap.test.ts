import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const heapModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap.ts');

/**
 * Full collections in a process whose heap V8 sized as on a 1 GB server (a 512 MB limit), after
 * tuneHeap for `databaseUrl`, while it keeps 24 MB alive and churns objects that live long enough
 * to reach the old generation.
 */
function fullCollections(databaseUrl: string | undefined): number {
  const script = `
    import { PerformanceObserver, constants } from 'node:perf_hooks';
    const { tuneHeap } = await import(${JSON.stringify(heapModule)});
    tuneHeap({ databaseUrl: ${JSON.stringify(databaseUrl ?? null)} ?? undefined });
    let full = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    });
    observer.observe({ entryTypes: ['gc'] });
    const live = [];
    for (let i = 0; i < 3000; i++) live.push(new Array(1000).fill(i));
    const ring = new Array(60000);
    for (let i = 0; i < 1000000; i++) ring[i % ring.length] = new Array(64).fill(i);
    setTimeout(() => { observer.disconnect(); console.log(full); }, 50);
  `;
  const run = spawnSync(
    process.execPath,
    ['--max-old-space-size=512', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

describe('tuneHeap', () => {
  it('lets the old generation grow further between full collections with the embedded database only', () => {
    const embedded = fullCollections(undefined);
    const postgres = fullCollections('postgres://oasis@localhost/oasis');
    // V8 on its own (PostgreSQL) collects several times as often as with the growing factor at 4.
    expect(postgres).toBeGreaterThan(2 * embedded);
    expect(embedded).toBeGreaterThan(0);
  }, 30_000);
});
