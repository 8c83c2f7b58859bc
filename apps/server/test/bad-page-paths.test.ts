import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCourse } from '../src/db/factories.ts';
import { setUpBuiltSite } from './built-site.ts';

/**
 * Page addresses with bytes no page can mean, through the real page renderer (the built web app,
 * built first when missing or older than its sources): they are the site's 404 page, never a 500
 * from a loader that passed them on to the database.
 */

let site: Awaited<ReturnType<typeof setUpBuiltSite>>;
let courseSlug: string;

beforeAll(async () => {
  site = await setUpBuiltSite(async (deps) => {
    courseSlug = (await seedCourse(deps.db, { title: 'A real course' })).slug;
  });
}, 300_000);
afterAll(async () => {
  await site?.close();
});

const get = (url: string) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('page addresses with bad bytes', () => {
  it('the pages render at all (the check is not vacuous)', async () => {
    const res = await get(`/courses/${courseSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A real course');
  });

  it('a NUL in a path, a search or an unknown parameter is the site 404 page', async () => {
    for (const url of [
      '/courses/%00',
      '/courses/a%00b',
      '/blogs/%00',
      '/?q=%00',
      '/courses?q=%00',
      '/courses?search=%00',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('Page not found');
    }
  });

  it('half a surrogate pair and broken percent-encoding are the 404 page too', async () => {
    for (const url of ['/courses/%ED%A0%80', '/courses/%E0%A4%A', '/courses/%', '/%C0%AF']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Page not found');
    }
  });

  it('ordinary searches and non-ASCII addresses still reach their pages', async () => {
    expect((await get(`/courses?search=${encodeURIComponent('villa é 🏝️')}`)).statusCode).toBe(200);
    expect((await get('/courses/caf%C3%A9')).statusCode).toBe(404);
    // Bytes that are not UTF-8 in a query are read as U+FFFD by the page, which stores nothing: harmless.
    expect((await get('/courses?search=%FF')).statusCode).toBe(200);
  });
});
