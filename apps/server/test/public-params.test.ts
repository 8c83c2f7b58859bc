import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PARAMS } from '@oasis/shared/public-pages';
import { seedBlog, seedCourse } from '../src/db/factories.ts';
import { blogs, courses } from '../src/db/schema.ts';
import { setUpBuiltSiteForFile } from './built-site.ts';

/**
 * The query parameters each public page reads are declared once (packages/shared/src/public-pages.ts):
 * the page reads them by those names, and the page cache keeps exactly those in the cache key it
 * renders from. Every public page is rendered here through the real app (the built web app, rendered
 * in this process) and the two sides are held to each other:
 * - a parameter the page does not declare does not change the page;
 * - each declared parameter can change it (a value for it is listed below);
 * - while a page renders, it reads no parameter it does not declare (every `URLSearchParams` read
 *   is recorded): one it reads but does not declare would be cut from the key and never reach it.
 */

/** A value that changes each page's answer, per declared parameter. */
const CHANGING: Record<string, Record<string, string>> = {
  '/courses': { q: 'Zebra', sort: 'priceHigh', page: '2' },
  '/contact': { query_type: 'course' },
  // A sitemap of one part has no `?page=1`: a 404 instead of the whole list.
  '/sitemap.xml': { page: '1' },
};

/** Parameters React Router reads for its own data requests (`/courses.data?_routes=`), not pages'. */
const ROUTER_PARAMS = new Set(['_routes', 'index']);

const site = setUpBuiltSiteForFile(async (deps) => {
  // Ten courses: two pages of nine, distinct prices, one title of its own to search for.
  for (let i = 0; i < 10; i++) {
    await seedCourse(deps.db, { title: i === 3 ? 'Zebra crossing' : `Params course ${i}`, priceFils: (i + 1) * 1000 });
  }
  await seedBlog(deps.db, { title: 'Params post' });
});

/** Every public page's address: the listed ones, a course and a post, each in both languages. */
async function publicPages(): Promise<{ path: string; declared: readonly string[] }[]> {
  const [course] = await site.deps.db.select({ slug: courses.slug }).from(courses).limit(1);
  const [post] = await site.deps.db.select({ slug: blogs.slug }).from(blogs).limit(1);
  const pages = [
    ...Object.entries(PUBLIC_PAGE_PARAMS).map(([path, declared]) => ({ path, declared })),
    { path: `/courses/${course?.slug}`, declared: [] },
    { path: `/blogs/${post?.slug}`, declared: [] },
  ];
  const arabic = pages
    .filter((p) => p.path !== '/sitemap.xml' && p.path !== '/robots.txt')
    .map((p) => ({ path: p.path === '/' ? '/ar' : `/ar${p.path}`, declared: p.declared }));
  return [...pages, ...arabic];
}

/** A fresh render of `url` (the cache dropped first), with the query parameter names read meanwhile. */
async function render(url: string) {
  site.deps.pageCache.drop();
  const read = new Set<string>();
  const proto = URLSearchParams.prototype;
  const original = { get: proto.get, getAll: proto.getAll, has: proto.has };
  proto.get = function (this: URLSearchParams, name: string) {
    read.add(name);
    return original.get.call(this, name);
  };
  proto.getAll = function (this: URLSearchParams, name: string) {
    read.add(name);
    return original.getAll.call(this, name);
  };
  proto.has = function (this: URLSearchParams, name: string, value?: string) {
    read.add(name);
    return value === undefined ? original.has.call(this, name) : original.has.call(this, name, value);
  };
  try {
    const res = await site.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body, read };
  } finally {
    Object.assign(proto, original);
  }
}

/** The page's own text: the build's asset names and nonces aside, what a visitor reads. */
const text = (body: string) => body.replace(/nonce="[^"]*"/g, '');

describe('public page parameters: the page and the cache agree', () => {
  it('every parameter a page declares has a value here that changes it, and none is listed undeclared', () => {
    for (const [path, declared] of Object.entries(PUBLIC_PAGE_PARAMS)) {
      expect(Object.keys(CHANGING[path] ?? {}).sort(), path).toEqual([...declared].sort());
    }
  });

  it('an undeclared parameter leaves every public page as it is; each declared one changes it', async () => {
    for (const { path, declared } of await publicPages()) {
      const plain = await render(path);
      expect(plain.status, path).toBe(200);
      const odd = await render(`${path}?unlisted=zebra`);
      expect(odd.status, `${path}?unlisted=zebra`).toBe(200);
      expect(text(odd.body), `${path}?unlisted=zebra`).toBe(text(plain.body));
      const bare = path.replace(/^\/ar(?=\/|$)/, '') || '/';
      for (const name of declared) {
        const value = CHANGING[bare]?.[name] ?? '';
        const changed = await render(`${path}?${new URLSearchParams({ [name]: value })}`);
        expect(
          changed.status === plain.status && text(changed.body) === text(plain.body),
          `${path}?${name}=${value}`,
        ).toBe(false);
      }
    }
  });

  it('a page reads no query parameter it does not declare', async () => {
    for (const { path, declared } of await publicPages()) {
      const bare = path.replace(/^\/ar(?=\/|$)/, '') || '/';
      const query = new URLSearchParams(CHANGING[bare] ?? {}).toString();
      const { read } = await render(query ? `${path}?${query}` : path);
      const undeclared = [...read].filter((name) => !declared.includes(name) && !ROUTER_PARAMS.has(name));
      expect(undeclared, `${path} reads these without declaring them in public-pages.ts`).toEqual([]);
    }
  });
});
