#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) on the public pages of the built site with demo content,
// in Debian's Chromium. Prints the four category scores per page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3950);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-lh-'));

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
try {
  await waitFor(`${base}/api/health`, 180_000);
  const courses = await (await fetch(`${base}/api/courses/course`)).json();
  const blogs = await (await fetch(`${base}/api/blogs/blogs`)).json();
  const course = courses.find((c) => !c.comingSoon) ?? courses[0];
  const english = [
    '/',
    '/courses',
    course && `/courses/${course.slug}`,
    blogs[0] && `/blogs/${blogs[0].slug}`,
    '/about',
    '/why-dubai',
  ].filter(Boolean);
  // Each page in Arabic too (docs/i18n.md): `/ar`, `/ar/courses`…
  const pages = [...english, ...english.map((page) => (page === '/' ? '/ar' : `/ar${page}`))];
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const rows = [
    '| page | Performance | Accessibility | Best Practices | SEO | CLS |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (result.lhr.runtimeError)
      process.stderr.write(`  ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}\n`);
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    rows.push(
      `| ${page} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${(result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} |`,
    );
    const failing = Object.values(result.lhr.audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    );
    for (const audit of failing)
      process.stderr.write(`  ${page}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}\n`);
  }
  console.log(rows.join('\n'));
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
