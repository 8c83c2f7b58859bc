import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageBuild, servePageBuild } from '../../test/page-build.ts';
import {
  beforeAllValue,
  createTestApp,
  createTestDatabase,
  createTestDeps,
  memoryLogger,
  MemoryMailTransport,
  silentLogger,
  testConfig,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { Database, Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { PageCache } from '../lib/page-cache.ts';
import { enqueueMail, processOutbox } from '../modules/mail/outbox.ts';
import { metricsPlugin } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdefSECRET';

describe('/metrics without METRICS_TOKEN', () => {
  const t = beforeAllValue(() => createTestApp());
  afterAll(() => t.close());

  it('is not there: 404, whatever the caller sends', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).not.toContain('oasis_');
    }
  });
});

/** One sample of the text format, by name and labels. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` with (at least) these labels; undefined if none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('/metrics with METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let deps: Deps;
  let database: Database;
  let base: string;
  let logged: () => string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { logger, text } = memoryLogger();
    logged = text;
    deps = createTestDeps(testConfig({ METRICS_TOKEN: TOKEN }), database, { log: logger });
    const page = createPageBuild();
    // The server as it runs: pages through the fast lane, over real HTTP (inject never reaches it).
    app = await buildApp({ deps, logger, pageFastLane: true, web: servePageBuild(deps, page.build) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // The tests are over: no connection of fetch's pool is waited for (a shuffled run once saw
    // close wait past the hook's minute for one still open).
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
    await database.close();
    fs.rmSync(deps.config.dataDir, { recursive: true, force: true });
  });

  async function scrape(): Promise<Sample[]> {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return parse(await res.text());
  }

  it('refuses callers without the token with a 401, never cached', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${base}/metrics`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('oasis_');
    }
  });

  it('answers the scraper with the Prometheus text format: requests, cache, outbox, database, process', async () => {
    await fetch(`${base}/api/health`);
    // Readiness asks the database, so the pool holds a connection when the scraper looks.
    await fetch(`${base}/api/health/ready`);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    for (const name of [
      'oasis_http_request_duration_seconds_bucket',
      'oasis_http_request_duration_seconds_count',
      'oasis_page_cache_hits_total',
      'oasis_page_cache_misses_total',
      'oasis_page_cache_entries',
      'oasis_outbox_messages',
      'oasis_outbox_send_failures_total',
      'oasis_database_info',
      // Node's defaults: memory, CPU, event loop.
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    }
    const samples = parse(text);
    const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(sampleValue(samples, 'oasis_database_info', { driver })).toBe(1);
    if (driver === 'postgres') {
      expect(sampleValue(samples, 'oasis_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'oasis_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('oasis_db_pool_');
    }
    expect(
      sampleValue(samples, 'oasis_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('labels requests by route pattern and status class, never by the address asked for', async () => {
    const slug = 'no-such-course-7f3a9c';
    expect((await fetch(`${base}/api/courses/course/slug/${slug}`)).status).toBe(404);
    expect((await fetch(`${base}/api/unknown-${slug}`)).status).toBe(404);
    const samples = await scrape();
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, 'oasis_http_request_duration_seconds_count', { method: 'GET', ...labels });
    expect(count({ route: '/api/courses/course/slug/:slug', status_class: '4xx' })).toBe(1);
    expect(count({ route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => Object.values(s.labels).some((value) => value.includes(slug)))).toBe(false);
  });

  it('counts page-cache misses and hits, those the fast lane answers before Fastify included', async () => {
    const before = await scrape();
    // A page: rendered by the page route (a miss), then answered by the fast lane (a hit).
    expect((await fetch(`${base}/courses`)).status).toBe(200);
    expect((await fetch(`${base}/courses`)).status).toBe(200);
    expect((await fetch(`${base}/courses?utm_source=newsletter`)).status).toBe(200);
    // A public API read: run (a miss), then from the cache (a hit).
    expect((await fetch(`${base}/api/courses/course`)).status).toBe(200);
    expect((await fetch(`${base}/api/courses/course`)).status).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(delta('oasis_page_cache_misses_total', { kind: 'page' })).toBe(1);
    expect(delta('oasis_page_cache_hits_total', { kind: 'page', layer: 'fast_lane' })).toBe(2);
    expect(delta('oasis_page_cache_hits_total', { kind: 'page', layer: 'fastify' })).toBe(0);
    expect(delta('oasis_page_cache_misses_total', { kind: 'api' })).toBe(1);
    expect(delta('oasis_page_cache_hits_total', { kind: 'api', layer: 'fastify' })).toBe(1);
    expect(sampleValue(after, 'oasis_page_cache_entries', { segment: 'pages' })).toBeGreaterThanOrEqual(1);
    // Fast-lane hits never reach Fastify, so they have no duration: only the first, rendered, one does.
    expect(sampleValue(after, 'oasis_http_request_duration_seconds_count', { route: '/*', status_class: '2xx' })).toBe(
      1,
    );
  });

  it('shows the outbox: pending and failed messages, and failed sends', async () => {
    await database.db.delete(outbox);
    const ids = await enqueueMail(database.db, [
      { to: 'one@example.com', subject: 'One', text: 'one' },
      { to: 'two@example.com', subject: 'Two', text: 'two' },
      { to: 'three@example.com', subject: 'Three', text: 'three' },
    ]);
    await database.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, ids[0]!));
    let samples = await scrape();
    expect(sampleValue(samples, 'oasis_outbox_messages', { status: 'pending' })).toBe(2);
    expect(sampleValue(samples, 'oasis_outbox_messages', { status: 'failed' })).toBe(1);
    const failuresBefore = sampleValue(samples, 'oasis_outbox_send_failures_total', { outcome: 'retrying' }) ?? 0;

    // The mail server is down: both pending messages fail once and wait for a retry.
    const down = new MemoryMailTransport();
    down.fail = true;
    const run = await processOutbox({ ...deps, mailTransport: down });
    expect(run.retrying).toBe(2);
    samples = await scrape();
    expect(sampleValue(samples, 'oasis_outbox_send_failures_total', { outcome: 'retrying' })).toBe(failuresBefore + 2);
    expect(sampleValue(samples, 'oasis_outbox_messages', { status: 'pending' })).toBe(2);

    await database.db.delete(outbox);
    samples = await scrape();
    expect(sampleValue(samples, 'oasis_outbox_messages', { status: 'pending' })).toBe(0);
    expect(sampleValue(samples, 'oasis_outbox_messages', { status: 'failed' })).toBe(0);
  });

  it('never writes the token to the log', async () => {
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged()).toContain('/metrics');
    expect(logged()).not.toContain(TOKEN);
    expect(JSON.stringify(deps.config)).not.toContain(TOKEN);
  });
});

describe('/metrics on PostgreSQL', () => {
  it('shows the pool, and still answers when the database does not (the outbox left out)', async () => {
    // A pool that never reached its server: nothing listens on port 1.
    const pool = new pg.Pool({
      connectionString: 'postgres://oasis@127.0.0.1:1/oasis',
      connectionTimeoutMillis: 2_000,
    });
    const config = testConfig({ METRICS_TOKEN: TOKEN });
    const app = Fastify();
    app.decorate('deps', {
      config,
      database: { driver: 'postgres' },
      db: drizzle(pool) as unknown as Db,
      pageCache: new PageCache(),
      log: silentLogger,
    } as unknown as Deps);
    await app.register(metricsPlugin);
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      const samples = parse(res.body);
      expect(sampleValue(samples, 'oasis_database_info', { driver: 'postgres' })).toBe(1);
      expect(sampleValue(samples, 'oasis_db_pool_connections')).toBe(0);
      expect(sampleValue(samples, 'oasis_db_pool_idle_connections')).toBe(0);
      expect(sampleValue(samples, 'oasis_db_pool_waiting_requests')).toBe(0);
      expect(sampleValue(samples, 'oasis_outbox_messages', { status: 'pending' })).toBeUndefined();
      expect(sampleValue(samples, 'oasis_page_cache_misses_total', { kind: 'page' })).toBe(0);
    } finally {
      await app.close();
      await pool.end();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
