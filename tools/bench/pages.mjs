#!/usr/bin/env node
// `npm run bench`: the public pages of the built site, each measured in the same run against a
// bare Fastify app (no hooks, no logger) and nginx (one worker) sending the very same bytes, so
// the ratios hold on a noisy machine. Also: tracked links, true misses, memory and start-up time.
// See docs/benchmarks.md.
//
//   BENCH_SECONDS (default 2)    seconds of one turn      BENCH_CONNECTIONS (default 50)
//   BENCH_TURNS (default 8)      each page is loaded this many times on the site, bare Fastify and
//                                nginx in turn, after a warm-up of each, and each server's turns are
//                                pooled (all its requests over all its time): a virtual machine's
//                                speed swings by a third from one second to the next, so short turns
//                                taken many times keep the three servers in the same moments
//   BENCH_ROUNDS (default 3)     restarts timed each way (the median is reported)
//   BENCH_PORT (default 3900; +1, +2 used)
//   DATABASE_URL                 run the site on that PostgreSQL database instead of PGlite
//   BENCH_MEMORY_MB              run the site, and bare Fastify and nginx with it, inside a memory
//                                control group of that size, as on a server with that much memory
//                                (Node sizes its heap from it; root only)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasWrk, runLoad } from './pages/load.mjs';
import { nginxBinary, startNginx } from './pages/nginx.mjs';
import { commandInGroup, memoryLimitGroup, serverRss, startSite, watchRss } from './pages/site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const turns = Math.max(1, Number(process.env.BENCH_TURNS ?? 8));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const missConnections = 10;
const warmSeconds = Math.min(2, seconds);
const port = Number(process.env.BENCH_PORT ?? 3900);
const barePort = port + 1;
const nginxPort = port + 2;
const site = `http://127.0.0.1:${port}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-bench-'));
const dataDir = path.join(work, 'data');
const pagesDir = path.join(work, 'pages');

const log = (message) => process.stderr.write(`${message}\n`);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The median of start times, and their range when there are several. */
function startTimes(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return sorted.length > 1
    ? `${seconds1(median)} (${sorted.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`
    : seconds1(median);
}

/** A page's status, headers and body exactly as sent to a client that asks for no compression. */
function getRaw(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

log('Making sure the web build is current…');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
  cwd: root,
  stdio: ['ignore', 2, 2],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const siteEnv = { DATA_DIR: dataDir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) };
const memoryMb = Number(process.env.BENCH_MEMORY_MB ?? 0);
const group = memoryMb > 0 ? memoryLimitGroup(memoryMb * 1024 * 1024) : null;
if (memoryMb > 0 && !group) {
  log(`BENCH_MEMORY_MB: no memory control group could be made here (root and a memory controller needed)`);
  process.exit(1);
}
let server;
let bare;
let nginx;
try {
  log(`First start on an empty data folder${process.env.DATABASE_URL ? ' (database: DATABASE_URL)' : ''}…`);
  const first = await startSite({ root, port, env: siteEnv, group });
  await first.stop();
  // Restarts, each way `rounds` times (the median is reported: a restart is as noisy as a load run):
  // with `npm start`, and as the deploy recipe runs the server, which then serves the load below.
  const restarts = { npmStart: [], recipe: [] };
  for (const recipe of [false, true]) {
    for (let round = 1; round <= rounds; round++) {
      log(`Restart ${round}/${rounds} ${recipe ? 'as the deploy recipe runs it' : 'with npm start'}…`);
      const again = await startSite({ root, port, env: siteEnv, group, recipe });
      (recipe ? restarts.recipe : restarts.npmStart).push(again.startMs);
      if (recipe && round === rounds) server = again;
      else await again.stop();
    }
  }

  const courses = await (await fetch(`${site}/api/courses/course`)).json();
  const blogs = await (await fetch(`${site}/api/blogs/blogs`)).json();
  const course = courses.find((c) => !c.comingSoon) ?? courses[0];
  const blog = blogs[0];
  const paths = ['/', '/courses', `/courses/${course.slug}`, `/blogs/${blog.slug}`, '/why-dubai'];

  // Each page's bytes and headers, for the bare Fastify app and nginx.
  fs.mkdirSync(pagesDir, { recursive: true });
  const pages = [];
  for (const [i, urlPath] of paths.entries()) {
    const res = await getRaw(`${site}${urlPath}`);
    if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
    const headers = Object.fromEntries(
      Object.entries(res.headers).filter(([name, value]) => !HOP_HEADERS.has(name) && typeof value === 'string'),
    );
    const file = `page-${i}.html`;
    fs.writeFileSync(path.join(pagesDir, file), res.body);
    pages.push({ path: urlPath, file, headers, bytes: res.body.length });
  }
  fs.writeFileSync(path.join(pagesDir, 'manifest.json'), JSON.stringify(pages));
  // nginx's worker may run as another user: let it read the files.
  for (const dir of [work, pagesDir]) fs.chmodSync(dir, 0o755);
  await sleep(2000);
  const idleRss = serverRss(server.child.pid);

  // The yardsticks run under the site's conditions: in the same memory group when there is one, so
  // each Node process sizes its heap from the same limit (under 1 GB, Node 20 gives a 512 MB heap
  // limit and 4 MB semi-spaces, Node 24 16 MB ones; on this kind of machine without one, 4 GB and
  // 16 MB).
  const [bareProgram, bareArgs] = commandInGroup(group, [
    process.execPath,
    path.join(here, 'pages/bare-server.mjs'),
    pagesDir,
    String(barePort),
  ]);
  bare = spawn(bareProgram, bareArgs, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const bareExited = new Promise((resolve) => bare.once('exit', resolve));
  bare.stopAndWait = async () => {
    if (bare.exitCode === null) bare.kill('SIGTERM');
    await bareExited;
  };
  await new Promise((resolve, reject) => {
    bare.once('message', resolve);
    bare.once('exit', (code) => reject(new Error(`the bare Fastify app exited with ${code}`)));
  });
  if (nginxBinary) {
    nginx = await startNginx({ pagesDir, pages, port: nginxPort, prefix: path.join(work, 'nginx'), group });
    await sleep(300);
  } else log('nginx not installed: apt-get install nginx-light');

  // Each yardstick must answer the very bytes the site did.
  for (const origin of [`http://127.0.0.1:${barePort}`, ...(nginx ? [`http://127.0.0.1:${nginxPort}`] : [])]) {
    for (const page of pages) {
      const res = await getRaw(`${origin}${page.path}`);
      const same = res.status === 200 && res.body.equals(fs.readFileSync(path.join(pagesDir, page.file)));
      if (!same) throw new Error(`${origin}${page.path} does not answer the site's bytes (status ${res.status})`);
    }
  }

  let loadSeconds = 0;
  const memory = watchRss(server.child.pid);
  /** One run of load; time on the site counts towards its load. */
  async function load(origin, urlPath, mode, conns, runSeconds) {
    const result = await runLoad({ origin, path: urlPath, mode, connections: conns, seconds: runSeconds });
    if (origin === site) loadSeconds += runSeconds;
    return result;
  }
  /**
   * Each target warmed, then loaded `turns` times in turn, for `seconds` each. Returns each
   * target's turns.
   */
  async function inTurns(targets) {
    for (const t of targets) await load(t.origin, t.path, t.mode, t.connections, warmSeconds);
    const runs = targets.map(() => []);
    for (let turn = 0; turn < turns; turn++) {
      for (const [i, t] of targets.entries())
        runs[i].push(await load(t.origin, t.path, t.mode, t.connections, seconds));
    }
    return runs;
  }
  /**
   * Turns pooled: every request over all the time they took, so a turn in a slow second weighs what
   * it lasted; the p99 is the median turn's.
   */
  function pooled(runs) {
    const total = (pick) => runs.reduce((sum, run) => sum + pick(run), 0);
    const p99s = runs.map((run) => run.p99).sort((a, b) => a - b);
    return {
      rate: total((run) => run.requests) / total((run) => run.requests / run.rate),
      p99: p99s[Math.floor(p99s.length / 2)],
      errors: total((run) => run.errors),
      non2xx: total((run) => run.non2xx),
      turns: runs,
    };
  }

  const bareOrigin = `http://127.0.0.1:${barePort}`;
  const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
  const rows = [];
  for (const page of pages) {
    log(`${page.path}: site, bare Fastify${nginx ? ', nginx' : ''} in turns, ${turns} turns of ${seconds} s…`);
    const fixed = (origin) => ({ origin, path: page.path, mode: 'fixed', connections });
    const [siteRuns, bareRuns, nginxRuns] = await inTurns([
      fixed(site),
      fixed(bareOrigin),
      ...(nginx ? [fixed(nginxOrigin)] : []),
    ]);
    rows.push({
      label: page.path,
      bytes: page.bytes,
      siteRun: pooled(siteRuns),
      bareRun: pooled(bareRuns),
      nginxRun: nginxRuns ? pooled(nginxRuns) : null,
    });
  }
  log(`/ with tracking parameters (a new fbclid each request), in turns with bare Fastify on /…`);
  const home = rows[0];
  const [trackedRuns, trackedBare] = await inTurns([
    { origin: site, path: '/', mode: 'tracked', connections },
    { origin: bareOrigin, path: '/', mode: 'fixed', connections },
  ]);
  rows.push({
    label: '/?utm_source=x&utm_medium=y&fbclid=…',
    bytes: home.bytes,
    siteRun: pooled(trackedRuns),
    bareRun: pooled(trackedBare),
    nginxRun: home.nginxRun,
  });
  log(`/courses?q=<a new word each request>, ${missConnections} connections…`);
  const [missRuns] = await inTurns([{ origin: site, path: '/courses', mode: 'search', connections: missConnections }]);
  const miss = pooled(missRuns);
  const peakRss = memory.stop();
  const loadedRss = serverRss(server.child.pid);

  const ratio = (a, b) => (b ? `${(a.rate / b.rate).toFixed(2)}×` : '–');
  const rate = (r) => (r ? String(Math.round(r.rate)) : '–');
  const errors = (r) => r.errors + r.non2xx;
  const turnRatios = (siteTurns, bareTurns) => {
    const each = siteTurns.map((run, i) => run.rate / bareTurns[i].rate).sort((a, b) => a - b);
    return `${each[0].toFixed(2)}–${each.at(-1).toFixed(2)}`;
  };
  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, ${hasWrk ? 'wrk (2 threads)' : 'autocannon'}, ${connections} connections, ${turns} turns of ${seconds} s per server after ${warmSeconds} s of warm-up, pooled, ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}${group ? `, the site limited to ${memoryMb} MB of memory` : ''}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| request | bytes | site req/s | site p99 ms | bare Fastify req/s | nginx req/s | ÷ bare Fastify | ÷ nginx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.bytes} | ${rate(r.siteRun)} | ${r.siteRun.p99.toFixed(1)} | ${rate(r.bareRun)} | ${rate(r.nginxRun)} | ${ratio(r.siteRun, r.bareRun)} | ${ratio(r.siteRun, r.nginxRun)} | ${errors(r.siteRun)} |`,
    ),
    `| /courses?q=<new word each request>, ${missConnections} connections (every one renders) | – | ${rate(miss)} | ${miss.p99.toFixed(1)} | – | – | – | – | ${errors(miss)} |`,
    '',
    `Each turn's ratio to bare Fastify (lowest–highest): ${rows
      .map((r) => `${r.label} ${turnRatios(r.siteRun.turns, r.bareRun.turns)}`)
      .join('; ')}.`,
    '',
    '| first start (empty data folder) to /api/health | restart, as deployed | restart, `npm start` | server RSS idle | RSS after ' +
      `${loadSeconds} s of load | peak RSS under load |`,
    '|---:|---:|---:|---:|---:|---:|',
    `| ${seconds1(first.startMs)} | ${startTimes(restarts.recipe)} | ${startTimes(restarts.npmStart)} | ${mb(idleRss)} MB | ${mb(loadedRss)} MB | ${mb(peakRss)} MB |`,
  ];
  console.log(lines.join('\n'));
} finally {
  await server?.stop();
  await bare?.stopAndWait?.();
  await nginx?.stop();
  group?.remove();
  fs.rmSync(work, { recursive: true, force: true });
}
