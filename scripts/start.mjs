#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, then serves the whole site (API, media and pages) from one plain `node` process running
// the compiled server (apps/server/dist): no TypeScript loader at run time.
//
//   node scripts/start.mjs                 build if needed, then serve
//   node scripts/start.mjs --build-only    build if needed, then stop
//   node scripts/start.mjs admin …         build the server if needed, then run the admin command
//   node scripts/start.mjs backup …        the same for `npm run backup` and `npm run restore`
//   node scripts/start.mjs restore …       (apps/server/src/cli/backup.ts)
//   node scripts/start.mjs outbox …        `npm run outbox` (apps/server/src/cli/outbox.ts)
//
// `npm start` runs it as `exec node scripts/start.mjs`: npm passes a SIGTERM on to its child, and a
// shell in between would die of it, leaving this process and the server serving on their own.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const builds = {
  web: {
    label: 'the web app',
    output: path.join(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'server/index.js'),
    sources: [
      'apps/web/app',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/package.json',
      'packages/shared/src',
      'apps/web/vite.config.ts',
      'apps/web/vite.islands.config.ts',
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  server: {
    label: 'the server',
    // Dated when its build began (see apps/server/scripts/build.mjs).
    output: path.join(root, 'apps/server/dist/.built'),
    sources: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/scripts/build.mjs',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'packages/shared/tsconfig.json',
      'tsconfig.base.json',
    ],
    command: [process.execPath, ['apps/server/scripts/build.mjs']],
  },
};

/** Tests are not part of a build: editing one does not make it stale. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (!isTest(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function ensureBuilt({ label, output, sources, command }) {
  const built = fs.statSync(output, { throwIfNoEntry: false });
  if (built && !sources.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs)) return;
  console.log(built ? `Sources of ${label} changed: rebuilding…` : `Building ${label} (first start)…`);
  const [program, args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `Building ${label} failed. A production install without dev dependencies cannot build: ` +
        'run `npm ci && npm run build` before `npm prune --omit=dev`.',
    );
    process.exit(result.status ?? 1);
  }
}

// Commands that need the server alone (compiled to apps/server/dist/cli), not the web app.
const cliEntries = {
  admin: ['admin.js'],
  backup: ['backup.js', 'backup'],
  restore: ['backup.js', 'restore'],
  outbox: ['outbox.js'],
};
const cli = Object.hasOwn(cliEntries, process.argv[2] ?? '') ? cliEntries[process.argv[2]] : null;
if (!cli) ensureBuilt(builds.web);
ensureBuilt(builds.server);

// `--build-only`: make sure the build is current, then stop (the browser tests build once, then
// start two servers from the same build).
if (process.argv.includes('--build-only')) process.exit(0);

const entry = cli
  ? [`apps/server/dist/cli/${cli[0]}`, ...cli.slice(1), ...process.argv.slice(3)]
  : ['apps/server/dist/server.js'];
// The server as production runs it (deploy/oasis@.service the same): scripts/server-process.mjs.
const child = spawn(process.execPath, cli ? entry : [...SERVER_NODE_ARGS, ...entry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...(cli ? {} : SERVER_ENV), ...process.env },
});
// A stop passes on one signal and waits for the server to drain and exit. A signal to the whole
// process group (systemd's default, a terminal's Ctrl-C) reaches the server directly too, and this
// process twice under `npm start` (npm passes its own on): what arrives within a second of the
// last one passed on is that same stop, not a second one (which the server does not count until
// the third: apps/server/src/server.ts).
const SAME_STOP_MS = 1_000;
let passedOn = Number.NEGATIVE_INFINITY;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (performance.now() - passedOn < SAME_STOP_MS) return;
    passedOn = performance.now();
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
