import v8 from 'node:v8';

/**
 * V8 lets a heap's old generation grow by a factor it takes from the heap limit, which it sizes
 * from the machine's memory: up to 4 on a machine with 4 GB or more, about 1.4 at most on a 1 GB
 * server (a 512 MB limit). With the embedded database, whose WebAssembly memory lives in the same
 * process, the small factor slowed cache hits on a 1 GB server to 0.78-0.82 of bare Fastify; with
 * the factor at 4 they ran at 0.92-1.10, and misses at 786-938 a second instead of 725, for 90 MB
 * more resident after load (396 MB against a goal of 450). On PostgreSQL the server is already at
 * 0.87-1.11 without it and is kept small for several instances (179 MB after load, goal 250), so
 * it is left to V8 there. Measured in docs/benchmarks.md, 2026-11-26 sixth session.
 *
 * Set at run time rather than on the command line so that it follows DATABASE_URL wherever the
 * server is started from (`npm start`, the deploy unit). V8 reads the flag at every collection, in
 * every heap of the process: the render threads' too, whose old generations stay within their own
 * bound (plugins/render-pool.ts).
 */
export const EMBEDDED_DATABASE_HEAP_FLAGS = '--heap-growing-percent=300';

/** Applies the heap flags the chosen database calls for (none for PostgreSQL). */
export function tuneHeap({ databaseUrl }: { databaseUrl: string | undefined }): void {
  if (!databaseUrl) v8.setFlagsFromString(EMBEDDED_DATABASE_HEAP_FLAGS);
}
