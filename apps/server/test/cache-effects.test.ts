import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { podcastVideoListSchema } from '@oasis/shared/api';
import { seedPodcastVideo } from '../src/db/factories.ts';
import { type ContentPart, isContentPart } from '../src/lib/page-cache.ts';
import { cacheEffectsPlugin } from '../src/plugins/cache-effects.ts';
import { beforeAllValue, createTestApp } from './helpers.ts';
import { setUpPageBuildApp } from './page-build.ts';
import { setUpSignIn } from './uploads.ts';

/**
 * Which public content a write changes is declared on its route (`config: { changes }`) and applied
 * by one hook (plugins/cache-effects.ts). These tests walk the route table of the whole app (API and
 * pages), so a write route added later without a declaration fails here, and show that the
 * declaration is what refreshes the public answers.
 */
describe('declared cache effects', () => {
  const site = beforeAllValue(() => setUpPageBuildApp(), 300_000);
  afterAll(() => site.close());

  it('every route but GET declares the public content it changes', () => {
    const writes = site.app.effectTable.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    const undeclared = writes.filter((route) => !Array.isArray(route.changes)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'declare `config: { changes: [...] }` (`[]` for none) on these routes').toEqual([]);
  });

  it('every declared part is a part of the read model', () => {
    const unknown = site.app.effectTable.flatMap((route) =>
      (route.changes ?? [])
        .filter((part) => !isContentPart(part))
        .map((part) => `${route.method} ${route.url}: ${part}`),
    );
    expect(unknown).toEqual([]);
  });

  it('a declaration naming an unknown part stops the app at start', async () => {
    const app = Fastify();
    await app.register(cacheEffectsPlugin);
    await expect(
      (async () => {
        app.post('/test/unknown', { config: { changes: ['courses' as ContentPart] } }, async () => ({}));
        await app.ready();
      })(),
    ).rejects.toThrow(/unknown parts: courses/);
    await app.close().catch(() => {});
  });
});

describe('a declared effect refreshes the public answers before the writer hears back', () => {
  /**
   * The real app with three routes of its own that write a podcast episode behind the services
   * (as a service would): one declaring `['podcasts']`, one declaring nothing, one declaring
   * `['podcasts']` but answering 400 after its write.
   */
  const t = beforeAllValue(
    () =>
      createTestApp({
        routes(app, deps) {
          const write = (title: string) => seedPodcastVideo(deps.db, { title });
          app.post('/api/test/declared', { config: { auth: 'admin', changes: ['podcasts'] } }, async (request) => {
            await write((request.body as { title: string }).title);
            return { ok: true };
          });
          app.post('/api/test/undeclared', { config: { auth: 'admin', changes: [] } }, async (request) => {
            await write((request.body as { title: string }).title);
            return { ok: true };
          });
          app.post(
            '/api/test/refused',
            { config: { auth: 'admin', changes: ['podcasts'] } },
            async (request, reply) => {
              await write((request.body as { title: string }).title);
              return reply.code(400).send({ message: 'refused' });
            },
          );
        },
      }),
    300_000,
  );
  afterAll(() => t.close());
  const admin = setUpSignIn(t);

  const titles = async () =>
    podcastVideoListSchema
      .parse((await t.app.inject({ method: 'GET', url: '/api/youtube/get' })).json())
      .map((p) => p.title);
  const post = (url: string, title: string) =>
    t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { title } });

  it('without a declaration the cached list stays as it was; with one it shows the write at once', async () => {
    const before = await titles();
    const heard: (readonly ContentPart[] | undefined)[] = [];
    const stop = t.deps.pageCache.onInvalidate((parts) => {
      heard.push(parts);
      return undefined;
    });
    try {
      expect((await post('/api/test/undeclared', 'Undeclared episode')).statusCode).toBe(200);
      expect(await titles()).toEqual(before);
      expect(heard).toEqual([]);

      expect((await post('/api/test/refused', 'Refused episode')).statusCode).toBe(400);
      expect(await titles()).toEqual(before);
      expect(heard).toEqual([]);

      expect((await post('/api/test/declared', 'Declared episode')).statusCode).toBe(200);
      expect(heard).toEqual([['podcasts']]);
      expect(await titles()).toEqual(expect.arrayContaining(['Declared episode', 'Undeclared episode']));
    } finally {
      stop();
    }
  });

  it('an admin edit through a real route (podcasts) shows on the next public read', async () => {
    await titles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/youtube/add',
      headers: admin.headers,
      payload: { title: 'Through the route', embeddedUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
    });
    expect(res.statusCode).toBe(201);
    expect(await titles()).toContain('Through the route');
  });
});
