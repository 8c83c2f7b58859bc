#!/usr/bin/env node
// `npm run bench`: the public pages of the built site, each measured in the same run against a
// bare Fastify app (no hooks, no logger) and nginx (one worker) sending the very same bytes, so
// the ratios hold on a noisy machine. Also: tracked links, true misses, memory and start-up time.
// See docs/benchmarks.md.
//
//   BENCH_SECONDS (default 5)    BENCH_CONNECTIONS (default 50)   BENCH_PORT (default 3900; +1, +2 used)
//   BENCH_ROUNDS (default 3)     each page is measured this many times on the site, bare Fastify and
//                                nginx in turn, and the median of each is reported: a virtual
//                                machine's speed drifts within a minute, and turns keep the three
//                                servers in the same moments
//   DATABASE_URL                 run the site on that PostgreSQL database instead of PGlite
//   BENCH_MEMORY_MB              run the site inside a memory control group of that size, as on a
//                                server with that much memory (Node sizes its heap from it; root only)
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasWrk, runLoad } from './pages/load.mjs';
import { nginxBinary, startNginx } from './pages/nginx.mjs';
import { memoryLimitGroup, serverRss, startSite, watchRss } from './pages/site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
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

  bare = fork(path.join(here, 'pages/bare-server.mjs'), [pagesDir, String(barePort)], { stdio: 'inherit' });
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
    nginx = await startNginx({ pagesDir, pages, port: nginxPort, prefix: path.join(work, 'nginx') });
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
  /** Warms, then measures; time on the site counts towards its load. */
  async function measure(origin, urlPath, mode, conns) {
    await runLoad({ origin, path: urlPath, mode, connections: conns, seconds: warmSeconds });
    const result = await runLoad({ origin, path: urlPath, mode, connections: conns, seconds });
    if (origin === site) loadSeconds += warmSeconds + seconds;
    return result;
  }

  /** The run with the median rate of `runs` (its own p99 and errors with it). */
  const median = (runs) => [...runs].sort((a, b) => a.rate - b.rate)[Math.floor(runs.length / 2)];
  const rows = [];
  for (const page of pages) {
    log(`${page.path}: site, bare Fastify${nginx ? ', nginx' : ''}, ${rounds} rounds…`);
    const runs = { site: [], bare: [], nginx: [] };
    for (let round = 0; round < rounds; round++) {
      runs.site.push(await measure(site, page.path, 'fixed', connections));
      runs.bare.push(await measure(`http://127.0.0.1:${barePort}`, page.path, 'fixed', connections));
      if (nginx) runs.nginx.push(await measure(`http://127.0.0.1:${nginxPort}`, page.path, 'fixed', connections));
    }
    rows.push({
      label: page.path,
      bytes: page.bytes,
      siteRun: median(runs.site),
      bareRun: median(runs.bare),
      nginxRun: nginx ? median(runs.nginx) : null,
      siteRuns: runs.site,
      bareRuns: runs.bare,
    });
  }
  log(`/ with tracking parameters (a new fbclid each request), ${rounds} rounds with bare Fastify on / between…`);
  const home = rows[0];
  const trackedRuns = [];
  const trackedBare = [];
  for (let round = 0; round < rounds; round++) {
    trackedRuns.push(await measure(site, '/', 'tracked', connections));
    trackedBare.push(await measure(`http://127.0.0.1:${barePort}`, '/', 'fixed', connections));
  }
  const tracked = median(trackedRuns);
  rows.push({
    label: '/?utm_source=x&utm_medium=y&fbclid=…',
    bytes: home.bytes,
    siteRun: tracked,
    bareRun: median(trackedBare),
    nginxRun: home.nginxRun,
  });
  log(`/courses?q=<a new word each request>, ${missConnections} connections…`);
  const miss = median(
    await (async () => {
      const runs = [];
      for (let round = 0; round < rounds; round++)
        runs.push(await measure(site, '/courses', 'search', missConnections));
      return runs;
    })(),
  );
  const peakRss = memory.stop();
  const loadedRss = serverRss(server.child.pid);

  const ratio = (a, b) => (b ? `${(a.rate / b.rate).toFixed(2)}×` : '–');
  const rate = (r) => (r ? String(Math.round(r.rate)) : '–');
  const errors = (r) => r.errors + r.non2xx;
  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, ${hasWrk ? 'wrk (2 threads)' : 'autocannon'}, ${connections} connections, ${seconds} s per run after ${warmSeconds} s of warm-up, the median of ${rounds} rounds, ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}${group ? `, the site limited to ${memoryMb} MB of memory` : ''}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| request | bytes | site req/s | site p99 ms | bare Fastify req/s | nginx req/s | ÷ bare Fastify | ÷ nginx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.bytes} | ${rate(r.siteRun)} | ${r.siteRun.p99.toFixed(1)} | ${rate(r.bareRun)} | ${rate(r.nginxRun)} | ${ratio(r.siteRun, r.bareRun)} | ${ratio(r.siteRun, r.nginxRun)} | ${errors(r.siteRun)} |`,
    ),
    `| /courses?q=<new word each request>, ${missConnections} connections (every one renders) | – | ${rate(miss)} | ${miss.p99.toFixed(1)} | – | – | – | – | ${errors(miss)} |`,
    '',
    `Each round's ratio to bare Fastify: ${rows
      .filter((r) => r.siteRuns)
      .map((r) => `${r.label} ${r.siteRuns.map((run, i) => (run.rate / r.bareRuns[i].rate).toFixed(2)).join(' ')}`)
      .join('; ')}; tracked ${trackedRuns.map((run, i) => (run.rate / trackedBare[i].rate).toFixed(2)).join(' ')}.`,
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
