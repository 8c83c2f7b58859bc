import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../src/db/schema.ts';
import { seedBlog, seedCourse } from '../src/db/factories.ts';
import { RenderPool } from '../src/plugins/render-pool.ts';
import { createPublicSiteData } from '../src/site-data.ts';
import { setUpBuiltSite } from './built-site.ts';
import { silentLogger } from './helpers.ts';

/**
 * Pages rendered on render threads (docs/decisions/018-render-threads.md), through the real build:
 * the same pages as the main thread renders, fresh after a write, and still answered when a thread
 * stops.
 */

const METRICS_TOKEN = 'render-threads-metrics-token';
let site: Awaited<ReturnType<typeof setUpBuiltSite>>;
let plain: FastifyInstance;
let courseSlug: string;
let courseId: string;
let blogSlug: string;

beforeAll(async () => {
  site = await setUpBuiltSite(
    async (deps) => {
      const course = await seedCourse(deps.db, { title: 'A threaded course', priceFils: 40_000 });
      courseSlug = course.slug;
      courseId = course.id;
      blogSlug = (await seedBlog(deps.db, { title: 'A threaded post' })).slug;
    },
    { renderThreads: 1, env: { METRICS_TOKEN: METRICS_TOKEN } },
  );
  plain = await site.another(0);
  await threadsReady(site.app);
}, 300_000);
afterAll(async () => {
  await plain?.close();
  await site?.close();
});

