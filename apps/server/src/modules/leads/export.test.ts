import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { leads } from '../../db/schema.ts';
import { exportLeadsCsv } from './service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('leads CSV export', () => {
  it('reads the inbox in batches after the last row seen, none skipped or repeated', async () => {
    const marker = `batch-${Date.now()}`;
    // Seven leads; three share one instant down to the microsecond part, which a JS Date cannot hold.
    const base = Date.UTC(2025, 5, 1);
    await t.deps.db.insert(leads).values(
      Array.from({ length: 7 }, (_, i) => ({
        kind: 'contact' as const,
        name: `${marker} ${i}`,
        email: `lead${i}@example.com`,
        phone: '',
        message: marker,
        details: {},
        createdAt: new Date(base + (i < 3 ? 0 : i * 1000)),
      })),
    );
    const chunks = await collect(exportLeadsCsv(t.deps.db, { q: marker }, 2));
    // The header, then one chunk per batch of two (7 rows: 4 batches).
    expect(chunks).toHaveLength(5);
    const names = chunks
      .slice(1)
      .join('')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(',')[3]);
    expect(names).toHaveLength(7);
    expect(new Set(names).size).toBe(7);
    // Newest first.
    expect(names.slice(0, 4)).toEqual([`${marker} 6`, `${marker} 5`, `${marker} 4`, `${marker} 3`]);
  });

  it('keeps rows whose times differ only in microseconds', async () => {
    const marker = `micro-${Date.now()}`;
    for (const micros of ['100', '200', '300']) {
      await t.deps.db.insert(leads).values({
        kind: 'contact',
        name: `${marker} ${micros}`,
        email: 'micro@example.com',
        phone: '',
        message: marker,
        details: {},
        createdAt: new Date(Date.UTC(2025, 6, 1)),
      });
    }
    // Give the three rows distinct microseconds within one millisecond.
    await t.deps.db.execute(
      sql`update leads set created_at = created_at + (substring(name from '[0-9]+$')::int * interval '1 microsecond') where message = ${marker}`,
    );
    const chunks = await collect(exportLeadsCsv(t.deps.db, { q: marker }, 1));
    const rows = chunks.slice(1).join('').split('\r\n').filter(Boolean);
    expect(rows.map((line) => line.split(',')[3])).toEqual([`${marker} 300`, `${marker} 200`, `${marker} 100`]);
  });
});
