import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, writeEmptyWebBuild } from '../test/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let tmp: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-server-'));
  writeEmptyWebBuild(tmp);
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** `npm start` without the build step: the server process itself, on the given data folder. */
function startServer(port: number) {
  const child = spawnServer(root, tmp, port);
  started.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitUntilServing(port: number, server: ReturnType<typeof startServer>) {
  // Generous: a busy machine (the suite runs files in parallel) can take a while to start a process.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the first server exited: ${server.stderr()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the first server did not start: ${server.stderr()}`);
}

describe('a second server on the same embedded database', () => {
  it('exits 1 at once with a message naming the running one, which keeps serving', async () => {
    const firstPort = await freePort();
    const first = startServer(firstPort);
    await waitUntilServing(firstPort, first);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`is in use by another Oasis process (pid ${first.child.pid},`);
    expect(second.stderr()).toContain('Stop it first, or use DATABASE_URL');
    // The message alone, no stack trace.
    expect(second.stderr()).not.toMatch(/\n\s+at /);

    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health/ready`)).status).toBe(200);
    first.child.kill('SIGTERM');
    // Draining (SHUTDOWN_DRAIN_MS, 5 s by default): not ready any more, still answering.
    const deadline = Date.now() + 3_000;
    let ready = 200;
    while (ready === 200 && Date.now() < deadline) {
      ready = (await fetch(`http://127.0.0.1:${firstPort}/api/health/ready`)).status;
    }
    expect(ready).toBe(503);
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(tmp, 'data/pglite/oasis.lock'))).toBe(false);
  }, 150_000);
});
