import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  apiCacheKey,
  type CachedPage,
  cachedAnswer,
  encodedBody,
  normaliseUrl,
  PageCache,
  canonicalPageUrl,
  pageCacheKey,
  pageSegment,
} from './page-cache.ts';

const page = (body: string): CachedPage => ({ status: 200, headers: {}, body: Buffer.from(body), etag: `"${body}"` });

describe('PageCache', () => {
  it('keeps pages until content changes', () => {
    const cache = new PageCache();
    cache.set('/', page('home'), cache.version, 'pages');
    expect(cache.get('/')?.body.toString()).toBe('home');
    cache.invalidate();
    expect(cache.get('/')).toBeUndefined();
    expect(cache.usage('pages')).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops a render that started before a change', () => {
    const cache = new PageCache();
    const startedAt = cache.version;
    cache.invalidate();
    cache.set('/', page('stale'), startedAt, 'pages');
    expect(cache.get('/')).toBeUndefined();
  });

  it('evicts the least recently used page of a segment when it is full', () => {
    const cache = new PageCache({ limits: { pages: { maxEntries: 2 } } });
    cache.set('/a', page('a'), cache.version, 'pages');
    cache.set('/b', page('b'), cache.version, 'pages');
    cache.get('/a');
    cache.set('/c', page('c'), cache.version, 'pages');
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('bounds each segment by bytes too, and skips an answer larger than its segment', () => {
    const cache = new PageCache({ limits: { pageVariants: { maxBytes: 100 } } });
    cache.set('/x?1', page('a'.repeat(40)), cache.version, 'pageVariants');
    cache.set('/x?2', page('b'.repeat(40)), cache.version, 'pageVariants');
    cache.set('/x?3', page('c'.repeat(40)), cache.version, 'pageVariants');
    expect(cache.get('/x?1')).toBeUndefined();
    expect(cache.usage('pageVariants').bytes).toBeLessThanOrEqual(100);
    cache.set('/x?big', page('d'.repeat(200)), cache.version, 'pageVariants');
    expect(cache.get('/x?big')).toBeUndefined();
    expect(cache.get('/x?3')).toBeDefined();
  });

  it('a flood in one segment never evicts another', () => {
    const cache = new PageCache({ limits: { pageMisses: { maxEntries: 10 }, pageVariants: { maxEntries: 10 } } });
    cache.set('/', page('home'), cache.version, 'pages');
    for (let i = 0; i < 1000; i++) {
      cache.set(`/junk-${i}`, page('not found'), cache.version, 'pageMisses');
      cache.set(`/courses?q=${i}`, page('search'), cache.version, 'pageVariants');
    }
    expect(cache.get('/')?.body.toString()).toBe('home');
    expect(cache.usage('pageMisses').entries).toBe(10);
    expect(cache.usage('pageVariants').entries).toBe(10);
  });

  it('moves a key to the segment of its latest answer', () => {
    const cache = new PageCache();
    cache.set('/a', page('moved'), cache.version, 'pageMisses');
    cache.set('/a', page('page'), cache.version, 'pages');
    expect(cache.usage('pageMisses').entries).toBe(0);
    expect(cache.get('/a')?.body.toString()).toBe('page');
  });

  it('lets entries expire, so writes it cannot see show within a minute', () => {
    let now = 0;
    const cache = new PageCache({ maxAgeMs: 60_000, now: () => now });
    cache.set('/', page('home'), cache.version, 'pages');
    now = 59_000;
    expect(cache.get('/')).toBeDefined();
    now = 60_001;
    expect(cache.get('/')).toBeUndefined();
    expect(cache.usage('pages').entries).toBe(0);
  });
});

describe('page cache keys', () => {
  it('tracking parameters and parameter order share one entry', () => {
    const bare = pageCacheKey('/');
    expect(bare).toBe('/');
    for (const url of [
      '/?utm_source=x&fbclid=y',
      '/?gclid=1&utm_medium=email&utm_campaign=spring&mc_cid=2&mc_eid=3',
      '/?_hsenc=a&_hsmi=b&ref=newsletter&msclkid=c&srsltid=d&_gl=e&_ga=f',
      '/?UTM_Source=x',
    ]) {
      expect(pageCacheKey(url), url).toBe(bare);
    }
    expect(pageCacheKey('/courses?sort=price-asc&q=visa&utm_source=x')).toBe(
      pageCacheKey('/courses?q=visa&fbclid=1&sort=price-asc'),
    );
  });

  it("keeps the catalogue's own parameters, in a fixed order", () => {
    expect(pageCacheKey('/courses?q=a')).not.toBe(pageCacheKey('/courses?q=b'));
    expect(pageCacheKey('/courses?page=2&sort=newest&q=visa')).toBe('/courses?page=2&q=visa&sort=newest');
    expect(pageCacheKey('/courses?sort=newest')).not.toBe(pageCacheKey('/courses'));
    expect(pageCacheKey('/courses?page=2')).not.toBe(pageCacheKey('/courses'));
  });

  it("keeps the sitemap's part number and nothing else", () => {
    expect(pageCacheKey('/sitemap.xml?page=2&x=1&utm_source=a')).toBe('/sitemap.xml?page=2');
    expect(pageCacheKey('/sitemap.xml?page=2')).not.toBe(pageCacheKey('/sitemap.xml'));
    expect(pageCacheKey('/sitemap.xml?x=1')).toBe('/sitemap.xml');
  });

  it('drops parameters a public page does not read', () => {
    const keys = {
      '/about?x=1&y=2': '/about',
      '/courses?junk=1&q=a': '/courses?q=a',
      '/courses/introduction-to-off-plan?junk=1': '/courses/introduction-to-off-plan',
      '/contact?query_type=course&x=1': '/contact?query_type=course',
    };
    for (const [url, key] of Object.entries(keys)) expect(pageCacheKey(url), url).toBe(key);
  });

  it("keeps React Router's data-request parameter on a page's data URL", () => {
    expect(pageCacheKey('/courses.data?q=a&_routes=routes%2Fpublic%2Fcourses&utm_source=x')).toBe(
      '/courses.data?_routes=routes%2Fpublic%2Fcourses&q=a',
    );
    expect(pageCacheKey('/_root.data?junk=1')).toBe('/_root.data');
  });

  it('keeps every parameter a public page reads (a new one needs its place in the table)', () => {
    const pathOf: Record<string, string> = {
      'courses.tsx': '/courses',
      'contact.tsx': '/contact',
      'sitemap.ts': '/sitemap.xml',
    };
    const dir = new URL('../../../web/app/routes/public/', import.meta.url);
    for (const file of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) {
      const source = fs.readFileSync(new URL(file, dir), 'utf8');
      for (const [, name] of source.matchAll(/searchParams\.get\('([^']+)'\)/g)) {
        expect(pathOf[file], `${file} reads '${name}'`).toBeDefined();
        expect(pageCacheKey(`${pathOf[file]}?${name}=x`), `${file} reads '${name}'`).toBe(`${pathOf[file]}?${name}=x`);
      }
    }
  });

  it('elsewhere keeps every parameter but the tracking ones (the screen may read any)', () => {
    expect(pageCacheKey('/login?utm_source=x&redirectTo=%2Fprofile')).toBe('/login?redirectTo=%2Fprofile');
    expect(pageCacheKey('/About?x=1')).toBe('/About?x=1');
    expect(normaliseUrl('/x?b=2&a=1&b=1')).toBe('/x?a=1&b=2&b=1');
  });

  it('keeps public pages at their own address apart from what visitors can mint', () => {
    expect(pageSegment('/', 200)).toBe('pages');
    expect(pageSegment('/courses/introduction-to-off-plan', 200)).toBe('pages');
    expect(pageSegment('/courses?q=a', 200)).toBe('pageVariants');
    expect(pageSegment('/ABOUT', 200)).toBe('pageVariants');
    expect(pageSegment('/login', 200)).toBe('pageVariants');
    expect(pageSegment('/no-such-page', 404)).toBe('pageMisses');
    expect(pageSegment('/courses/some-id', 301)).toBe('pageMisses');
  });

  it('API keys hold only the parameters the route declares', () => {
    const params = new Set(['search', 'sort']);
    expect(apiCacheKey('/api/courses/course?utm_source=x&junk=1', params)).toBe('api:/api/courses/course');
    expect(apiCacheKey('/api/courses/course?sort=newest&search=a', params)).toBe(
      'api:/api/courses/course?search=a&sort=newest',
    );
    expect(apiCacheKey('/api/hero/get?x=1', new Set())).toBe('api:/api/hero/get');
  });
});

describe('pages in Arabic (/ar)', () => {
  it('have the keys, segments and canonical addresses of their English pages', () => {
    expect(pageCacheKey('/ar?utm_source=x&fbclid=1')).toBe('/ar');
    expect(pageCacheKey('/ar/courses?sort=priceLow&gclid=2&q=villa')).toBe('/ar/courses?q=villa&sort=priceLow');
    expect(pageCacheKey('/ar/courses/some-course?ref=x')).toBe('/ar/courses/some-course');
    expect(pageCacheKey('/ar/about?anything=1')).toBe('/ar/about');
    expect(pageCacheKey('/ar/courses.data?q=x&_routes=ar%3Aroutes%2Fpublic%2Fcourses')).toBe(
      '/ar/courses.data?_routes=ar%3Aroutes%2Fpublic%2Fcourses&q=x',
    );
    expect(pageSegment('/ar', 200)).toBe('pages');
    expect(pageSegment('/ar/blogs/a-post', 200)).toBe('pages');
    expect(pageSegment('/ar/courses?q=x', 200)).toBe('pageVariants');
    // Not a page of ours: every parameter but the tracking ones stays.
    expect(pageCacheKey('/ar/profile?tab=1&utm_source=x')).toBe('/ar/profile?tab=1');
    expect(canonicalPageUrl('/AR/Courses')).toBe('/ar/courses');
    expect(canonicalPageUrl('/ar/')).toBe('/ar');
    expect(canonicalPageUrl('/ar/courses?page=1&sort=latest')).toBe('/ar/courses');
    expect(canonicalPageUrl('/ar/courses?q=x')).toBeNull();
    expect(canonicalPageUrl('/ar')).toBeNull();
    expect(canonicalPageUrl('/arabic')).toBeNull();
  });
});

describe('cache entries', () => {
  it('hold the headers a hit sends, and each encoding compressed once, when first asked for', () => {
    const body = Buffer.from('<p>hello</p>'.repeat(200));
    const entry = cachedAnswer(200, { 'content-type': 'text/html; charset=utf-8' }, body);
    expect(entry.headers).toMatchObject({
      etag: entry.etag,
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
    });
    // Nothing compressed until a client takes an encoding; then once.
    expect(entry.encoded).toEqual({});
    const page = entry;
    const gzip = encodedBody(page, 'gzip');
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(encodedBody(page, 'gzip')).toBe(gzip);
    expect(entry.encoded).toEqual({ gzip });
    expect(brotliDecompressSync(encodedBody(page, 'br')).equals(body)).toBe(true);
    expect(cachedAnswer(200, { 'content-type': 'image/png' }, body).encoded).toBeUndefined();
    expect(cachedAnswer(200, { 'content-type': 'text/html' }, Buffer.from('tiny')).encoded).toBeUndefined();
  });

  it('count a body compressed after the entry was stored in its segment, and keep to the limit', () => {
    const cache = new PageCache({ limits: { pages: { maxEntries: 10, maxBytes: 6_000 } } });
    const html = { 'content-type': 'text/html; charset=utf-8' };
    // Random letters compress little: each body then takes room of its own.
    const text = () =>
      Buffer.from(
        Array.from({ length: 2_000 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(''),
      );
    const first = cachedAnswer(200, html, text());
    const second = cachedAnswer(200, html, text());
    cache.set('/first', first, cache.version, 'pages');
    cache.set('/second', second, cache.version, 'pages');
    const before = cache.usage('pages').bytes;
    const br = encodedBody(second, 'br');
    expect(cache.usage('pages').bytes).toBe(before + br.length);
    // Over the segment's bytes: the least recently used entry goes.
    encodedBody(second, 'gzip');
    expect(cache.peek('/first')).toBeUndefined();
    expect(cache.peek('/second')).toBe(second);
  });

  it('compress a body rendered again the same (a new entry after a drop) only once; another body anew', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const body = Buffer.from(`<p>${'the same page again '.repeat(200)}${Math.random()}</p>`);
    const br = encodedBody(cachedAnswer(200, html, body), 'br');
    const again = cachedAnswer(200, html, Buffer.from(body));
    expect(encodedBody(again, 'br')).toBe(br);
    expect(again.encoded).toEqual({ br });
    const other = cachedAnswer(200, html, Buffer.from(`${body.toString()}!`));
    const otherBr = encodedBody(other, 'br');
    expect(otherBr).not.toBe(br);
    expect(brotliDecompressSync(otherBr).toString()).toBe(`${body.toString()}!`);
  });

  it('read Accept-Encoding with its weights', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