/** Waits until the app's render threads have loaded the pages' code. */
async function threadsReady(app: FastifyInstance) {
  const deadline = Date.now() + 60_000;
  const pool = app.renderPool;
  if (!pool) throw new Error('the app has no render threads');
  // Started when the server listens; these tests inject requests instead.
  pool.start();
  while (pool.ready === 0 || pool.ready < pool.threads.length) {
    if (Date.now() > deadline) throw new Error('the render threads did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('render threads', () => {
  it('render the pages the main thread renders, in both languages, data requests and the sitemap included', async () => {
    const urls = [
      '/',
      '/courses',
      '/courses?q=threaded',
      '/courses?q=nothing-like-it',
      `/courses/${courseSlug}`,
      '/ar/courses',
      `/ar/courses/${courseSlug}`,
      '/why-dubai',
      '/why-dubai-real-estate',
      `/blogs/${blogSlug}`,
      `/ar/blogs/${blogSlug}`,
      '/about',
      '/no-such-page',
      '/courses.data',
      '/sitemap.xml',
      '/login',
    ];
    // Another test here stops the thread; its replacement may still be starting.
    await threadsReady(site.app);
    // Readiness waited for the thread, and no longer does.
    expect(site.app.lifecycle.loading).toBe(false);
    expect((await site.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    // Pages another test here rendered would be answered from the cache.
    site.deps.pageCache.drop();
    const before = { ...site.app.pageRenders };
    for (const url of urls) {
      const [threaded, main] = await Promise.all([get(site.app, url), get(plain, url)]);
      expect(threaded.statusCode, url).toBe(main.statusCode);
      expect(threaded.headers['content-type'], url).toBe(main.headers['content-type']);
      expect(threaded.headers['content-security-policy'], url).toBe(main.headers['content-security-policy']);
      expect(threaded.body, url).toBe(main.body);
    }
    expect(site.app.pageRenders.threads - before.threads).toBe(urls.length);
    expect(site.app.pageRenders.main - before.main).toBe(0);
    expect(plain.pageRenders.threads).toBe(0);
    // The page's own content, not an error page (its title may have been renamed by another test here).
    expect((await get(site.app, `/courses/${courseSlug}`)).body).toContain('AED 400.00');

    const metrics = await site.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(`oasis_page_renders_total{thread="render_thread"} ${site.app.pageRenders.threads}`);
    expect(metrics.body).toContain('oasis_render_threads_ready 1');
  });

  it('a page render leaves no timer behind once its page is sent', async () => {
    // A timer left per render (the stop for a render that never finishes) kept each render's whole
    // tree alive for seconds after its page was sent (apps/web/app/entry.server.tsx).
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    await get(plain, '/courses?q=warm-up');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = timers();
    for (let i = 0; i < 5; i++) expect((await get(plain, `/courses?q=timer-${i}`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('a page rendered on a thread after a write shows the write', async () => {
    await threadsReady(site.app);
    expect((await get(site.app, '/courses?q=renamed')).body).not.toContain('Renamed on the main thread');
    await site.deps.db.update(courses).set({ title: 'Renamed on the main thread' }).where(eq(courses.id, courseId));
    await site.deps.pageCache.invalidate(['catalogue']);
    const rendersBefore = site.app.pageRenders.threads;
    expect((await get(site.app, `/courses/${courseSlug}`)).body).toContain('Renamed on the main thread');
    expect((await get(site.app, '/courses?q=renamed')).body).toContain('Renamed on the main thread');
    expect(site.app.pageRenders.threads - rendersBefore).toBe(2);
  });

  it('a thread keeps the reads a write did not change: a hero write leaves its catalogue pages in place', async () => {
    await threadsReady(site.app);
    const pool = site.app.renderPool;
    if (!pool) throw new Error('the app has no render threads');
    const copies = (read: string) => pool.readsAnswered.get(read) ?? 0;
    // Each page twice: the first time may load parts the model had not read yet, and a part's
    // first load moves the version of the reads made from it, as a new copy does.
    for (let round = 0; round < 2; round++) {
      site.deps.pageCache.drop();
      expect((await get(site.app, '/')).statusCode).toBe(200);
      expect((await get(site.app, '/courses?q=kept-a')).statusCode).toBe(200);
    }
    const before = { catalogue: copies('cataloguePage'), hero: copies('hero') };
    // The search's page and the home page's courses: a read each.
    expect(before.catalogue).toBeGreaterThan(1);
    // The same page of the catalogue in Arabic renders from the page kept.
    expect((await get(site.app, '/ar/courses?q=kept-a')).statusCode).toBe(200);
    expect(copies('cataloguePage')).toBe(before.catalogue);

    // The hero loaded again (a new copy, as a save makes): pages go, the catalogue's pages stay.
    await site.deps.pageCache.invalidate(['hero']);
    expect((await get(site.app, '/courses?q=kept-a')).statusCode).toBe(200);
    expect((await get(site.app, '/')).statusCode).toBe(200);
    expect(copies('cataloguePage')).toBe(before.catalogue);
    expect(copies('hero')).toBe(before.hero + 1);

    await site.deps.pageCache.invalidate(['catalogue']);
    expect((await get(site.app, '/courses?q=kept-a')).statusCode).toBe(200);
    expect(copies('cataloguePage')).toBe(before.catalogue + 1);

    const metrics = await site.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(`oasis_render_thread_reads_total{read="cataloguePage"} ${copies('cataloguePage')}`);
  });

  it('a thread that stops is replaced, and pages are answered meanwhile', async () => {
    await threadsReady(site.app);
    const pool = site.app.renderPool;
    const [thread] = pool?.threads ?? [];
    expect(thread).toBeDefined();
    await thread?.worker.terminate();
    const mainBefore = site.app.pageRenders.main;
    const res = await get(site.app, '/courses?q=while-it-restarts');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('while-it-restarts');
    expect(site.app.pageRenders.main - mainBefore).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await threadsReady(site.app);
    expect(pool?.threads[0]).not.toBe(thread);
    const threadsBefore = site.app.pageRenders.threads;
    expect((await get(site.app, '/courses?q=after-the-restart')).statusCode).toBe(200);
    expect(site.app.pageRenders.threads - threadsBefore).toBe(1);
  });

  it('a thread that cannot load the pages is not started again every second: the main thread takes over', async () => {
    let unavailable = 0;
    const pool = new RenderPool({
      threads: 1,
      serverEntry: '/no/such/build/server/index.js',
      site: createPublicSiteData(site.deps),
      log: silentLogger,
      onUnavailable: () => {
        unavailable += 1;
      },
    });
    pool.start();
    const [first] = pool.threads;
    const deadline = Date.now() + 20_000;
    while (unavailable === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unavailable).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(pool.threads).toEqual([first]);
    expect(pool.ready).toBe(0);
    expect(pool.render({ url: 'http://localhost/', headers: [], context: {} })).toBeNull();
    await pool.close();
  });
});
