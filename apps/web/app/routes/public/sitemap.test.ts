import { describe, expect, it } from 'vitest';
import type { BlogSummary, Course, Hero, Intro } from '@oasis/shared/api';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { URLS_PER_SITEMAP } from './sections/sitemap-xml';
import { loader, sitemapEntries } from './sitemap';

/**
 * Site data with `courses` and `posts` of its own. Like the read model, it hands out the same objects until they change; with `copies`, new objects at every read,
 * as a site that keeps nothing does.
 */
function fakeSite(courses: number, posts: number, { copies = false } = {}) {
  const when = '2025-03-01T00:00:00.000Z';
  const postDates = new Map<number, string>();
  const items = (count: number, name: string, dates = new Map<number, string>()) =>
    Array.from({ length: count }, (_, i) => ({ slug: `${name}-${i}`, updatedAt: dates.get(i) ?? when }));
  const courseList = { items: items(courses, 'course') };
  let blogList = { items: items(posts, 'post') };
  let hero = { updatedAt: when } as Hero;
  const intro = { updatedAt: when } as Intro;
  const handOut = <T>(value: T): T => (copies ? structuredClone(value) : value);
  const site = {
    settings: async () => ({}) as never,
    hero: async () => handOut(hero),
    intro: async () => handOut(intro),
    courses: async () => [] as Course[],
    cataloguePage: async () => ({ courses: [], total: 0, page: 1, pageCount: 1 }),
    course: async () => null,
    blogs: async () => [] as BlogSummary[],
    blog: async () => null,
    sitemapCourses: async () => handOut(courseList),
    sitemapBlogs: async () => handOut(blogList),
    podcasts: async () => [],
    mentor: async () => null,
    certificate: async () => null,
    testimonials: async () => [],
  } satisfies PublicSiteData;
  return {
    site,
    /** The hero saved again: a new copy of it, the courses and posts as they were. */
    change() {
      hero = { ...hero };
    },
    /** Post `i` changed. */
    touch(i: number, date: string) {
      postDates.set(i, date);
      blogList = { items: items(posts, 'post', postDates) };
    },
  };
}

const sitemap = async (site: PublicSiteData, url = 'https://x.test/sitemap.xml') => {
  const context = { site, publicConfig: { siteUrl: 'https://x.test' } };
  const args = { request: new Request(url), context, params: {} } as unknown as Parameters<typeof loader>[0];
  try {
    return await loader(args);
  } catch (thrown) {
    return thrown as Response;
  }
};

describe('the sitemap in both languages', () => {
  it('lists every page in English and in Arabic', async () => {
    const { site } = fakeSite(1, 1);
    const xml = await (await sitemap(site)).text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://x.test/');
    expect(locs).toContain('https://x.test/ar');
    expect(locs).toContain('https://x.test/courses/course-0');
    expect(locs).toContain('https://x.test/ar/courses/course-0');
    expect(locs).toContain('https://x.test/ar/blogs/post-0');
    expect(locs).toHaveLength(2 * 9);
  });

  it('after a change elsewhere, makes the same document again from the kept lines', async () => {
    const { site, change } = fakeSite(3, 3, { copies: true });
    const first = await (await sitemap(site)).text();
    const before = await sitemapEntries(site);
    change();
    expect(await (await sitemap(site)).text()).toBe(first);
    // The same entries (their lines kept with them), though the items are new copies.
    const after = await sitemapEntries(site);
    expect(after).not.toBe(before);
    expect(after.at(-1)).toBe(before.at(-1));
  });

  it('a changed post gets new entries with its new date; the others keep theirs', async () => {
    const { site, touch } = fakeSite(1, 3);
    const before = await sitemapEntries(site);
    touch(1, '2025-06-01T00:00:00.000Z');
    const after = await sitemapEntries(site);
    const entry = (list: typeof before, path: string) => list.find((e) => e.path === path);
    expect(entry(after, '/blogs/post-1')?.lastmod).toBe('2025-06-01T00:00:00.000Z');
    expect(entry(after, '/ar/blogs/post-1')).not.toBe(entry(before, '/ar/blogs/post-1'));
    expect(entry(after, '/blogs/post-2')).toBe(entry(before, '/blogs/post-2'));
    expect(await (await sitemap(site)).text()).toContain('<lastmod>2025-06-01T00:00:00.000Z</lastmod>');
  });
});

describe('the sitemap list, kept while what it is made from is', () => {
  it('is made once while the hero, intro, courses and posts stay the same objects', async () => {
    const { site, change } = fakeSite(3, 4);
    const first = await sitemapEntries(site);
    expect(await sitemapEntries(site)).toBe(first);
    expect(await (await sitemap(site)).text()).toContain('https://x.test/blogs/post-3');
    change();
    const after = await sitemapEntries(site);
    expect(after).not.toBe(first);
    expect(after).toEqual(first);
    expect(await sitemapEntries(site)).toBe(after);
  });

  it('concurrent misses share one list', async () => {
    const { site } = fakeSite(2, 2);
    const lists = await Promise.all([sitemapEntries(site), sitemapEntries(site), sitemapEntries(site)]);
    expect(lists[1]).toBe(lists[0]);
    expect(lists[2]).toBe(lists[0]);
  });

  it('site data that hands out new copies at every read gets a new list every time, of the kept entries', async () => {
    const { site } = fakeSite(1, 1, { copies: true });
    const first = await sitemapEntries(site);
    const second = await sitemapEntries(site);
    expect(second).not.toBe(first);
    expect(second.at(-1)).toBe(first.at(-1));
  });

  it('past 5,000 URLs: an index and its parts, all from one list', async () => {
    const { site } = fakeSite(1_000, 5_000);
    const list = await sitemapEntries(site);
    const index = await (await sitemap(site)).text();
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('<loc>https://x.test/sitemap.xml?page=3</loc>');
    const parts = await Promise.all(
      [1, 2, 3].map(async (n) => (await sitemap(site, `https://x.test/sitemap.xml?page=${n}`)).text()),
    );
    expect(parts.map((part) => part.match(/<url>/g)?.length)).toEqual([
      URLS_PER_SITEMAP,
      URLS_PER_SITEMAP,
      // 7 pages, 1,000 courses and 5,000 posts, in English and in Arabic.
      2 * 6_007 - 2 * URLS_PER_SITEMAP,
    ]);
    expect(parts[0]).toContain('<loc>https://x.test/</loc>');
    expect(parts[2]).toContain('<loc>https://x.test/ar/blogs/post-4999</loc>');
    expect((await sitemap(site, 'https://x.test/sitemap.xml?page=4')).status).toBe(404);
    expect(await sitemapEntries(site)).toBe(list);
  }, 30_000);
});
