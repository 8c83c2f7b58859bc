import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestDeps, testConfig } from '../../../test/helpers.ts';
import { get, request } from '../../../test/http-answer.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { CLOSING_QUIET_MS, gracefulShutdown } from './lifecycle.ts';

/**
 * The graceful stop over real HTTP (a listening server, as under SIGTERM in server.ts), in the
 * order a proxy in front can follow without a failed request: readiness turns 503 at once; through
 * the drain every request is answered, on new connections and kept-alive ones (each with
 * `Connection: close`), and no connection is closed; then GETs are answered 503 until no connection
 * comes; then new connections are refused, and idle ones closed after a grace in which a request
 * already on its way is answered; a slow request still running then gets its answer; then the
 * database closes.
 */

const DRAIN_MS = 2_000;
/** Outlasts the drain: the request is still running when idle connections are closed. */
const SLOW_MS = 3_000;

/**
 * A client in a process of its own (argv: port, flag file): says `ready`, waits for a line on its
 * input, connects, sends a GET, creates the flag file once the request is written, then prints what
 * came back until the server closed the connection (or the error).
 */
const QUEUED_CLIENT = `
const net = require('node:net');
const fs = require('node:fs');
const [port, flag] = process.argv.slice(1);
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  let text = '';
  const socket = net.connect(Number(port), '127.0.0.1', () => {
    socket.write('GET /api/health HTTP/1.1\\r\\nhost: localhost\\r\\n\\r\\n', () => fs.writeFileSync(flag, ''));
  });
  socket.on('data', (chunk) => (text += chunk));
  socket.on('error', (error) => (text += error.code));
  socket.on('close', () => process.stdout.write(text, () => process.exit(0)));
});
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(ready: () => boolean) {
  const began = Date.now();
  while (!ready()) {
    if (Date.now() - began > 30_000) throw new Error('timed out');
    await sleep(10);
  }
}

/** A TCP connection written to by hand: all it received (or the error's code), and when it ended. */
function rawClient(port: number) {
  let text = '';
  const socket = net.connect(port, '127.0.0.1');
  socket.on('data', (chunk) => (text += chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => (text += error.code));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  return { text: () => text, send: (data: string) => socket.write(data), ended };
}

/** A request on a new connection, with a JSON `body` when given. */
function send(
  port: number,
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const { req, answer } = request(port, url, {
    method: options.method,
    agent: false,
    headers: { 'content-type': 'application/json', ...options.headers },
  });
  req.end(options.body);
  return answer;
}

const postEcho = (body: string) =>
  `POST /echo HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const site of opened.splice(0)) await site.close();
});

