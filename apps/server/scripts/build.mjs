#!/usr/bin/env node
// `npm run build -w apps/server`: compiles the server to JavaScript in dist/, for plain `node`.
//
// tsc emits one .js file per source file (imports of './x.ts' become './x.js'), so dist/ mirrors
// src/ and paths taken relative to a module (the migrations folder, the seed images, the web build)
// hold from either place. Types are not checked here: `npm run check` does that.
//
// The shared package is consumed as TypeScript source in the repository (vite, vitest and tsc
// read it as is). The compiled server gets its own JavaScript copy in dist/node_modules, where
// Node finds `@oasis/shared/…` before the workspace link, so nothing in the repository changes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedRoot = path.resolve(serverRoot, '../../packages/shared');
const dist = path.join(serverRoot, 'dist');
// Built beside dist/ (ignored as build-*), then moved into place: a server starting meanwhile
// never sees half a build.
const out = path.join(serverRoot, `build-dist-${process.pid}`);
const sharedOut = path.join(out, 'node_modules/@oasis/shared');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * A new PGlite database with the migrations applied, packed for the server to start a new data
 * folder from (see pgliteTemplateFile in src/db/client.ts): initdb then runs here, not at first start.
 */
async function packPgliteTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The extensions of pgliteOptions in src/db/client.ts: the migrations create pg_trgm.
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(serverRoot, 'drizzle') });
    const packed = await client.dumpDataDir('gzip');
    fs.writeFileSync(path.join(out, 'pglite-template.tar.gz'), Buffer.from(await packed.arrayBuffer()));
  } finally {
    await client.close();
  }
}

function compile(project, ...args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-p', project, ...args], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc -p ${project} failed (${code})`))));
  });
}

/** The shared package's export map, pointed at the compiled files. */
function compiledExports(exports) {
  const toJs = (target) => target.replace(/^\.\/src\//, './').replace(/\.ts$/, '.js');
  return Object.fromEntries(Object.entries(exports).map(([key, target]) => [key, toJs(target)]));
}

const started = new Date();
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out);
try {
  await Promise.all([
    compile(path.join(serverRoot, 'tsconfig.build.json'), '--outDir', out),
    compile(path.join(sharedRoot, 'tsconfig.build.json'), '--outDir', sharedOut),
    packPgliteTemplate(),
  ]);
  const shared = JSON.parse(fs.readFileSync(path.join(sharedRoot, 'package.json'), 'utf8'));
  const sharedPackage = {
    name: shared.name,
    private: true,
    type: 'module',
    exports: compiledExports(shared.exports),
    sideEffects: false,
  };
  fs.writeFileSync(path.join(sharedOut, 'package.json'), `${JSON.stringify(sharedPackage, null, 2)}\n`);
  // Dated when the build began, so a source saved during the build counts as newer (scripts/start.mjs).
  const stamp = path.join(out, '.built');
  fs.writeFileSync(stamp, '');
  fs.utimesSync(stamp, started, started);
  // Another build may finish at the same moment (two `npm start`s): the last one wins.
  for (let attempt = 1; ; attempt++) {
    fs.rmSync(dist, { recursive: true, force: true });
    try {
      fs.renameSync(out, dist);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
} catch (error) {
  fs.rmSync(out, { recursive: true, force: true });
  throw error;
}
