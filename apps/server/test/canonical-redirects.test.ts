import { describe, expect, it } from 'vitest';
import { canonicalPageUrl } from '../src/lib/page-cache.ts';
import { pageBuildFixture } from './page-build.ts';

const site = pageBuildFixture();

const request = (url: string, method: 'GET' | 'HEAD' = 'GET') => site.app.inject({ method, url });
const rendered = () => Object.values(site.renders).reduce((sum, n) => sum + n, 0);

/** Answers 301 to `target` without rendering anything and without a cache entry. */
async function expectRedirect(url: string, target: string, method: 'GET' | 'HEAD' = 'GET') {
  const before = rendered();
  const entries = site.deps.pageCache.size;
  const res = await request(url, method);
  expect(res.statusCode, url).toBe(301);
  expect(res.headers.location, url).toBe(target);
  expect(rendered(), `${url} rendered`).toBe(before);
  expect(site.deps.pageCache.size, `${url} was cached`).toBe(entries);
}

describe('other spellings of a public address answer 301 before any render', () => {
  it('public paths in another casing, or with a trailing slash, go to their lower-case path', async () => {
    await expectRedirect('/Courses', '/courses');
    await expectRedirect('/COURSES', '/courses', 'HEAD');
    await expectRedirect('/About', '/about');
    await expectRedirect('/Why-Dubai', '/why-dubai');
    await expectRedirect('/Sitemap.xml', '/sitemap.xml');
    await expectRedirect('/Sitemap.xml?page=2', '/sitemap.xml?page=2');
    await expectRedirect('/courses/', '/courses');
    await expectRedirect('/HOME', '/home');
    // Slugs are made lower-case kebab (slugify), so a course or post in capitals is the same page.
    await expectRedirect('/COURSES/Some-Slug', '/courses/some-slug');
    await expectRedirect('/Blogs/Off-Plan-Or-Ready', '/blogs/off-plan-or-ready');
    // A tracking parameter goes along, untouched.
    await expectRedirect('/Courses?utm_source=news', '/courses?utm_source=news');
    // Letters only: a percent-escape is no other page in another spelling.
    await expectRedirect('/Courses/caf%C3%A9', '/courses/caf%C3%A9');
  });

  it("non-canonical catalogue parameters go to the address the catalogue's links use", async () => {
    await expectRedirect('/courses?page=1', '/courses');
    await expectRedirect('/courses?page=01', '/courses');
    await expectRedirect('/courses?page=0', '/courses');
    await expectRedirect('/courses?page=-3', '/courses');
    await expectRedirect('/courses?page=abc', '/courses');
    await expectRedirect('/courses?page=02', '/courses?page=2');
    await expectRedirect('/courses?page=+2', '/courses?page=2');
    await expectRedirect('/courses?page=2&page=3', '/courses?page=2');
    await expectRedirect('/courses?sort=latest', '/courses');
    await expectRedirect('/courses?sort=newest', '/courses');
    await expectRedirect('/courses?q=', '/courses');
    await expectRedirect('/courses?q=+off+plan+', '/courses?q=off+plan');
    await expectRedirect('/courses?q=&sort=latest&page=1', '/courses');
    await expectRedirect('/courses?q=off&sort=latest&page=3', '/courses?q=off&page=3');
    await expectRedirect('/Courses?sort=popular&page=1&utm_campaign=x', '/courses?sort=popular&utm_campaign=x');
  });

  it('the canonical page is rendered once and answered from the cache after each redirect', async () => {
    const first = await request('/courses?sort=popular');
    expect(first.statusCode).toBe(200);
    const catalogue = site.renders.catalogue;
    for (const url of ['/Courses?sort=popular', '/courses?sort=popular&page=1', '/courses?q=&sort=popular']) {
      const redirected = await request(url);
      expect(redirected.statusCode, url).toBe(301);
      const followed = await request(redirected.headers.location as string);
      expect(followed.statusCode, url).toBe(200);
      expect(followed.headers.etag, url).toBe(first.headers.etag);
    }
    expect(site.renders.catalogue).toBe(catalogue);
  });

  it('canonical addresses, tracking parameters and other spellings the key already ignores are not redirected', async () => {
    for (const url of [
      '/',
      '/courses',
      '/courses?q=off&sort=oldest&page=2',
      // Another order of the same parameters: the same cache key.
      '/courses?page=2&sort=oldest&q=off',
      '/courses?utm_source=x&fbclid=y',
      '/?utm_medium=email&gclid=1',
      '/courses/some-slug?utm_source=x',
      '/courses/caf%C3%A9',
      '/sitemap.xml?page=2',
      // Not public pages: their answers may read any spelling (and React Router's data requests).
      '/Login',
      '/enrolledCourse',
      '/courses.data?page=1',
      '/admin/dashboard/list?page=1',
    ]) {
      expect(canonicalPageUrl(url), url).toBeNull();
    }
    const before = site.renders.catalogue ?? 0;
    const res = await request('/courses?utm_source=x&fbclid=y');
    expect(res.statusCode).toBe(200);
    expect(site.renders.catalogue).toBe(before + 1);
    expect((await request('/courses')).statusCode).toBe(200);
    expect(site.renders.catalogue).toBe(before + 1);
  });

  it('only GET and HEAD are redirected', async () => {
    const res = await site.app.inject({ method: 'POST', url: '/Courses', payload: {} });
    expect(res.statusCode).not.toBe(301);
  });
});
