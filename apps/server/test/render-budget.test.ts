import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Deps } from '../src/deps.ts';
import { setUpPageBuildApp } from './page-build.ts';

/**
 * Uncached renders per client address (RENDERS_PER_IP_PER_MINUTE) through the real page plugin:
 * only misses that would render take from the budget; past it, a 429 page in the page's language.
 */
const PER_MINUTE = 6;

let app: Awaited<ReturnType<typeof setUpPageBuildApp>>['app'];
let deps: Deps;
let renders: Record<string, number>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, deps, renders, close } = await setUpPageBuildApp({ RENDERS_PER_IP_PER_MINUTE: String(PER_MINUTE) }));
});
afterAll(() => close());
beforeEach(() => deps.pageCache.invalidate());

const get = (url: string, remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });
const search = () => `/courses?q=${randomBytes(6).toString('hex')}`;
/** A client address no other call in this file gets, so that tests share no bucket in any order. */
let addresses = 0;
const address = () => `203.0.113.${++addresses}`;

describe('render budget per client address', () => {
  it('answers a flood of uncached searches with 429 and Retry-After once the burst is spent', async () => {
    const client = address();
    const first = search();
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await get(i === 0 ? first : search(), client)).statusCode, `search ${i}`).toBe(200);
    const before = renders.catalogue ?? 0;
    const refused = await get(search(), client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 / PER_MINUTE);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain('<html lang="en" dir="ltr">');
    expect(refused.body).toContain('<h1>Please slow down</h1>');
    expect(refused.body).not.toContain('<script');
    expect(renders.catalogue ?? 0).toBe(before);

    // Cached pages still come, and the refusal was kept nowhere.
    expect((await get(first, client)).statusCode).toBe(200);
    expect((await get(search(), address())).statusCode).toBe(200);
    expect(renders.catalogue ?? 0).toBe(before + 1);
  });

  it('speaks the language of the page asked for', async () => {
    const client = address();
    for (let i = 0; i < PER_MINUTE; i++) await get(search(), client);
    const refused = await get(`/ar${search()}`, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('<html lang="ar" dir="rtl">');
    expect(refused.body).toContain('يرجى التمهّل');
  });

  it("answers the web app's data requests with the text alone", async () => {
    const client = address();
    for (let i = 0; i < PER_MINUTE; i++) await get(search(), client);
    const refused = await get(`/courses.data?q=${randomBytes(6).toString('hex')}`, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(refused.body).toContain('Please wait a moment');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('counts one IPv6 /64 as one client', async () => {
    const network = `2001:db8:${randomBytes(2).toString('hex')}:1`;
    for (let i = 1; i <= PER_MINUTE; i++) expect((await get(search(), `${network}::${i}`)).statusCode).toBe(200);
    expect((await get(search(), `${network}::ffff`)).statusCode).toBe(429);
    expect((await get(search(), `${network.replace(/:1$/, ':2')}::1`)).statusCode).toBe(200);
  });
});
