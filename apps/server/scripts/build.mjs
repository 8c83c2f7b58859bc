#!/usr/bin/env node
// `npm run build -w apps/server`: the server as JavaScript in dist/, for plain `node`.
//
// esbuild (installed with vite and tsx: a build-time tool only) bundles the TypeScript sources, the
// shared package's and most dependencies into a few files: dist/server.js, the commands
// (dist/cli/admin.js, backup.js, outbox.js) and what they share or load on demand (dist/chunks/). A
// restart then compiles a few large files instead of finding, reading and compiling some 1,300
// small ones, which took about a second of it (docs/benchmarks.md). The packages listed in
// `external` below stay in node_modules and are loaded from there at run time.
// Paths are found from the server's folder (src/lib/server-dir.ts), not from where a module ends
// up. Types are not checked here: `npm run check` does that. Stack traces name dist/ files;
// `node --enable-source-maps` maps them back to the sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(serverRoot, 'dist');
// Built beside dist/ (ignored as build-*), then moved into place: a server starting meanwhile
// never sees half a build.
const out = path.join(serverRoot, `build-dist-${process.pid}`);

/** Loaded from node_modules at run time, subpaths included. */
const external = [
  // Native code or WebAssembly, loaded from files beside their modules.
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  // The web app's server build imports them too: one copy serves both.
  'react',
  'react-dom',
  'react-router',
  // Its transports run in workers started from its own files.
  'pino',
  // The PDF renderer's pdfkit reads its font metrics from files beside its modules; it is loaded
  // only when a tax document is drawn.
  '@react-pdf/renderer',
  // Loaded on demand only (an adapter in use, the first upload, /metrics, development mode): bundled,
  // they would only lengthen the build.
  '@aws-sdk/client-s3',
  '@fastify/middie',
  'file-type',
  'nodemailer',
  'openid-client',
  'pg',
  'prom-client',
  'stripe',
  'vite',
  // Fastify's default schema compilers (Zod's replace them: app.ts) and its `inject` (tests): Fastify
  // requires them only if asked, and finds them in node_modules then.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/** The server and its two commands, with the code they share in chunks/. */
async function bundle() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: serverRoot,
    entryPoints: {
      server: 'src/server.ts',
      'cli/admin': 'src/cli/admin.ts',
      'cli/backup': 'src/cli/backup.ts',
      'cli/outbox': 'src/cli/outbox.ts',
    },
    outdir: out,
    chunkNames: 'chunks/[name]-[hash]',
    tsconfig: path.join(serverRoot, 'tsconfig.build.json'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    // The bundled CommonJS packages `require` Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

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

const started = new Date();
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out);
try {
  await Promise.all([bundle(), packPgliteTemplate()]);
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
