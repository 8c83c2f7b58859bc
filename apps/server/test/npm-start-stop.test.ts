import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './built-site.ts';
import { get, request } from './http-answer.ts';
import { freePort } from './server-process.ts';

/**
 * `npm start` stopped the two ways a supervisor or an operator stops it: SIGTERM to npm alone
 * (`kill <pid>`), and SIGTERM to its whole process group (systemd's default, `kill -- -<pgid>`),
 * which reaches npm, the launcher and the server within milliseconds. Either way the server drains
 * once, for the whole SHUTDOWN_DRAIN_MS (the group's second copy of the signal does not cut it
 * short), failing readiness, answers what arrives on new and kept-alive connections (with
 * `Connection: close`) and a request still in flight when the drain ends, then exits: the port is free,
 * the embedded database's lock is gone and no process of the group is left.
 */

const DRAIN_MS = 2_000;
let tmp: string;
const groups: number[] = [];

beforeAll(() => {
  // The build `npm start` would make first, made here so its time is not the stop test's.
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the site did not build:\n${build.stdout}\n${build.stderr}`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-npm-start-'));
}, 600_000);
afterAll(() => {
  for (const group of groups) if (groupAlive(group)) process.kill(-group, 'SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Whether any process of the group is left. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm start` as an operator runs it, in a process group of its own, on a data folder of its own. */
function npmStart(name: string, port: number) {
  const dataDir = path.join(tmp, name);
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SITE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('npm did not start');
  groups.push(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { pid: child.pid, exited, output: () => output, lock: path.join(dataDir, 'pglite/oasis.lock') };
}

async function until(withinMs: number, what: string, check: () => Promise<boolean>) {
  const deadline = performance.now() + withinMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether something else can listen on the port now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const lead = JSON.stringify({
  fullName: 'Omar Haddad',
  email: 'omar.haddad@example.com',
  phone: '+971501234567',
  investmentInterest: 'Investment',
  investmentAmount: '3m-5m',
  preferredTime: 'Weekday PM',
});

describe('stopping `npm start`', () => {
  it.each([
    ['npm alone', (pid: number) => process.kill(pid, 'SIGTERM')],
    ['the whole process group', (pid: number) => process.kill(-pid, 'SIGTERM')],
  ])(
    'SIGTERM to %s drains once, answers what reached it, and frees the port and the lock',
    async (name, send) => {
      const port = await freePort();
      const site = npmStart(name.replaceAll(' ', '-'), port);
      await until(120_000, `the site answers /api/health/ready\n${site.output()}`, async () => {
        if (!groupAlive(site.pid)) throw new Error(`npm start exited:\n${site.output()}`);
        return (await get(port, '/api/health/ready').catch(() => null))?.status === 200;
      });
      expect(fs.existsSync(site.lock)).toBe(true);

      // A kept-alive connection, as a proxy keeps a pool of them.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const first = await get(port, '/api/health', agent);
      expect(first.connection).toBe('keep-alive');
      // A POST in flight: its headers are in, its body comes after the drain.
      const posting = request(port, '/api/consultations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(lead)) },
      });
      posting.req.write(lead.slice(0, 20));
      posting.req.flushHeaders();
      await new Promise((resolve) => setTimeout(resolve, 200));

      const signalled = performance.now();
      send(site.pid);
      // Draining: readiness fails at once; what comes on a new or a kept-alive connection is answered
      // and that connection closed after it.
      await until(1_000, 'readiness fails', async () => (await get(port, '/api/health/ready')).status === 503);
      const fresh = await get(port, '/api/health');
      expect(fresh).toMatchObject({ status: 200, connection: 'close' });
      const kept = await get(port, '/api/courses/course', agent);
      expect(kept.reusedSocket).toBe(true);
      expect(kept.status).toBe(200);
      expect(kept.connection).toBe('close');
      expect(performance.now() - signalled).toBeLessThan(DRAIN_MS);

      // The in-flight POST outlasts the drain and is answered.
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS + 300 - (performance.now() - signalled)));
      posting.req.end(lead.slice(20));
      const posted = await posting.answer;
      expect(posted.status, posted.text).toBe(201);

      expect(await site.exited).toBe(0);
      const stopMs = performance.now() - signalled;
      await until(5_000, 'no process of the group left', async () => !groupAlive(site.pid));
      expect(stopMs).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(site.output()).toContain('draining, then shutting down');
      expect(site.output()).not.toContain('shutting down now');
      expect(await portFree(port)).toBe(true);
      expect(fs.existsSync(site.lock)).toBe(false);
      agent.destroy();
    },
    180_000,
  );
});
