import { describe, expect, it, vi } from 'vitest';
import { keptDocument, latest, type SitemapEntry, sitemapDocument, URLS_PER_SITEMAP } from './sitemap-xml';

const entries = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    path: `/blogs/post-${i + 1}`,
    lastmod: `2025-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    priority: '0.6',
  }));

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemap documents', () => {
  it('answers one urlset while the URLs fit, and no parts', () => {
    const xml = sitemapDocument(entries(3), 'https://x.test', null, 3) ?? '';
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      'https://x.test/blogs/post-1',
      'https://x.test/blogs/post-2',
      'https://x.test/blogs/post-3',
    ]);
    expect(sitemapDocument(entries(3), 'https://x.test', '1', 3)).toBeNull();
  });

  it('becomes an index of parts past the limit; each part holds its share; other parts 404', () => {
    const all = entries(7);
    const index = sitemapDocument(all, 'https://x.test', null, 3) ?? '';
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).not.toContain('<urlset');
    expect(locs(index)).toEqual([
      'https://x.test/sitemap.xml?page=1',
      'https://x.test/sitemap.xml?page=2',
      'https://x.test/sitemap.xml?page=3',
    ]);
    // Each part's lastmod is the newest of its URLs.
    expect(index).toContain('<lastmod>2025-01-03T00:00:00.000Z</lastmod></sitemap>');
    const parts = ['1', '2', '3'].map((p) => locs(sitemapDocument(all, 'https://x.test', p, 3) ?? ''));
    expect(parts.flat()).toEqual(all.map((e) => `https://x.test${e.path}`));
    expect(parts.map((p) => p.length)).toEqual([3, 3, 1]);
    for (const bad of ['0', '4', '01', '1.0', '-1', 'x', '']) {
      expect(sitemapDocument(all, 'https://x.test', bad, 3)).toBeNull();
    }
  });

  it('parts of 5,000 URLs by default (the protocol allows 50,000; a smaller part is quicker to make)', () => {
    expect(URLS_PER_SITEMAP).toBe(5_000);
    // One past the limit: an index of two parts.
    const index = sitemapDocument(entries(5_001), 'https://x.test', null) ?? '';
    expect(locs(index)).toEqual(['https://x.test/sitemap.xml?page=1', 'https://x.test/sitemap.xml?page=2']);
  });

  it('escapes XML and leaves out unknown dates', () => {
    const xml =
      sitemapDocument(
        [{ path: '/a?b=1&c=<2>', lastmod: '1970-01-01T00:00:00.000Z', priority: '1.0' }],
        'https://x.test',
        null,
      ) ?? '';
    expect(xml).toContain('<loc>https://x.test/a?b=1&amp;c=&lt;2&gt;</loc><priority>');
    expect(latest(['2025-01-02', undefined, '2025-03-01', '2024-12-31'])).toBe('2025-03-01');
    expect(latest([])).toBeUndefined();
  });

  it('a part made from the same entries is answered as it was; one entry replaced makes it again', () => {
    const list = entries(4);
    const make = vi.fn(() => `made ${make.mock.calls.length}`);
    const key = `test ${Math.random()}`;
    expect(keptDocument(key, list, make)).toBe('made 1');
    // A new list (as after a change of the hero) holding the same entries.
    expect(keptDocument(key, [...list], make)).toBe('made 1');
    expect(make).toHaveBeenCalledTimes(1);
    const changed = [...list];
    changed[2] = { ...list[2], lastmod: '2026-01-01T00:00:00.000Z' } as SitemapEntry;
    expect(keptDocument(key, changed, make)).toBe('made 2');
    expect(keptDocument(key, changed.slice(0, 3), make)).toBe('made 3');
  });

  it('the parts of an index after the home page changed: the other parts are the same text', () => {
    const all = entries(7);
    const base = `https://kept-${Math.random()}.test`;
    const before = ['1', '2', '3'].map((p) => sitemapDocument(all, base, p, 3));
    const home = { path: '/', lastmod: '2026-02-02T00:00:00.000Z', priority: '1.0' };
    const after = [home, ...all.slice(1)];
    const parts = ['1', '2', '3'].map((p) => sitemapDocument(after, base, p, 3));
    expect(parts[0]).toContain(`<loc>${base}/</loc>`);
    expect(parts.slice(1)).toEqual(before.slice(1));
  });
});
