import { describe, expect, it } from 'vitest';
import { type CachedPage, PageCache } from './page-cache.ts';

const page = (body: string): CachedPage => ({ status: 200, headers: {}, body: Buffer.from(body), etag: `"${body}"` });

describe('PageCache', () => {
  it('keeps pages until content changes', () => {
    const cache = new PageCache();
    cache.set('/', page('home'), cache.version);
    expect(cache.get('/')?.body.toString()).toBe('home');
    cache.invalidate();
    expect(cache.get('/')).toBeUndefined();
  });

  it('drops a render that started before a change', () => {
    const cache = new PageCache();
    const startedAt = cache.version;
    cache.invalidate();
    cache.set('/', page('stale'), startedAt);
    expect(cache.get('/')).toBeUndefined();
  });

  it('evicts the least recently used page when full', () => {
    const cache = new PageCache(2);
    cache.set('/a', page('a'), cache.version);
    cache.set('/b', page('b'), cache.version);
    cache.get('/a');
    cache.set('/c', page('c'), cache.version);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('lets entries expire, so writes it cannot see show within a minute', () => {
    let now = 0;
    const cache = new PageCache(10, 60_000, () => now);
    cache.set('/', page('home'), cache.version);
    now = 59_000;
    expect(cache.get('/')).toBeDefined();
    now = 60_001;
    expect(cache.get('/')).toBeUndefined();
  });
});
