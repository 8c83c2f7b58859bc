#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) on the public pages of the built site with demo content,
// in Debian's Chromium. Prints the four category scores per page, then where the main thread's time
// went (total blocking time, script evaluation, parse and compile, style and layout), which moves
// less with the machine's load than the score does.
// LIGHTHOUSE_RUNS=3 audits each page three times and prints the medians; LIGHTHOUSE_PAGES=/ar,/about
// audits only the pages whose address starts with one of these; LIGHTHOUSE_JSON=<dir> keeps each page's
// first report there.
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
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

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
    '/consult',
    '/contact',
  ].filter(Boolean);
  // Each page in Arabic too (docs/i18n.md): `/ar`, `/ar/courses`…
  const pages = [...english, ...english.map((page) => (page === '/' ? '/ar' : `/ar${page}`))].filter(
    (page) => !only || only.some((prefix) => (prefix === '/' ? page === '/' : page.startsWith(prefix))),
  );
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
  const work = [
    '| page | TBT ms | main thread ms | script evaluation ms | parse and compile ms | style and layout ms |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const page of pages) {
    const audits = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (result.lhr.runtimeError) {
        process.stderr.write(`  ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}\n`);
        continue;
      }
      audits.push(result.lhr);
    }
    if (audits.length === 0) continue;
    const score = (k) => median(audits.map((lhr) => Math.round((lhr.categories[k]?.score ?? 0) * 100)));
    const value = (id) => median(audits.map((lhr) => lhr.audits[id]?.numericValue ?? 0));
    const group = (name) =>
      median(
        audits.map(
          (lhr) =>
            lhr.audits['mainthread-work-breakdown']?.details?.items?.find((item) => item.group === name)?.duration ?? 0,
        ),
      );
    rows.push(
      `| ${page} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${value('cumulative-layout-shift').toFixed(3)} |`,
    );
    work.push(
      `| ${page} | ${Math.round(value('total-blocking-time'))} | ${Math.round(value('mainthread-work-breakdown'))} | ${Math.round(group('scriptEvaluation'))} | ${Math.round(group('scriptParseCompile'))} | ${Math.round(group('styleLayout'))} |`,
    );
    const failing = Object.values(audits[0].audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    );
    for (const audit of failing)
      process.stderr.write(`  ${page}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}\n`);
    if (process.env.LIGHTHOUSE_JSON)
      fs.writeFileSync(
        path.join(process.env.LIGHTHOUSE_JSON, `${page.replaceAll('/', '_') || '_'}.json`),
        JSON.stringify(audits[0]),
      );
  }
  console.log(`${rows.join('\n')}\n\n${work.join('\n')}`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
