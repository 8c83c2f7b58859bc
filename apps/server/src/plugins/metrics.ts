import { createHash, timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import type { Registry } from 'prom-client';
import { outbox } from '../db/schema.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import type { CacheSegment } from '../lib/page-cache.ts';
import { outboxSendFailures } from '../modules/mail/outbox.ts';
import { PRIVATE_NO_STORE } from './private-answers.ts';

/**
 * The Node.js process metrics (memory, CPU, event loop lag, GC, handles), one set per process: each
 * app built in a test would otherwise start its own event-loop monitor and GC observer. Made the
 * first time an app opens /metrics.
 */
let processRegistry: Registry | undefined;
function processMetrics({ Registry, collectDefaultMetrics }: typeof import('prom-client')): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const SEGMENTS: CacheSegment[] = ['pages', 'pageVariants', 'pageMisses', 'api', 'apiVariants'];

/** Request durations in seconds: a cache hit takes well under a millisecond, a render tens of them. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** `Authorization: Bearer <token>` whose SHA-256 equals `expected`, compared in constant time. */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return false;
  return timingSafeEqual(createHash('sha256').update(match[1]).digest(), expected);
}

/**
 * `/metrics` in the Prometheus text format, for a scraper holding METRICS_TOKEN. Without the
 * token configured it is a 404 and nothing is measured (no hook is added); with it, a request
 * without the right `Authorization: Bearer` gets a 401. Never cached (`private, no-store`).
 *
 * What it shows: request durations by route pattern (never the address asked for, so the label
 * values are the route table's), method and status class; page-cache hits (the fast lane's
 * included: lib/page-fast-lane.ts answers those before Fastify, so they have no duration here) and
 * misses; page renders by thread, the render threads ready and the reads sent to them; cache
 * entries and bytes per segment; the outbox's pending and failed messages and its failed sends; the PostgreSQL pool (or which database it is); the process and Node.js metrics.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { config, database, db, pageCache } = app.deps;
  const expected = config.metricsTokenHash;

  if (!expected) {
    app.get('/metrics', async (_request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      throw notFound();
    });
    return;
  }

  // prom-client is loaded only where /metrics is open, not at every start of the server.
  const promClient = await import('prom-client');
  const { Counter, Gauge, Histogram, Registry } = promClient;
  const registry = new Registry();
  const registers = [registry];

  const durations = new Histogram({
    name: 'oasis_http_request_duration_seconds',
    help: 'Time to answer a request handled by Fastify (page fast-lane hits are not included), by route pattern',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    durations.observe(
      {
        method: request.method,
        // The pattern (`/api/courses/course/:courseId/modules`, `/*` for pages), never the URL.
        route: request.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const { lookups } = pageCache;
  new Counter({
    name: 'oasis_page_cache_hits_total',
    help: 'Requests answered from the page cache: pages (by the fast lane before Fastify, or by the page route) and public API reads',
    labelNames: ['kind', 'layer'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ kind: 'page', layer: 'fast_lane' }, lookups.fastLaneHits);
      this.inc({ kind: 'page', layer: 'fastify' }, lookups.pageHits);
      this.inc({ kind: 'api', layer: 'fastify' }, lookups.apiHits);
    },
  });
  new Counter({
    name: 'oasis_page_cache_misses_total',
    help: 'Page-cache lookups that found nothing (the page was rendered, or the API read run)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ kind: 'page' }, lookups.pageMisses);
      this.inc({ kind: 'api' }, lookups.apiMisses);
    },
  });
  new Counter({
    name: 'oasis_page_renders_total',
    help: 'Pages rendered (cache misses and pages never kept), on the main thread or on a render thread (RENDER_THREADS)',
    labelNames: ['thread'] as const,
    registers,
    collect() {
      this.reset();
      // Decorated by the pages' plugin, which a server without pages (some tests) has not.
      if (!app.hasDecorator('pageRenders')) return;
      this.inc({ thread: 'main' }, app.pageRenders.main);
      this.inc({ thread: 'render_thread' }, app.pageRenders.threads);
    },
  });
  new Counter({
    name: 'oasis_render_thread_reads_total',
    help: 'Reads of the public content sent to render threads, by read: each a copy, made once per version of that read',
    labelNames: ['read'] as const,
    registers,
    collect() {
      this.reset();
      const pool = app.hasDecorator('renderPool') ? app.renderPool : undefined;
      for (const [read, count] of pool?.readsAnswered ?? []) this.inc({ read }, count);
    },
  });
  new Gauge({
    name: 'oasis_render_threads_ready',
    help: 'Render threads that have loaded the pages and take renders (0 while they start, or with RENDER_THREADS=0)',
    registers,
    collect() {
      this.set(app.hasDecorator('renderPool') ? (app.renderPool?.ready ?? 0) : 0);
    },
  });
  new Gauge({
    name: 'oasis_page_cache_entries',
    help: 'Entries held by each page-cache segment',
    labelNames: ['segment'] as const,
    registers,
    collect() {
      for (const segment of SEGMENTS) this.set({ segment }, pageCache.usage(segment).entries);
    },
  });
  new Gauge({
    name: 'oasis_page_cache_bytes',
    help: 'Bytes held by each page-cache segment (bodies and their compressed copies)',
    labelNames: ['segment'] as const,
    registers,
    collect() {
      for (const segment of SEGMENTS) this.set({ segment }, pageCache.usage(segment).bytes);
    },
  });

  new Gauge({
    name: 'oasis_outbox_messages',
    help: 'E-mails in the outbox waiting to be sent (pending) or given up after repeated failures (failed)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const rows = await db
          .select({ status: outbox.status, count: sql<number>`count(*)::int` })
          .from(outbox)
          .where(inArray(outbox.status, ['pending', 'failed']))
          .groupBy(outbox.status);
        const counts: Record<string, number> = { pending: 0, failed: 0 };
        for (const row of rows) counts[row.status] = Number(row.count);
        for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
      } catch (error) {
        // No samples rather than a failed scrape: the other metrics still matter when the database does not answer.
        app.log.warn({ err: error }, 'metrics: the outbox could not be counted');
      }
    },
  });
  new Counter({
    name: 'oasis_outbox_send_failures_total',
    help: 'Failed e-mail sends since the process started: retried later, or the message given up (marked failed)',
    labelNames: ['outcome'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ outcome: 'retrying' }, outboxSendFailures.retrying);
      this.inc({ outcome: 'given_up' }, outboxSendFailures.givenUp);
    },
  });

  new Gauge({
    name: 'oasis_database_info',
    help: 'The database in use: postgres (a connection pool) or pglite (embedded, one connection, no pool)',
    labelNames: ['driver'] as const,
    registers,
  }).set({ driver: database.driver }, 1);
  // Drizzle's node-postgres database keeps its pool as `$client`.
  const pool = (db as unknown as { $client?: unknown }).$client;
  const pg = database.driver === 'postgres' ? (await import('pg')).default : null;
  if (pg && pool instanceof pg.Pool) {
    const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge(
      'oasis_db_pool_connections',
      'Connections the PostgreSQL pool holds (idle and in use)',
      (p) => p.totalCount,
    );
    poolGauge('oasis_db_pool_idle_connections', 'Pool connections waiting for a query', (p) => p.idleCount);
    poolGauge('oasis_db_pool_waiting_requests', 'Queries waiting for a pool connection', (p) => p.waitingCount);
  }

  const nodeRegistry = processMetrics(promClient);

  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    const text = (await registry.metrics()) + (await nodeRegistry.metrics());
    return reply.type(registry.contentType).send(text);
  });
});
