import { describe, expect, it } from 'vitest';
import type { BlogSummary, Course, Hero, Intro } from '@oasis/shared/api';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { URLS_PER_SITEMAP } from './sections/sitemap-xml';
import { loader, sitemapEntries } from './sitemap';

/**
 * Site data with `courses` and `posts` of its own, counting the reads of each list. Every read
 * hands out new objects, as a render thread's copies are.
 */
function fakeSite(courses: number, posts: number, withVersion = true) {
  const reads = { courses: 0, blogs: 0 };
  let version = 1;
  const when = '2025-03-01T00:00:00.000Z';
  const postDates = new Map<number, string>();
  const items = (count: number, name: string, dates = new Map<number, string>()) =>
    Array.from({ length: count }, (_, i) => ({ slug: `${name}-${i}`, updatedAt: dates.get(i) ?? when }));
  const site = {
    settings: async () => ({}) as never,
    hero: async () => ({ updatedAt: when }) as Hero,
    intro: async () => ({ updatedAt: when }) as Intro,
    courses: async () => {
      reads.courses++;
      return Array.from({ length: courses }, (_, i) => ({ slug: `course-${i}`, updatedAt: when }) as Course);
    },
    course: async () => null,
    blogs: async () => {
      reads.blogs++;
      return Array.from({ length: posts }, (_, i) => ({ slug: `post-${i}`, updatedAt: when }) as BlogSummary);
    },
    blog: async () => null,
    sitemapItems: async () => {
      reads.courses++;
      reads.blogs++;
      return { courses: items(courses, 'course'), blogs: items(posts, 'post', postDates) };
    },
    podcasts: async () => [],
    mentor: async () => null,
    ...(withVersion && { version: () => version }),
  } satisfies PublicSiteData;
  return {
    site,
    reads,
    change() {
      version++;
    },
    /** Post `i` changed. */
    touch(i: number, date: string) {
      postDates.set(i, date);
      version++;
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
    const { site, change } = fakeSite(3, 3);
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

describe('the sitemap list, once per content version', () => {
  it('reads the courses and posts once while the content stays the same', async () => {
    const { site, reads, change } = fakeSite(3, 4);
    const first = await (await sitemap(site)).text();
    const again = await (await sitemap(site)).text();
    expect(again).toBe(first);
    expect(first).toContain('https://x.test/blogs/post-3');
    expect(reads).toEqual({ courses: 1, blogs: 1 });
    change();
    await sitemap(site);
    expect(reads).toEqual({ courses: 2, blogs: 2 });
  });

  it('concurrent misses share one build', async () => {
    const { site, reads } = fakeSite(2, 2);
    const lists = await Promise.all([sitemapEntries(site), sitemapEntries(site), sitemapEntries(site)]);
    expect(lists[1]).toBe(lists[0]);
    expect(reads).toEqual({ courses: 1, blogs: 1 });
  });

  it('a list read while the content changed is not kept', async () => {
    const { site, reads, change } = fakeSite(1, 1);
    const building = sitemapEntries(site);
    change();
    await building;
    await sitemapEntries(site);
    expect(reads).toEqual({ courses: 2, blogs: 2 });
  });

  it('site data without a version builds every time', async () => {
    const { site, reads } = fakeSite(1, 1, false);
    await sitemap(site);
    await sitemap(site);
    expect(reads).toEqual({ courses: 2, blogs: 2 });
  });

  it('past 5,000 URLs: an index and its parts, all from one list', async () => {
    const { site, reads } = fakeSite(1_000, 5_000);
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
    expect(reads).toEqual({ courses: 1, blogs: 1 });
  }, 30_000);
});
