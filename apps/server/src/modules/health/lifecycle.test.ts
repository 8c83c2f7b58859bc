import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestDeps, testConfig } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { gracefulShutdown } from './lifecycle.ts';

/**
 * The graceful stop over real HTTP (a listening server, as under SIGTERM in server.ts): readiness
 * turns 503 at once, the server keeps answering during the drain, a slow request that is still
 * running when the server closes gets its answer, then the database closes.
 */

const DRAIN_MS = 1_000;
/** Outlasts the drain: the request is still running when the server stops accepting. */
const SLOW_MS = 1_800;

let app: Awaited<ReturnType<typeof buildApp>>;
let deps: Deps;
let database: Database;
let base: string;
/** The Connection header of an answer over a keep-alive agent (fetch hides hop-by-hop headers). */
function connectionHeader(url: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: new http.Agent({ keepAlive: true }) }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers.connection));
      })
      .on('error', reject);
  });
}

/** What happened, in order: the server's own record of the slow answer, the cleanup, the stop. */
const events: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps(testConfig(), database);
  app = await buildApp({ deps });
  // Recorded by the server once the answer is sent: the client may read it only after the
  // cleanup has begun, so its own receipt says nothing about the order.
  app.get('/slow', { onResponse: async () => void events.push('slow answered') }, async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    // The database is still open while a request runs.
    return { latencyMs: await database.ping() };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(deps.config.dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('turns readiness to 503 at once, keeps serving through the drain, lets a slow request finish, then closes', async () => {
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    // Serving normally, connections are kept open.
    expect(await connectionHeader(`${base}/api/health`)).toBe('keep-alive');

    const slowStarted = performance.now();
    const slow = fetch(`${base}/slow`).then(async (res) => {
      return { status: res.status, body: await res.json(), ms: performance.now() - slowStarted };
    });
    // Let the slow request reach its handler before the stop begins.
    await new Promise((resolve) => setTimeout(resolve, 100));

    let databaseClosed = false;
    const shutdown = gracefulShutdown(app, {
      drainMs: DRAIN_MS,
      cleanup: async () => {
        events.push('cleanup');
        await database.close();
        databaseClosed = true;
      },
    });
    const stopStarted = performance.now();
    const stopped = shutdown().then(() => events.push('stopped'));

    // Readiness says so at once; everything else is still answered, on new connections too.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    const live = await fetch(`${base}/api/health`, { headers: { connection: 'close' } });
    expect(live.status).toBe(200);
    // Each answer now closes its connection: the client's next request opens a new one.
    const kept = await connectionHeader(`${base}/api/courses/course`);
    expect(kept).toBe('close');
    expect((await fetch(`${base}/api/courses/course`)).status).toBe(200);
    expect(performance.now() - stopStarted).toBeLessThan(DRAIN_MS);
    expect(databaseClosed).toBe(false);

    // The slow request outlasts the drain: the server has stopped accepting while it runs, and it
    // still gets its answer, from a database that is still open.
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ latencyMs: expect.any(Number) });
    expect(answer.ms).toBeGreaterThanOrEqual(SLOW_MS);

    await stopped;
    expect(events).toEqual(['slow answered', 'cleanup', 'stopped']);
    expect(databaseClosed).toBe(true);
    expect(performance.now() - stopStarted).toBeGreaterThanOrEqual(DRAIN_MS);
    // No longer accepting.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    // A second signal returns the same stop.
    await shutdown();
  }, 30_000);
});
