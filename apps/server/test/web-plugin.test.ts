import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, scriptHash } from '../src/lib/csp.ts';
import { pageBuildFixture } from './page-build.ts';

const site = pageBuildFixture();

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });
const rendersOf = (name: string) => site.renders[name] ?? 0;

describe('page cache keys', () => {
  it('answers /?utm_source=x&fbclid=y from the entry of /, without rendering', async () => {
    const first = await get('/');
    expect(first.statusCode).toBe(200);
    const before = rendersOf('home');
    for (const url of ['/?utm_source=x&fbclid=y', '/?gclid=1&utm_medium=email', '/?anything=else']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(first.headers.etag);
    }
    expect(rendersOf('home')).toBe(before);
  });

  it('renders a page from its key, so a dropped parameter never reaches the page', async () => {
    const res = await get('/?utm_source=newsletter&fbclid=abc');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost/"/>');
    expect(res.body).not.toContain('utm_source');
    expect(res.body).not.toContain('fbclid');
  });

  it("keeps the catalogue's own parameters: another search is another page", async () => {
    const a = await get('/courses?q=a');
    const b = await get('/courses?q=b');
    expect(a.body).toContain('search=?q=a');
    expect(b.body).toContain('search=?q=b');
    const before = rendersOf('catalogue');
    const same = await get('/courses?utm_source=x&sort=oldest&q=a&page=2');
    const reordered = await get('/courses?page=2&q=a&sort=oldest&fbclid=1');
    expect(same.body).toContain('search=?page=2&amp;q=a&amp;sort=oldest');
    expect(reordered.headers.etag).toBe(same.headers.etag);
    expect(rendersOf('catalogue')).toBe(before + 1);
  });

  it('a flood of 5,000 junk URLs and random 404s leaves the home page cached', { timeout: 120_000 }, async () => {
    await get('/');
    const before = rendersOf('home');
    // Junk query strings are answered from the home page's entry; unknown paths each render once
    // (600 of them: more than the whole cache used to hold) and churn the not-found segment only.
    for (let i = 0; i < 4400; i++) {
      expect((await get(`/?${randomBytes(6).toString('hex')}=${i}`)).statusCode).toBe(200);
    }
    for (let i = 0; i < 600; i++) {
      expect((await get(`/no-such-page-${randomBytes(6).toString('hex')}`)).statusCode).toBe(404);
    }
    expect(site.deps.pageCache.usage('pageMisses').entries).toBeLessThanOrEqual(100);
    await get('/');
    expect(rendersOf('home')).toBe(before);
  });

  it('keeps not-found answers and redirects, apart from the pages', async () => {
    await get('/no-such-page');
    await get('/no-such-page');
    expect(rendersOf('not-found')).toBeGreaterThan(0);
    const before = rendersOf('not-found');
    expect((await get('/no-such-page?utm_source=x')).statusCode).toBe(404);
    expect(rendersOf('not-found')).toBe(before);

    const moved = await get('/moved');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/');
    const movedRenders = rendersOf('moved');
    expect((await get('/moved')).statusCode).toBe(301);
    expect(rendersOf('moved')).toBe(movedRenders);
    expect(site.deps.pageCache.usage('pageMisses').entries).toBe(2);
    expect(site.deps.pageCache.usage('pages').entries).toBe(0);
  });
});

describe('what is never cached', () => {
  it('URLs that carry secrets', async () => {
    const before = rendersOf('secret');
    await get('/oauth-success?token=one-time-secret');
    await get('/oauth-success?token=one-time-secret');
    expect(rendersOf('secret')).toBe(before + 2);
    expect(site.deps.pageCache.size).toBe(0);
  });

  it('answers that set a cookie', async () => {
    const before = rendersOf('cookie');
    const res = await get('/with-cookie');
    await get('/with-cookie');
    expect(rendersOf('cookie')).toBe(before + 2);
    expect([res.headers['set-cookie']].flat()).toEqual(['seen=1; Path=/; HttpOnly']);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(site.deps.pageCache.size).toBe(0);
  });

  it('failures (5xx)', async () => {
    const before = rendersOf('boom');
    const res = await get('/boom');
    expect(res.statusCode).toBe(500);
    expect((await get('/boom')).statusCode).toBe(500);
    expect(rendersOf('boom')).toBe(before + 2);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(site.deps.pageCache.size).toBe(0);
  });
});

describe('answers from the cache', () => {
  it('304 when the ETag matches', async () => {
    const first = await get('/');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('HEAD: the headers of the page and no body, cold and cached', async () => {
    const cold = await site.app.inject({ method: 'HEAD', url: '/' });
    expect(cold.statusCode).toBe(200);
    expect(cold.body).toBe('');
    expect(cold.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = await get('/');
    const cached = await site.app.inject({ method: 'HEAD', url: '/' });
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(page.headers.etag);
    expect(cached.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
  });

  it('sends a compressed copy made when the page was stored', async () => {
    const plain = await get('/');
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });
});

describe('route actions', () => {
  it('a POST body reaches the action, and the answer is not kept', async () => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p id="greeting">Hello Ada</p>');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(site.deps.pageCache.size).toBe(0);
  });
});

describe('content security policy', () => {
  const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1] ?? ''));

  it("lists the hash of every inline script of a cached page, and no 'unsafe-inline'", async () => {
    await get('/');
    const res = await get('/');
    const policy = String(res.headers['content-security-policy']);
    const scripts = inlineScripts(res.body);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const [, , text] of scripts) expect(scriptSrc(policy)).toContain(scriptHash(text ?? ''));
    expect(scriptSrc(policy)).not.toContain("'unsafe-inline'");
    // The rest of the policy is unchanged.
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    // The render's mark is gone: nothing per-request is left in a page served to everyone.
    expect(res.body).not.toContain('nonce=');
  });

  it('does not allow a script that came in with the content', async () => {
    const res = await get('/smuggled');
    expect(res.body).toContain('<script>window.smuggled = true</script>');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).not.toContain(scriptHash('window.smuggled = true'));
    // The framework's own scripts on the same page are allowed.
    const own = inlineScripts(res.body).filter(([, , text]) => !text?.includes('smuggled'));
    expect(own.length).toBeGreaterThanOrEqual(3);
    for (const [, , text] of own) expect(policy).toContain(scriptHash(text ?? ''));
  });

  it('answers without inline scripts carry the policy with no hashes', async () => {
    const res = await get('/moved');
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy());
  });
});
