#!/usr/bin/env node
// `npm run bench:scale`: the site with a large data set. Fills an empty database with
// 1,000 courses, 10,000 blog posts, 100,000 learners, 200,000 orders, 1,000,000 lesson-progress
// rows and 1,000,000 leads, on PGlite and on PostgreSQL, then measures p50/p99 of every page and
// list that grows with the data, and the leads CSV export's time and the server's memory during it.
// Prints a markdown table and writes it to tools/bench/results/ (for docs/benchmarks.md).
//
//   SCALE (default 1)             share of the full data set: SCALE=0.01 tries it out in a minute
//   SCALE_REQUESTS (default 200)  requests per item (public pages: each a different address)
//   SCALE_REBUILDS (default 20)   requests per 'right after an admin write' item
//   SCALE_EXPORTS (default 1)     runs of each CSV export
//   SCALE_ITEM_SECONDS (default 60)  an item stops after this long (with at least 5 requests)
//   SCALE_ENGINES (default pglite,postgres)
//   SCALE_PORT (default 3950)     the site; PORT+1 for the private PostgreSQL
//   DATABASE_URL                  an empty PostgreSQL database to fill (else a private PostgreSQL 15
//                                 is started from /usr/lib/postgresql/15/bin, as CI does)
//   SCALE_KEEP=1                  keep the filled data folder (its path is printed)
//   SCALE_NODE_ARGS               flags for the server's Node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/p'
//   SCALE_FILLED=<folder>         measure again without filling: PGlite, a folder SCALE_KEEP kept;
//                                 PostgreSQL, SCALE_FILLED=1 and the DATABASE_URL of a filled database
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasPostgres, openPglite, openPostgres, serverRequire, startPostgres } from './scale/engines.mjs';
import { fill, rowCounts, sizesAt } from './scale/fill.mjs';
import { measureSite } from './scale/measure.mjs';
import { formatReport } from './scale/report.mjs';
import { clientBackends, startServer } from './scale/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const scale = Number(process.env.SCALE ?? 1);
const requests = Number(process.env.SCALE_REQUESTS ?? 200);
const rebuilds = Number(process.env.SCALE_REBUILDS ?? 20);
const exportRuns = Number(process.env.SCALE_EXPORTS ?? 1);
const itemSeconds = Number(process.env.SCALE_ITEM_SECONDS ?? 60);
const engines = (process.env.SCALE_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const port = Number(process.env.SCALE_PORT ?? 3950);
const keep = process.env.SCALE_KEEP === '1';
const filledBefore = process.env.SCALE_FILLED ?? '';
const admin = { email: 'scale-admin@example.test', password: 'scale-bench-admin-password' };
/** Every learner of the data set has this password (one argon2id hash, computed once). */
const learnerPassword = 'scale-bench-learner';

const log = (message) => process.stderr.write(`${message}\n`);
if (!(scale > 0) || !(requests > 0)) throw new Error('SCALE and SCALE_REQUESTS must be positive numbers');
for (const engine of engines) if (!['pglite', 'postgres'].includes(engine)) throw new Error(`unknown engine ${engine}`);

log('Making sure the build is current…');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
  cwd: root,
  stdio: ['ignore', 2, 2],
});
if (build.status !== 0) process.exit(build.status ?? 1);

