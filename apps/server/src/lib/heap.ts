import v8 from 'node:v8';

/**
 * V8 sizes how far a heap's old generation may grow from the machine's memory: a small factor on a
 * 1 GB server. With the embedded database (its WebAssembly memory in the same process) that small
 * factor slows cache hits below the goal on Node 20 and 22, so the factor is raised to 4 there; on
 * PostgreSQL and on Node 24 and later it is left to V8 (the figures: docs/benchmarks.md#heap).
 *
 * Set at run time rather than on the command line so that it follows DATABASE_URL and the Node
 * version wherever the server is started from (`npm start`, the deploy unit). V8 reads the flag at
 * every collection, in every heap of the process: the render threads' too, whose old generations
 * stay within their own bound (plugins/render-pool.ts).
 */
export const EMBEDDED_DATABASE_HEAP_FLAGS = '--heap-growing-percent=300';

/** The newest Node major version the growing factor is set on: it helps on 20 and 22, not on 24. */
const LAST_NODE_WITH_FACTOR = 22;

/** Applies the heap flags the chosen database and Node version call for (none for PostgreSQL). */
export function tuneHeap({
  databaseUrl,
  nodeVersion = process.versions.node,
}: {
  databaseUrl: string | undefined;
  nodeVersion?: string;
}): void {
  const major = Number.parseInt(nodeVersion, 10);
  if (!databaseUrl && major <= LAST_NODE_WITH_FACTOR) v8.setFlagsFromString(EMBEDDED_DATABASE_HEAP_FLAGS);
}
