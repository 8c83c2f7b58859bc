import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import type { Deps } from '../src/deps.ts';
import { SECURITY_HEADERS } from '../src/lib/security-headers.ts';
import { createTestDatabase, createTestDeps, memoryLogger, testConfig } from './helpers.ts';
import { createPageBuild, servePageBuild } from './page-build.ts';

/**
 * Cached pages answered before Fastify (lib/page-fast-lane.ts), over real HTTP: the lane lives in
 * the HTTP server's request event, which `app.inject` never goes through. Whether Fastify saw a
 * request is read from a hook of its own; what the lane sends is compared with what Fastify sent.
 */

let app: Awaited<ReturnType<typeof buildApp>>;
let deps: Deps;
let database: Database;
let renders: Record<string, number>;
let base: string;
/** Requests that reached Fastify (its onRequest hooks). */
let reachedFastify: string[] = [];
let logged: () => string;
let clearLog: () => void;

beforeAll(async () => {
  const config = testConfig();
  database = await createTestDatabase();
  const { logger, text, clear } = memoryLogger();
  logged = text;
  clearLog = clear;
  deps = createTestDeps(config, database, { log: logger });
  const page = createPageBuild();
  renders = page.renders;
  app = await buildApp({
    deps,
    logger,
    pageFastLane: true,
    web: async (instance) => {
      instance.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        reachedFastify.push(request.url);
        done();
      });
      await servePageBuild(deps, page.build)(instance);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(deps.config.dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  deps.pageCache.invalidate();
  reachedFastify = [];
  clearLog();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One raw HTTP request: the bytes as sent, compressed or not. */
function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const withoutDate = ({ date: _date, ...headers }: http.IncomingHttpHeaders) => headers;

const logLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; url?: string; statusCode?: number; cache?: string });

describe('the cached-page fast lane', () => {
  it('answers a cached page without Fastify, with the very headers and bytes Fastify sent', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      deps.pageCache.invalidate();
      reachedFastify = [];
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const miss = await request('/', headers);
      expect(reachedFastify).toEqual(['/']);
      const hit = await request('/', headers);
      expect(reachedFastify, encoding).toEqual(['/']);
      expect(hit.status).toBe(200);
      expect(withoutDate(hit.headers)).toEqual(withoutDate(miss.headers));
      expect(hit.body.equals(miss.body), encoding).toBe(true);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(hit.headers[name]).toBe(value);
    }
  });

  it('answers tracked links and other spellings of the key from the same entry, rendering nothing', async () => {
    await request('/');
    const before = renders.home ?? 0;
    for (const url of ['/?utm_source=ig&fbclid=abc', '/?gclid=1&utm_medium=email']) {
      const res = await request(url);
      expect(res.status, url).toBe(200);
    }
    expect(renders.home ?? 0).toBe(before);
    expect(reachedFastify).toEqual(['/']);
  });

  it('sends a browser page load with a touch to record to the route, which answers from the same entry with the cookie', async () => {
    const page = { accept: 'text/html', 'sec-fetch-dest': 'document' };
    const miss = await request('/');
    reachedFastify = [];
    const tagged = await request('/?utm_source=instagram&utm_medium=social', page);
    expect(reachedFastify).toEqual(['/?utm_source=instagram&utm_medium=social']);
    expect(String(tagged.headers['set-cookie'])).toMatch(/^attribution=/);
    expect(tagged.headers['cache-control']).toBe('private, no-store');
    expect(tagged.body.equals(miss.body)).toBe(true);
    // The visitor known and the visit direct: nothing to record, so the lane answers.
    const cookie = String(tagged.headers['set-cookie']).split(';', 1)[0] ?? '';
    reachedFastify = [];
    const known = await request('/', { ...page, cookie });
    expect(reachedFastify).toEqual([]);
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(known.headers['cache-control']).toBe(miss.headers['cache-control']);
  });

  it('closes each connection after its answer while the server drains, lane or not', async () => {
    await request('/');
    expect((await request('/')).headers.connection).toBe('keep-alive');
    app.lifecycle.draining = true;
    try {
      reachedFastify = [];
      const hit = await request('/');
      expect(reachedFastify).toEqual([]);
      expect(hit.status).toBe(200);
      expect(hit.headers.connection).toBe('close');
      expect((await request('/api/health')).headers.connection).toBe('close');
    } finally {
      app.lifecycle.draining = false;
    }
  });

  it('answers 304 to a matching ETag and HEAD without a body', async () => {
    const first = await request('/');
    const etag = String(first.headers.etag);
    const revalidated = await request('/', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toHaveLength(0);
    const head = await request('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(reachedFastify).toEqual(['/']);
  });

  it('leaves requests with credentials to Fastify, which marks them private', async () => {
    await request('/');
    const credentials: Record<string, string>[] = [{ authorization: 'Bearer something' }, { cookie: 'oasis_google=x' }];
    for (const headers of credentials) {
      const res = await request('/', headers);
      expect(res.headers['cache-control'], JSON.stringify(headers)).toBe('private, no-store');
    }
    expect(reachedFastify).toEqual(['/', '/', '/']);
    // A cookie that is not ours does not make a page private.
    const other = await request('/', { cookie: 'cf_bm=abc' });
    expect(other.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(reachedFastify).toHaveLength(3);
  });

  it('leaves everything it cannot answer from the cache to Fastify: writes, bad bytes, secret URLs, API', async () => {
    await request('/');
    reachedFastify = [];
    await request('/', {}, 'POST');
    await request('/%00');
    await request('/%E0%A4%A');
    await request('/reset-password/some-token');
    await request('/api/health');
    expect(reachedFastify).toHaveLength(5);
  });

  it('at info, a line for the render and none for the cached answers (counted in /metrics instead)', async () => {
    clearLog();
    deps.pageCache.invalidate();
    await request('/?utm_source=SECRETcampaign');
    await request('/?utm_source=SECRETcampaign');
    await request('/?utm_source=SECRETcampaign');
    const requests = logLines(logged()).filter((line) => line.msg === 'request');
    // The first renders (through Fastify); the next two are the lane's.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/?…', statusCode: 200 });
    expect(requests[0]?.cache).toBeUndefined();
    expect(logged()).not.toContain('SECRETcampaign');
  });

  it("at debug, the lane's answers get their line too, marked as cache hits, without the query string", async () => {
    const { logger, text } = memoryLogger('debug');
    const debugDeps = createTestDeps(testConfig(), database, { log: logger });
    const debugApp = await buildApp({
      deps: debugDeps,
      logger,
      pageFastLane: true,
      web: async (instance) => servePageBuild(debugDeps, createPageBuild().build)(instance),
    });
    await debugApp.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = debugApp.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      for (let i = 0; i < 3; i++) await fetch(`${origin}/?utm_source=SECRETcampaign`).then((r) => r.arrayBuffer());
      const requests = logLines(text()).filter((line) => line.msg === 'request');
      expect(requests).toHaveLength(3);
      expect(requests.filter((line) => line.cache === 'hit')).toHaveLength(2);
      for (const line of requests) expect(line).toMatchObject({ url: '/?…', statusCode: 200 });
      expect(text()).not.toContain('SECRETcampaign');
    } finally {
      await debugApp.close();
      fs.rmSync(debugDeps.config.dataDir, { recursive: true, force: true });
    }
  });
});
