#!/usr/bin/env node
// `npm run bench`: throughput and latency of the public pages, each measured side by side with the
// same bytes served as a static file by a bare Fastify, so the ratio holds on a noisy machine.
//
//   BENCH_SECONDS (default 10)  BENCH_CONNECTIONS (default 50)  BENCH_PORT (default 3900)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3900);
const staticPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-bench-'));

function log(message) {
  process.stderr.write(`${message}\n`);
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

log('Starting the built site with demo content…');
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let staticServer;
try {
  await waitFor(`${base}/api/health`, 180_000);
  const courses = await (await fetch(`${base}/api/courses/course`)).json();
  const course = Array.isArray(courses) ? (courses.find((c) => !c.comingSoon) ?? courses[0]) : null;
  const targets = [
    ['GET /', '/'],
    ['GET /courses', '/courses'],
    ...(course ? [[`GET /courses/${course.slug}`, `/courses/${course.slug}`]] : []),
    ['GET /api/courses/course', '/api/courses/course'],
  ];

  // The same bytes each target answers, as static files.
  const staticDir = path.join(dataDir, 'static');
  fs.mkdirSync(staticDir);
  for (const [, url] of targets) {
    const res = await fetch(`${base}${url}`);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    fs.writeFileSync(path.join(staticDir, fileName(url)), Buffer.from(await res.arrayBuffer()));
  }
  staticServer = Fastify({ logger: false });
  await staticServer.register(fastifyStatic, { root: staticDir });
  await staticServer.listen({ port: staticPort, host: '127.0.0.1' });

  const rows = [];
  for (const [label, url] of targets) {
    // Warm both, then measure one after the other.
    await run(`${base}${url}`).catch(() => {});
    log(`${label}: page…`);
    const page = await run(`${base}${url}`);
    log(`${label}: static…`);
    const stat = await run(`http://127.0.0.1:${staticPort}/${fileName(url)}`);
    const bytes = fs.statSync(path.join(staticDir, fileName(url))).size;
    rows.push({ label, bytes, page, stat });
  }

  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, ${connections} connections, ${seconds} s per run, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| request | bytes | req/s | p99 ms | static req/s | static p99 ms | ratio | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { label, bytes, page, stat } of rows) {
    const ratio = page.requests.average / stat.requests.average;
    lines.push(
      `| ${label} | ${bytes} | ${Math.round(page.requests.average)} | ${page.latency.p99} | ${Math.round(stat.requests.average)} | ${stat.latency.p99} | ${ratio.toFixed(2)}× | ${page.errors + page.non2xx} |`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  server.kill('SIGTERM');
  await staticServer?.close();
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function fileName(url) {
  return `${url.replace(/[^a-z0-9]+/gi, '_') || 'root'}.bin`;
}
