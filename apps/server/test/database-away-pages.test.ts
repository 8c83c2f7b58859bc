import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '@oasis/shared/i18n';
import { setUpPageBuildApp } from './page-build.ts';

/**
 * A page render that reads public content the database cannot give (the database closed under a
 * running site, so the read model cannot load a part it has not loaded yet) answers 503 with
 * Retry-After and a page saying so, in the page's language, and is kept by no cache: never a 500,
 * and never a page missing its content cached until the next write.
 */
let site: Awaited<ReturnType<typeof setUpPageBuildApp>>;

beforeAll(async () => {
  site = await setUpPageBuildApp();
  await site.deps.database.close();
});

afterAll(async () => {
  await site.app.close();
  fs.rmSync(site.deps.config.dataDir, { recursive: true, force: true });
});

describe('a page while the database is out of reach', () => {
  it('answers 503 with Retry-After, even when the loader hid the failed read, and keeps nothing', async () => {
    const { app, renders, deps } = site;
    const t = messagesFor('en').tooBusy;
    const before = renders.mentor ?? 0;
    for (const attempt of [1, 2]) {
      const res = await app.inject({ method: 'GET', url: '/mentor' });
      expect(res.statusCode, `attempt ${attempt}`).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain(t.awayTitle);
      expect(res.body).toContain(t.awayText);
      expect(res.body).not.toContain('Our story');
      // Rendered each time: the degraded page was not cached.
      expect(renders.mentor).toBe(before + attempt);
    }
    expect(deps.pageCache.get('/mentor')).toBeUndefined();
  });

  it('answers 503, not 500, when the loader lets the failure through', async () => {
    const { app } = site;
    const res = await app.inject({ method: 'GET', url: '/course/anything' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toContain(messagesFor('en').tooBusy.awayTitle);
  });

  it('answers a data request with the text alone', async () => {
    const { app } = site;
    const res = await app.inject({ method: 'GET', url: '/mentor.data' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(messagesFor('en').tooBusy.awayText);
  });
});

describe('the same pages while the database answers', () => {
  it('render as usual', { timeout: 60_000 }, async () => {
    const own = await setUpPageBuildApp();
    try {
      for (const url of ['/mentor', '/course/none']) {
        const res = await own.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
      }
    } finally {
      await own.close();
    }
  });
});
