import type { Db } from '../src/db/client.ts';

/** How many statements reach the database `db` while `work` runs (PGlite or node-postgres). */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const originals = { query: client.query, exec: client.exec };
  let n = 0;
  for (const name of ['query', 'exec'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      n += 1;
      return original.apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const name of ['query', 'exec'] as const) if (originals[name]) client[name] = originals[name];
  }
  return n;
}