/** The app on a fresh database, listening on a free port, with a slow route. */
async function startSite(events: string[] = []) {
  const database: Database = await createTestDatabase();
  const deps = createTestDeps(testConfig(), database);
  const app = await buildApp({ deps });
  // Recorded by the server once the answer is sent: the client may read it only after the
  // cleanup has begun, so its own receipt says nothing about the order.
  app.get('/slow', { onResponse: async () => void events.push('slow answered') }, async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    // The database is still open while a request runs.
    return { latencyMs: await database.ping() };
  });
  app.post('/echo', async (request) => ({ received: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const site = {
    app,
    database,
    port,
    databaseClosed: false,
    async closeDatabase() {
      await database.close();
      site.databaseClosed = true;
    },
    async close() {
      if (app.server.listening) await app.close();
      if (!site.databaseClosed) await database.close();
      fs.rmSync(deps.config.dataDir, { recursive: true, force: true });
    },
  };
  opened.push(site);
  return site;
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `count` kept-alive connections, each an agent of its own, open and idle. */
async function keptAlive(port: number, count: number) {
  const agents = Array.from({ length: count }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  for (const agent of agents) expect((await get(port, '/api/health', agent)).connection).toBe('keep-alive');
  return agents;
}

describe('graceful shutdown', () => {
  it('fails readiness at once, answers new and kept-alive connections through the drain, then stops accepting and closes', async () => {
    const events: string[] = [];
    const site = await startSite(events);
    const { app, port } = site;
    expect((await get(port, '/api/health/ready')).status).toBe(200);
    // A proxy's pool of open connections.
    const [first, second, third] = await keptAlive(port, 3);
    if (!first || !second || !third) throw new Error('three connections');

    const slowStarted = performance.now();
    const slow = get(port, '/slow').then((answer) => ({ ...answer, ms: performance.now() - slowStarted }));
    // Let the slow request reach its handler before the stop begins.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const shutdown = gracefulShutdown(app, {
      drainMs: DRAIN_MS,
      cleanup: async () => {
        events.push('cleanup');
        await site.closeDatabase();
      },
    });
    const stopStarted = performance.now();
    const stopped = shutdown().then(() => events.push('stopped'));

    // A new connection is still accepted and answered (a refused one would make Caddy retry a POST
    // without its body), and told to close.
    const fresh = await get(port, '/api/health');
    expect(fresh).toMatchObject({ status: 200, connection: 'close', reusedSocket: false });
    // On an open connection readiness says so, and the answer closes that connection.
    const ready = await get(port, '/api/health/ready', first);
    expect({ ...ready, body: JSON.parse(ready.text) }).toMatchObject({
      status: 503,
      connection: 'close',
      reusedSocket: true,
      body: { status: 'draining' },
    });
    const kept = await get(port, '/api/courses/course', second);
    expect(kept).toMatchObject({ status: 200, connection: 'close', reusedSocket: true });

    // A second call (the same signal to the process group) leaves the drain alone: late in the
    // drain, a connection idle since before the stop is still open and answered.
    void shutdown();
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS - 500 - (performance.now() - stopStarted)));
    const late = await get(port, '/api/hero/get', third);
    expect(late).toMatchObject({ status: 200, connection: 'close', reusedSocket: true });
    expect(events).toEqual([]);
    expect(site.databaseClosed).toBe(false);

    // Once the drain is over and no connection has come for a moment, no new one is accepted.
    await sleep(DRAIN_MS + CLOSING_QUIET_MS + 500 - (performance.now() - stopStarted));
    expect(await accepts(port)).toBe(false);
    // The slow request outlasts the drain and still gets its answer, from a database still open.
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ latencyMs: expect.any(Number) });
    expect(answer.ms).toBeGreaterThanOrEqual(SLOW_MS);

    await stopped;
    expect(events).toEqual(['slow answered', 'cleanup', 'stopped']);
    expect(site.databaseClosed).toBe(true);
    expect(performance.now() - stopStarted).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(app.server.listening).toBe(false);
    expect(await accepts(port)).toBe(false);
  }, 240_000);

  it("answers a connection still in the kernel's queue when the drain ends", async () => {
    const site = await startSite();
    const { app, port } = site;
    const shutdown = gracefulShutdown(app, { drainMs: 60_000, cleanup: () => site.closeDatabase() });
    const stopped = shutdown();
    void shutdown();
    // A proxy in another process connects and sends its request while this event loop is busy:
    // the connection waits in the kernel's queue, its request with it.
    const flag = path.join(os.tmpdir(), `oasis-queued-${process.pid}-${Date.now()}`);
    const client = spawn(process.execPath, ['-e', QUEUED_CLIENT, String(port), flag], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    client.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => client.once('exit', resolve));
    await new Promise<void>((resolve) => client.stdout.once('data', () => resolve()));
    client.stdin.end('go\n');
    const began = Date.now();
    while (!fs.existsSync(flag) && Date.now() - began < 30_000) {}
    const blockedUntil = Date.now() + 100;
    while (Date.now() < blockedUntil) {}
    // The third call ends the drain while the connection is still queued.
    void shutdown();
    await exited;
    fs.rmSync(flag, { force: true });
    const answer = output.slice(output.indexOf('\n') + 1);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await stopped;
  }, 240_000);

  it('closes connections left idle once the drain ends, and a third call cuts the drain short', async () => {
    const site = await startSite();
    const { app, port } = site;
    const [idle] = await keptAlive(port, 1);
    const socket = Object.values(idle?.freeSockets ?? {})[0]?.[0];
    if (!socket) throw new Error('no idle connection');
    const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));

    const shutdown = gracefulShutdown(app, { drainMs: 60_000, cleanup: () => site.closeDatabase() });
    const began = performance.now();
    const stopped = shutdown();
    void shutdown();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(socket.destroyed).toBe(false);
    void shutdown();
    await stopped;
    expect(await closedAt).toBeGreaterThan(began + 450);
    expect(performance.now() - began).toBeLessThan(5_000);
    expect(site.databaseClosed).toBe(true);
  }, 240_000);

  it('answers requests sent after the listener closed on connections open before, and closes idle ones after the grace', async () => {
    const site = await startSite();
    const { app, port } = site;
    // A proxy's pooled connection: its last answer came before the stop (kept alive, now idle).
    const pooled = rawClient(port);
    pooled.send('GET /api/health HTTP/1.1\r\nhost: localhost\r\n\r\n');
    await until(() => pooled.text().includes('"status"'));
    expect(pooled.text().toLowerCase()).toContain('connection: keep-alive');
    const [idle] = await keptAlive(port, 1);
    const idleSocket = Object.values(idle?.freeSockets ?? {})[0]?.[0];
    if (!idleSocket) throw new Error('no idle connection');
    const idleClosed = new Promise<number>((resolve) => idleSocket.once('close', () => resolve(performance.now())));

    const shutdown = gracefulShutdown(app, { drainMs: 500, idleGraceMs: 1_500, cleanup: () => site.closeDatabase() });
    const stopped = shutdown();
    // And one opened at the end of the drain, its request not there yet.
    const accepted = new Promise<void>((resolve) => app.server.once('connection', () => resolve()));
    const fresh = rawClient(port);
    await accepted;
    while (app.server.listening) await sleep(5);
    const listenerClosed = performance.now();
    // After the listener has closed and well within the grace: both send a POST.
    await sleep(150);
    const pooledBefore = pooled.text().length;
    for (const client of [pooled, fresh]) client.send(postEcho('{"lesson":1}'));
    for (const [client, from] of [
      [pooled, pooledBefore],
      [fresh, 0],
    ] as const) {
      await client.ended;
      const answer = client.text().slice(from);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain('{"received":{"lesson":1}}');
    }
    // The connection idle since before the stop is closed once the grace is over, not before.
    expect(await idleClosed).toBeGreaterThanOrEqual(listenerClosed + 1_400);
    await stopped;
    expect(site.databaseClosed).toBe(true);
  }, 240_000);

  it('after the drain answers GET 503 and other requests as before, and stops accepting once no connection comes', async () => {
    const site = await startSite();
    const { app, port } = site;
    const shutdown = gracefulShutdown(app, {
      drainMs: 300,
      idleGraceMs: 1_000,
      closingQuietMs: 3_000,
      closingMaxMs: 60_000,
      cleanup: () => site.closeDatabase(),
    });
    const stopped = shutdown();
    await sleep(500);
    // A proxy without health checks still sends: a GET is answered 503 (tried elsewhere, and the
    // instance counted as failed), a POST is answered as before, each on a new connection.
    const read = await send(port, '/api/health', { headers: { 'accept-language': 'ar' } });
    expect(read).toMatchObject({
      status: 503,
      connection: 'close',
      headers: { 'retry-after': '1', 'cache-control': 'private, no-store' },
    });
    expect(JSON.parse(read.text)).toEqual({
      code: 'core.restarting',
      message: expect.stringMatching(/[\u0600-\u06FF]/),
    });
    const posted = await send(port, '/echo', { method: 'POST', body: '{"lesson":2}' });
    expect(posted).toMatchObject({ status: 200, connection: 'close', text: '{"received":{"lesson":2}}' });
    const lastRequest = performance.now();
    // Then, with no connection for the quiet spell, it stops accepting.
    await until(() => !app.server.listening);
    expect(performance.now() - lastRequest).toBeGreaterThan(2_000);
    expect(await accepts(port)).toBe(false);
    await stopped;
    expect(site.databaseClosed).toBe(true);
  }, 240_000);
});
