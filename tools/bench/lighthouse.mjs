#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) on the public pages of the built site with demo content,
// in Debian's Chromium. Prints the four category scores per page, then where the main thread's time
// went (total blocking time, script evaluation, parse and compile, style and layout), which moves
// less with the machine's load than the score does.
// LIGHTHOUSE_RUNS=3 audits each page three times and prints the medians; LIGHTHOUSE_PAGES=/ar,/about
// audits only the pages whose address starts with one of these; LIGHTHOUSE_JSON=<dir> keeps each page's
// first report there. LIGHTHOUSE_AGAINST=build-before (a copy of apps/web/build made earlier) starts a
// second site from that build and audits each page on both in turn, A then B, then B then A, so that
// a before/after comparison meets the same load on a shared machine.
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

/** The site under test, and with LIGHTHOUSE_AGAINST the earlier build beside it (next port). */
const sites = [{ name: 'now', base, dataDir }];
const against = process.env.LIGHTHOUSE_AGAINST;
if (against) {
  // Its sources are newer than it: dated now, start.mjs serves it as it is instead of rebuilding it.
  const entry = path.join(root, 'apps/web', against, 'server/index.js');
  fs.utimesSync(entry, new Date(), new Date());
  sites.unshift({
    name: against,
    base: `http://127.0.0.1:${port + 1}`,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-lh-')),
    buildDir: against,
  });
}
const servers = sites.map((site) =>
  spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: new URL(site.base).port,
      HOST: '127.0.0.1',
      DATA_DIR: site.dataDir,
      LOG_LEVEL: 'warn',
      ...(site.buildDir ? { WEB_BUILD_DIR: site.buildDir } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
let chrome;
try {
  for (const site of sites) await waitFor(`${site.base}/api/health`, 180_000);
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
  const column = against ? ' build |' : '';
  const rows = [
    `| page |${column} Performance | Accessibility | Best Practices | SEO | CLS |`,
    `|---|${against ? '---|' : ''}---:|---:|---:|---:|---:|`,
  ];
  // The metrics the Performance score is made of (FCP 10 %, Speed Index 10 %, LCP 25 %, TBT 30 %,
  // CLS 25 %), then where the main thread's time went.
  const work = [
    `| page |${column} FCP ms | LCP ms | Speed Index ms | TBT ms | main thread ms | script evaluation ms | parse and compile ms | style and layout ms |`,
    `|---|${against ? '---|' : ''}---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const page of pages) {
    const bySite = new Map(sites.map((site) => [site, []]));
    for (let run = 0; run < runs; run++) {
      for (const site of run % 2 === 0 ? sites : [...sites].reverse()) {
        const result = await lighthouse(`${site.base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        if (result.lhr.runtimeError) {
          process.stderr.write(`  ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}\n`);
          continue;
        }
        bySite.get(site).push(result.lhr);
      }
    }
    for (const [site, audits] of bySite) report(page, site, audits);
  }
  console.log(`${rows.join('\n')}\n\n${work.join('\n')}`);

  function report(page, site, audits) {
    if (audits.length === 0) return;
    const label = against ? ` ${site.name} |` : '';
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
      `| ${page} |${label} ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${value('cumulative-layout-shift').toFixed(3)} |`,
    );
    const ms = (id) => Math.round(value(id));
    work.push(
      `| ${page} |${label} ${ms('first-contentful-paint')} | ${ms('largest-contentful-paint')} | ${ms('speed-index')} | ${ms('total-blocking-time')} | ${Math.round(value('mainthread-work-breakdown'))} | ${Math.round(group('scriptEvaluation'))} | ${Math.round(group('scriptParseCompile'))} | ${Math.round(group('styleLayout'))} |`,
    );
    const failing = Object.values(audits[0].audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    );
    for (const audit of failing)
      process.stderr.write(`  ${page}${label}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}\n`);
    if (process.env.LIGHTHOUSE_JSON)
      fs.writeFileSync(
        path.join(
          process.env.LIGHTHOUSE_JSON,
          `${against ? `${site.name}-` : ''}${page.replaceAll('/', '_') || '_'}.json`,
        ),
        JSON.stringify(audits[0]),
      );
  }
} finally {
  await chrome?.kill();
  for (const server of servers) {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  }
  for (const site of sites) fs.rmSync(site.dataDir, { recursive: true, force: true });
}
