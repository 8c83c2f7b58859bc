import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A port nothing listens on right now, for a server a test starts as its own process. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * An empty web build in `dir` (returns its path, for WEB_BUILD_DIR): the server needs one to start,
 * and loads it only for a page request, so tests whose pages are not under test start on it.
 */
export function writeEmptyWebBuild(dir: string): string {
  const build = path.join(dir, 'web-build');
  fs.mkdirSync(path.join(build, 'server'), { recursive: true });
  fs.mkdirSync(path.join(build, 'client'), { recursive: true });
  fs.writeFileSync(path.join(build, 'server/index.js'), 'export {};\n');
  return build;
}

/**
 * A test server process's environment: production mode on `port`, the data folder and the empty web
 * build under `tmp` (writeEmptyWebBuild), no demo content, warnings only.
 */
export function serverProcessEnv(tmp: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: '',
    SITE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_BUILD_DIR: path.join(tmp, 'web-build'),
  };
}

/** The server process as `npm start` runs it, without the build step (serverProcessEnv); `env` on top. */
export function spawnServer(root: string, tmp: string, port: number, env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...serverProcessEnv(tmp, port), ...env },
  });
}
