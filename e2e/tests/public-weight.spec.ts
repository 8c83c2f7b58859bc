import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** Issue 2's budget: JavaScript sent to a public page, gzip. */
const BUDGET_BYTES = 120 * 1024;

test.describe('public page weight', () => {
  test('each public page loads at most 120 KB of gzipped JavaScript, with no admin or player code', async ({
    page,
    request,
  }) => {
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
    const report: string[] = [];
    for (const path of paths) {
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
      await page.goto(path, { waitUntil: 'networkidle' });
      page.off('response', onResponse);
      let total = 0;
      for (const [url, body] of scripts) {
        total += gzipSync(body, { level: 9 }).length;
        const text = body.toString('utf8');
        expect(text, `${url} on ${path}`).not.toMatch(/prosemirror|@tiptap|vimeo\.com\/api\/player/i);
      }
      report.push(
        `${path}: ${total} bytes gzip (${(total / 1024).toFixed(1)} KB, ${BUDGET_BYTES - total} under the budget) in ${scripts.size} files`,
      );
      expect(scripts.size, `${path} loads scripts`).toBeGreaterThan(0);
      expect.soft(total, `${path}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_BYTES);
    }
    test.info().annotations.push({ type: 'weights', description: report.join('; ') });
    console.log(report.join('\n'));
  });
});
