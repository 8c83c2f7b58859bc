#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// serves the whole site (API, media and pages) from one process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuild = path.join(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'server/index.js');
const sources = ['apps/web/app', 'apps/web/public', 'packages/shared/src', 'apps/web/vite.config.ts'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = fs.statSync(webBuild, { throwIfNoEntry: false });
const stale = !built || sources.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs);
if (stale) {
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `--build-only`: make sure the build is current, then stop (the browser tests build once, then
// start two servers from the same build).
if (process.argv.includes('--build-only')) process.exit(0);

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
