import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serverProcessEnv, writeEmptyWebBuild } from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let tmp: string;
let server: ChildProcess | undefined;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-build-'));
  writeEmptyWebBuild(tmp);
});
afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The environment without anything that could load TypeScript (tsx, a NODE_OPTIONS --import). */
function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key !== 'NODE_OPTIONS' && !key.startsWith('VITEST') && !key.startsWith('TSX')) env[key] = value;
  }
  return { ...env, ...extra };
}

describe('the production build', () => {
  it('compiles the server to JavaScript that plain node serves, seeded, from an empty data folder', async () => {
    const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr + build.stdout).toBe(0);
    expect(fs.existsSync(path.join(root, 'apps/server/dist/server.js'))).toBe(true);

    const port = await freePort();
    let stderr = '';
    server = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: root,
      env: plainEnv({ ...serverProcessEnv(tmp, port), SEED_DEMO: 'true' }),
    });
    server.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    server.stdout?.resume();

    // Generous: a busy machine (the suite runs files in parallel) can take a while to start a process.
    const deadline = Date.now() + 120_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy, stderr).toBe(true);

    // Migrations, the shared package and the seed's images were all found from dist/.
    const courses = (await (await fetch(`http://127.0.0.1:${port}/api/courses/course`)).json()) as unknown[];
    expect(courses).toHaveLength(6);
    const hero = (await (await fetch(`http://127.0.0.1:${port}/api/hero/get`)).json()) as { image: { base: string } };
    expect((await fetch(`http://127.0.0.1:${port}${hero.image.base}/960.webp`)).status).toBe(200);

    // Graceful shutdown is server.test.ts's subject; here the process only has to go.
    const exited = new Promise((resolve) => server?.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }, 300_000);
});
