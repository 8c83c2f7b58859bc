import v8 from 'node:v8';

/**
 * V8 lets a heap's old generation grow by a factor it takes from the heap limit, which it sizes
 * from the machine's memory: up to 4 on a machine with 4 GB or more, about 1.4 at most on a 1 GB
 * server (a 512 MB limit). On Node 20 with the embedded database, whose WebAssembly memory lives in
 * the same process, the small factor slowed cache hits on a 1 GB server to 0.78-0.82 of bare
 * Fastify; with the factor at 4 they ran at 0.92-1.10, and misses at 786-938 a second instead of
 * 725, for 90 MB more resident after load (396 MB against a goal of 450).
 *
 * Left to V8 elsewhere:
 * - On PostgreSQL the server is already at 0.87-1.11 without it and is kept small for several
 *   instances (179 MB after load, goal 250).
 * - On Node 24 and later, whose V8 gives a 1 GB server more room on its own: without the factor
 *   cache hits at 0.76-1.08 of bare Fastify in three runs (the lowest page 0.84, 0.76, 0.86) and
 *   399-435 MB after load; with it 537-557 MB, past the goal, for hits in the same spread
 *   (0.78-1.23 in two runs). Node 22 behaves as Node 20 (0.76-0.77 on the home page and the
 *   catalogue without it).
 * Measured in docs/benchmarks.md, 2026-11-26 sixth and seventh sessions.
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
