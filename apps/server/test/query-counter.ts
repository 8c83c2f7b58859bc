import type { Db } from '../src/db/client.ts';

/**
 * Runs `work` with each statement sent to the database `db` (PGlite or node-postgres) handed to
 * `seen` first, as its text.
 */
export async function watchQueries(db: Db, seen: (text: string) => void, work: () => Promise<unknown>) {
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const originals = { query: client.query, exec: client.exec };
  for (const name of ['query', 'exec'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      seen(typeof first === 'string' ? first : (first?.text ?? ''));
      return original.apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const name of ['query', 'exec'] as const) if (originals[name]) client[name] = originals[name];
  }
}

/** How many statements reach the database `db` while `work` runs. */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  let n = 0;
  await watchQueries(db, () => (n += 1), work);
  return n;
}