// The site's own rules, from the shared package's sources: esbuild (a dev dependency, like this
// tool) turns each module into plain JavaScript in a temporary folder, imported from there.
const sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-scale-shared-'));
const sharedModule = async (name) => {
  const esbuild = await import('esbuild');
  const outfile = path.join(sharedDir, `${name}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(root, 'packages/shared/src', `${name}.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
};
const [format, limits, api, leadRules] = await Promise.all(['format', 'limits', 'api', 'lead-rules'].map(sharedModule));
fs.rmSync(sharedDir, { recursive: true, force: true });
const shared = { ...format, ...limits, BLOGS_PAGE_SIZE: api.BLOGS_PAGE_SIZE, leadRules };
const { hash } = serverRequire(root)('@node-rs/argon2');
const passwordHash = await hash(learnerPassword);

const results = [];
for (const engine of engines) {
  if (engine === 'postgres' && !process.env.DATABASE_URL && !hasPostgres) {
    log('PostgreSQL skipped: no DATABASE_URL and no /usr/lib/postgresql/15/bin (apt-get install postgresql-15)');
    continue;
  }
  results.push(await runEngine(engine));
}

const report = formatReport({ results, scale, size: sizesAt(scale), requests, machine: machineLine() });
console.log(report);
const resultsDir = path.join(here, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `scale-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.md`);
fs.writeFileSync(file, `${report}\n`);
log(`Written to ${path.relative(root, file)}`);

async function runEngine(engine) {
  const reuse = filledBefore !== '';
  if (reuse && engine === 'postgres' && !process.env.DATABASE_URL)
    throw new Error('SCALE_FILLED on PostgreSQL measures the database of DATABASE_URL: set it');
  const work =
    reuse && engine === 'pglite'
      ? path.resolve(filledBefore)
      : fs.mkdtempSync(path.join(os.tmpdir(), `oasis-scale-${engine}-`));
  const dataDir = path.join(work, 'data');
  let postgres = null;
  let server = null;
  try {
    let url;
    if (engine === 'postgres') {
      if (process.env.DATABASE_URL) url = process.env.DATABASE_URL;
      else {
        log('Starting a private PostgreSQL 15…');
        postgres = startPostgres({ port: port + 1 });
        url = postgres.url;
      }
    }
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
    };

    const started = performance.now();
    let filled;
    let learners;
    if (!reuse) {
      log(`${engine}: first start (migrations, demo content, admin)…`);
      const first = await startServer({ root, port, env });
      await first.stop();
      log(`${engine}: filling at SCALE=${scale}…`);
    }
    const db = engine === 'pglite' ? await openPglite(root, dataDir) : await openPostgres(root, url);
    try {
      if (reuse) filled = { steps: [], counts: await rowCounts(db.run) };
      else {
        filled = await fill({ run: db.run, scale, passwordHash, shared, log });
        const analyzeStarted = performance.now();
        // PostgreSQL's autovacuum would analyse the new rows soon; PGlite has no autovacuum.
        await db.run('vacuum analyze');
        filled.steps.push({ label: 'vacuum analyze', seconds: (performance.now() - analyzeStarted) / 1000 });
      }
      learners = await busiestLearners(db.run);
    } finally {
      await db.close();
    }
    const fillSeconds = reuse ? 0 : (performance.now() - started) / 1000;
    log(
      reuse
        ? `${engine}: filled before; starting the site…`
        : `${engine}: filled in ${fillSeconds.toFixed(0)} s; starting the site…`,
    );

    server = await startServer({ root, port, env });
    log(`${engine}: started in ${(server.startMs / 1000).toFixed(1)} s; measuring…`);
    const measured = await measureSite({
      origin: `http://127.0.0.1:${port}`,
      pid: server.pid,
      // The database's CPU counts too when it runs in processes of its own that this machine can see.
      cpuPids: postgres ? () => [server.pid, ...clientBackends(postgres.pid, 'oasis')] : () => [server.pid],
      itemSeconds,
      requests,
      rebuilds,
      exportRuns,
      admin,
      learners,
      password: learnerPassword,
      shared,
      log,
    });
    const cpuScope =
      engine === 'pglite'
        ? 'server (PGlite runs inside it)'
        : postgres
          ? 'server + PostgreSQL'
          : 'server only (DATABASE_URL: the database CPU is not seen)';
    return { engine, fillSeconds, filled, startMs: server.startMs, cpuScope, ...measured };
  } finally {
    await server?.stop();
    postgres?.stop();
    if (keep || reuse) log(`Kept: ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Ten learners with the most enrolments, each with one of their courses (for the watch page). */
async function busiestLearners(run) {
  const rows = await run(
    `select u.email, count(*)::int as enrolments, min(c.slug) as slug
     from enrolments e join users u on u.id = e.user_id join courses c on c.id = e.course_id
     where u.role = 'learner'
     group by u.id, u.email order by count(*) desc, u.email limit 10`,
  );
  const ids = await run(`select id, slug from courses where slug = any($1::text[])`, [rows.map((r) => r.slug)]);
  const idOfSlug = new Map(ids.map((r) => [r.slug, r.id]));
  return rows.map((r) => ({ email: r.email, enrolments: r.enrolments, slug: r.slug, courseId: idOfSlug.get(r.slug) }));
}

function machineLine() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average at the end ${load}`;
}
