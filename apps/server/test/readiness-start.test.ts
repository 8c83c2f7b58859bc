import { describe, expect, it } from 'vitest';
import { setUpBuiltSiteForFile } from './built-site.ts';

/**
 * The pages' code (React Router and the web build) loads once the server listens, not before it
 * answers (plugins/web.ts): readiness says 'starting' until it is in, so a proxy's health check sends
 * no pages to an instance that would make them wait. Through the real build.
 */

const site = setUpBuiltSiteForFile();

const ready = () => site.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('readiness at start', () => {
  it("answers 503 'starting' until the pages' code is loaded, which listening starts; liveness answers at once", async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'starting' });
    expect((await site.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Listening starts the load, without any page being asked for.
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const started = performance.now();
    while ((await ready()).statusCode !== 200) {
      expect(performance.now() - started, 'loaded within 20 s').toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await ready()).json()).toMatchObject({ status: 'ready', database: { ok: true } });
    const page = await site.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<main');
  }, 60_000);
});
