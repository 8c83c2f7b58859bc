import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';

/**
 * JavaScript sent to a public page, gzip -9 of each script (docs/decisions/013-public-pages-as-islands.md):
 * the islands script and its Preact chunks, 18.8 KB on every public page when this budget was set
 * (the React app was 118–122 KB). The margin leaves room for the Arabic and selling-page work.
 */
const BUDGET_BYTES = 24 * 1024;
/**
 * Unused JavaScript once the page's parts are live, counted the way Lighthouse's unused-JavaScript
 * audit counts it: function-level coverage, each script's unused share of its bytes applied to its
 * gzip size. 6.9–9.9 KB when this budget was set (Preact's own unused part and the parts a page
 * does not hold); a component shipped to pages that do not use it shows here.
 */
const UNUSED_BUDGET_BYTES = 14 * 1024;
/** React's and React Router's development builds in the browser: their dev-only warnings. */
const DEV_BUILD = /You rendered descendant <Routes>|Each child in a list should have a unique/;

type Coverage = { url: string; functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[] };

/** Bytes of `source` inside no function that ran (ranges are outer first, nested ones override). */
function unusedBytes(source: Buffer, functions: Coverage['functions']): number {
  const used = new Uint8Array(source.length);
  for (const fn of functions) {
    for (const range of fn.ranges) used.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
  }
  return used.length - used.reduce((sum, byte) => sum + byte, 0);
}

/** Waits until the page's parts are live (islands/main.ts marks <html>), then one more turn for their effects. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

test.describe('public page weight', () => {
  test('each public page loads at most 24 KB of gzipped JavaScript, little of it unused, with no admin or player code', async ({
    context,
    request,
  }) => {
    // Sixteen pages (eight in each language), each in a fresh tab with coverage on: slower than one page's visit.
    test.setTimeout(240_000);
    const courses = (await (await request.get('/api/courses/course')).json()) as { slug: string }[];
    const blogs = (await (await request.get('/api/blogs/blogs')).json()) as { slug: string }[];
    const paths = [
      '/',
      '/about',
      '/why-dubai',
      '/courses',
      `/courses/${courses[0]?.slug}`,
      `/blogs/${blogs[0]?.slug}`,
      '/contact',
      '/consult',
    ];
    // The same pages in Arabic: the budget holds in both languages (docs/i18n.md).
    paths.push(...paths.map((path) => (path === '/' ? '/ar' : `/ar${path}`)));
    const report: string[] = [];
    for (const path of paths) {
      // A fresh tab per page, so that no script of the previous page shows up in the coverage.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      const scripts = new Map<string, Buffer>();
      const onResponse = async (response: import('@playwright/test').Response) => {
        if (
          response.request().resourceType() === 'script' &&
          response.url().startsWith(new URL(page.url() || '/', 'http://x').origin)
        ) {
          scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
        }
      };
      page.on('response', onResponse);
      // As Lighthouse's gatherer does: function-level coverage (whether each function ran).
      await cdp.send('Profiler.startPreciseCoverage', { detailed: false });
      await page.goto(path, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: Coverage[] };
      await page.close();
      let total = 0;
      let unused = 0;
      for (const [url, body] of scripts) {
        const gzip = gzipSync(body, { level: 9 }).length;
        total += gzip;
        const text = body.toString('utf8');
        expect(text, `${url} on ${path}`).not.toMatch(/prosemirror|@tiptap|vimeo\.com\/api\/player/i);
        expect(text, `${url} on ${path}: a development build`).not.toMatch(DEV_BUILD);
        // The page's parts run on Preact: React DOM (62 KB gzip by itself) is not sent to public pages.
        expect(text, `${url} on ${path}: React DOM`).not.toMatch(/Minified React error|__reactContainer\$/);
        const coverage = result.find((script) => script.url === url);
        expect(coverage, `coverage of ${url} on ${path}`).toBeDefined();
        const wasted = Math.round((unusedBytes(body, coverage?.functions ?? []) / body.length) * gzip);
        unused += wasted;
      }
      report.push(
        `${path}: ${total} bytes gzip (${BUDGET_BYTES - total} under the budget) in ${scripts.size} files, ${unused} unused`,
      );
      expect(scripts.size, `${path} loads scripts`).toBeGreaterThan(0);
      expect.soft(total, `${path}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_BYTES);
      expect.soft(unused, `${path}: unused ${(unused / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(UNUSED_BUDGET_BYTES);
    }
    test.info().annotations.push({ type: 'weights', description: report.join('; ') });
    console.log(report.join('\n'));
  });
});
