import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_COOKIE_MAX_AGE, couponFromCookies } from '@oasis/shared/coupon-link';
import { setUpPageBuildApp } from '../../test/page-build.ts';
import type { Deps } from '../deps.ts';
import { couponLinkAnswer } from './coupon-link.ts';
import { pageCacheKey } from './page-cache.ts';
import { createPageFastLane } from './page-fast-lane.ts';

let app: Awaited<ReturnType<typeof setUpPageBuildApp>>['app'];
let deps: Deps;
let renders: Record<string, number>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, deps, renders, close } = await setUpPageBuildApp());
});
afterAll(() => close());
beforeEach(() => deps.pageCache.invalidate());

const rendered = () => Object.values(renders).reduce((sum, n) => sum + n, 0);

describe('a coupon link', () => {
  it('redirects to the course page without the code, leaving the code for checkout in a cookie', async () => {
    for (const [url, target, slug] of [
      ['/courses/off-plan?coupon=launch', '/courses/off-plan', 'off-plan'],
      ['/ar/courses/off-plan?coupon=Launch&utm_source=news', '/ar/courses/off-plan?utm_source=news', 'off-plan'],
    ] as const) {
      const before = rendered();
      const entries = deps.pageCache.size;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(target);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain(`Max-Age=${COUPON_COOKIE_MAX_AGE}`);
      expect(cookie).toContain('SameSite=Lax');
      // What checkout reads: the code for this course only.
      const [pair = ''] = cookie.split(';');
      expect(couponFromCookies(pair, slug)).toBe('LAUNCH');
      expect(couponFromCookies(pair, 'another-course')).toBeNull();
      // Nothing rendered, nothing kept.
      expect(rendered(), url).toBe(before);
      expect(deps.pageCache.size, url).toBe(entries);
    }
  });

  it('drops a code no coupon could have without a cookie, and leaves other pages alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/courses/off-plan?coupon=%3Cscript%3E' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/courses/off-plan');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(couponLinkAnswer('/courses?coupon=LAUNCH', false)).toBeNull();
    expect(couponLinkAnswer('/blogs/post?coupon=LAUNCH', false)).toBeNull();
    expect(couponLinkAnswer('/courses/off-plan', false)).toBeNull();
    expect(couponLinkAnswer('/courses/x?coupon=ABC', true)?.cookie).toContain('; Secure');
  });

  it('never changes the cached page: every code has the page key of the plain page, and the fast lane passes it on', async () => {
    expect(pageCacheKey('/courses/off-plan?coupon=A1B')).toBe(pageCacheKey('/courses/off-plan'));
    expect(pageCacheKey('/ar/courses/off-plan?coupon=ZZZ9')).toBe(pageCacheKey('/ar/courses/off-plan'));
    // The plain page is cached; the lane answers it, but hands a coupon link to the route.
    await app.inject({ method: 'GET', url: '/courses/off-plan' });
    expect(deps.pageCache.peek(pageCacheKey('/courses/off-plan'))).toBeTruthy();
    const lane = createPageFastLane(deps.pageCache, null);
    const ask = (url: string) => {
      const sent: number[] = [];
      const res = { writeHead: (status: number) => sent.push(status), end: () => undefined };
      const answered = lane({ method: 'GET', url, headers: {} } as IncomingMessage, res as unknown as ServerResponse);
      return answered;
    };
    expect(ask('/courses/off-plan')).toBe(true);
    expect(ask('/courses/off-plan?coupon=LAUNCH')).toBe(false);
  });
});
