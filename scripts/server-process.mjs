// How the compiled server's process is run in production: `npm start` (scripts/start.mjs) and the
// benches start it with these; deploy/oasis@.service restates them (a test checks it does).
// The figures behind them: docs/benchmarks.md#render-threads and #heap.

/**
 * glibc's allocator with two arenas instead of one per thread: about 35 MB less resident under
 * load at no measurable cost.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/**
 * V8's garbage collector, tuned for renders on a small server (measured under
 * `npm run bench:scale`, page misses one at a time at scale, two cores):
 * - no allocation-site pretenuring: V8 saw a render's objects outlive a young-generation
 *   collection now and then (a render under way when it ran) and began to allocate them straight
 *   into the old generation, which then filled with render garbage: a full collection every second
 *   or two on the render thread, each stalling the renders in its path by 10-40 ms;
 * - young-generation collections on the collecting thread alone: run in parallel, their helpers
 *   took the cores from the main thread and PostgreSQL in the middle of other requests.
 * The start is unchanged (a restart 1.8-1.9 s with or without them); memory after load and the
 * miss rate were no worse (337 MB and 253 misses/s, against 407 MB and 193-216 before).
 * One more setting depends on the database and the Node version and is made by the server itself
 * at start: apps/server/src/lib/heap.ts (a flag here would apply to every instance).
 */
export const SERVER_NODE_ARGS = ['--no-allocation-site-pretenuring', '--no-parallel-scavenge'];
