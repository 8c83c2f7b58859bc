import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicSiteData } from '@oasis/shared/contracts';
import type { TestContext } from '../test/helpers.ts';
import {
  CATALOGUE_LOAD,
  ENROLMENT_COUNTS,
  everything,
  gate,
  HERO_LOAD,
  settled,
  setUpReadModelApp,
} from '../test/read-model-fixture.ts';
import { countQueries } from '../test/query-counter.ts';
import { seedCourse } from './db/factories.ts';
import { hero } from './db/schema.ts';
import { cachedAnswer } from './lib/page-cache.ts';
import { PublicReadModel, tableWrites } from './read-model.ts';

let t: TestContext;
let site: PublicSiteData;

const { state, inject, courseForm, expectFresh, watchDatabase } = setUpReadModelApp();
beforeAll(() => {
  ({ t, site } = state);
});

const heroTitle = async () => (await t.app.inject({ method: 'GET', url: '/api/hero/get' })).json().title as string;

describe('a write refreshes the parts it changed, and visitors never wait for it', () => {
  it('a write to the hero loads the hero again, not the catalogue or the blogs', async () => {
    await everything(site);
    const watch = watchDatabase();
    try {
      expect((await inject('PUT', '/api/hero/update', { title: 'Hero only', subtitle: 'S' })).statusCode).toBe(200);
    } finally {
      watch.restore();
    }
    expect(watch.statements.filter((s) => HERO_LOAD.test(s)).length).toBeGreaterThanOrEqual(1);
    expect(watch.statements.filter((s) => CATALOGUE_LOAD.test(s))).toEqual([]);
    expect(watch.statements.filter((s) => /from "blogs"|from "podcast_videos"|from "intro"/.test(s))).toEqual([]);
    // …and the other parts are still answered from memory.
    expect(await countQueries(t.deps.db, () => everything(site))).toBe(
      // Bodies of posts are read per post: the ones already read stay, so nothing at all.
      0,
    );
    expect((await site.hero()).title).toBe('Hero only');
  });

  it('a course write loads the catalogue only; a settings write the settings and the catalogue', async () => {
    await everything(site);
    const course = await seedCourse(t.deps.db, { title: 'Counted Loads' });
    let watch = watchDatabase();
    try {
      expect(
        (await courseForm('PUT', `/api/courses/courses/course/${course.slug}`, { title: 'Counted' })).statusCode,
      ).toBe(200);
    } finally {
      watch.restore();
    }
    expect(watch.statements.filter((s) => CATALOGUE_LOAD.test(s))).toHaveLength(1);
    expect(watch.statements.filter((s) => HERO_LOAD.test(s) || /from "blogs"/.test(s))).toEqual([]);
    // The enrolment counts change with sales, not with the owner's edits: not grouped again.
    expect(watch.statements.filter((s) => ENROLMENT_COUNTS.test(s))).toEqual([]);
    expect((await site.course(course.slug))?.title).toBe('Counted');

    const settings = await site.settings();
    watch = watchDatabase();
    try {
      expect((await inject('PUT', '/api/settings', { ...settings, brandName: 'Brand Two' })).statusCode).toBe(200);
    } finally {
      watch.restore();
    }
    // The brand is every author-less course's author, given when the catalogue is put together:
    // a settings save loads no course again.
    expect(watch.statements.filter((s) => CATALOGUE_LOAD.test(s))).toEqual([]);
    expect(watch.statements.filter((s) => HERO_LOAD.test(s) || /from "blogs"/.test(s))).toEqual([]);
    expect((await site.course(course.slug))?.author).toBe('Brand Two');
    expect((await site.courses({ search: 'Counted' }))[0]?.author).toBe('Brand Two');
    await expectFresh();
  });

  it('visitors get the previous copy during the refresh, the writer answers after it, no old answer stays cached', async () => {
    expect((await inject('PUT', '/api/hero/update', { title: 'Old hero', subtitle: 'S' })).statusCode).toBe(200);
    expect(await heroTitle()).toBe('Old hero');
    const held = gate();
    const watch = watchDatabase((statement) => (HERO_LOAD.test(statement) ? held.promise : undefined));
    let writing: Promise<{ statusCode: number }>;
    try {
      writing = inject('PUT', '/api/hero/update', { title: 'New hero', subtitle: 'S' });
      await vi.waitFor(() => expect(watch.statements.some((s) => HERO_LOAD.test(s))).toBe(true));
      // The refresh is held: the writer waits, visitors do not, and get the previous copy.
      expect(await settled(writing)).toBe(false);
      const started = performance.now();
      expect((await site.hero()).title).toBe('Old hero');
      expect(performance.now() - started).toBeLessThan(50);
      // A public answer made from the previous copy while the refresh runs (the cache was emptied
      // first, so it is rendered now and stored)…
      t.deps.pageCache.drop();
      expect(await heroTitle()).toBe('Old hero');
      expect(await settled(writing)).toBe(false);
    } finally {
      held.open();
      watch.restore();
    }
    expect((await writing).statusCode).toBe(200);
    // …is gone once the new copy is in place: the writer's next read shows the change.
    expect(await heroTitle()).toBe('New hero');
    expect(await countQueries(t.deps.db, () => site.hero())).toBe(0);
    expect((await site.hero()).title).toBe('New hero');
  });

  it('an answer rendered from the previous copy and finished after the swap is not kept', async () => {
    const { pageCache } = t.deps;
    // A previous copy to render from (run first, the hero would otherwise wait for the held load).
    await site.hero();
    const held = gate();
    const watch = watchDatabase((statement) => (HERO_LOAD.test(statement) ? held.promise : undefined));
    let refreshing: Promise<void>;
    const version = pageCache.version;
    try {
      // Whether or not an earlier test saved a hero.
      await t.deps.db
        .insert(hero)
        .values({ id: 'main', title: 'Swapped', subtitle: 'S' })
        .onConflictDoUpdate({ target: hero.id, set: { title: 'Swapped' } });
      refreshing = pageCache.invalidate(['hero']);
      // A render starts during the refresh, from the previous copy…
      const old = (await site.hero()).title;
      expect(old).not.toBe('Swapped');
      held.open();
      await refreshing;
      // …and finishes after the new copy is in place: refused.
      pageCache.set(
        '/render-race',
        cachedAnswer(200, { 'content-type': 'text/plain' }, Buffer.from(old)),
        version,
        'pages',
      );
      expect(pageCache.get('/render-race')).toBeUndefined();
      expect(pageCache.version).toBeGreaterThan(version);
    } finally {
      held.open();
      watch.restore();
    }
    expect((await site.hero()).title).toBe('Swapped');
  });

  it('a failed refresh keeps the previous copy, is logged, and is tried again at the next read', async () => {
    expect((await inject('PUT', '/api/hero/update', { title: 'Kept hero', subtitle: 'S' })).statusCode).toBe(200);
    expect(await heroTitle()).toBe('Kept hero');
    const errors = vi.spyOn(t.deps.log, 'error');
    let failing = true;
    const watch = watchDatabase((statement) =>
      failing && HERO_LOAD.test(statement) ? Promise.reject(new Error('database down')) : undefined,
    );
    try {
      await t.deps.db.update(hero).set({ title: 'Behind the failure' }).where(eq(hero.id, 'main'));
      await t.deps.pageCache.invalidate(['hero']);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ part: 'hero' }),
        expect.stringContaining('read model'),
      );
      expect((await site.hero()).title).toBe('Kept hero');
      expect(await heroTitle()).toBe('Kept hero');
      failing = false;
      // The next read still answers at once with the copy it has, and loads again behind it.
      expect((await site.hero()).title).toBe('Kept hero');
      await vi.waitFor(async () => expect((await site.hero()).title).toBe('Behind the failure'));
      // The pages made from the kept copy went with it.
      expect(await heroTitle()).toBe('Behind the failure');
    } finally {
      watch.restore();
      errors.mockRestore();
    }
  });

  it('writes made during a refresh are loaded by one more refresh, which their writers wait for', async () => {
    await site.podcasts();
    const held = gate();
    const watch = watchDatabase((statement) => (/from "podcast_videos"/.test(statement) ? held.promise : undefined));
    try {
      const first = t.deps.pageCache.invalidate(['podcasts']);
      await vi.waitFor(() => expect(watch.statements.length).toBeGreaterThan(0));
      const second = t.deps.pageCache.invalidate(['podcasts']);
      const third = t.deps.pageCache.invalidate(['podcasts', 'podcasts']);
      held.open();
      await Promise.all([first, second, third]);
      // The load in flight, then one more for both writes made while it ran.
      expect(watch.statements.filter((s) => /from "podcast_videos"/.test(s))).toHaveLength(2);
    } finally {
      held.open();
      watch.restore();
    }
  });

  it("each read's version moves when a new copy of what it answers from is put in place, not on reads", async () => {
    await everything(site);
    const before = site.versions?.();
    await everything(site);
    expect(site.versions?.()).toBe(before);
    expect((await inject('PUT', '/api/hero/update', { title: 'Versioned', subtitle: 'S' })).statusCode).toBe(200);
    const afterHero = site.versions?.();
    expect(afterHero?.hero).not.toBe(before?.hero);
    // What a hero write leaves alone keeps its version: a render thread keeps its copy of it.
    for (const read of [
      'courses',
      'course',
      'sitemapCourses',
      'sitemapBlogs',
      'blogs',
      'blog',
      'settings',
      'intro',
      'podcasts',
      'mentor',
    ] as const) {
      expect(afterHero?.[read], read).toBe(before?.[read]);
    }
    expect((await inject('PUT', '/api/settings', { ...(await site.settings()) })).statusCode).toBe(200);
    const afterSettings = site.versions?.();
    // The settings hold the brand name a course without an author shows; cards and the sitemap show none.
    for (const read of ['settings', 'courses', 'course'] as const) {
      expect(afterSettings?.[read], read).not.toBe(afterHero?.[read]);
    }
    expect(afterSettings?.cataloguePage).toBe(afterHero?.cataloguePage);
    expect(afterSettings?.sitemapCourses).toBe(afterHero?.sitemapCourses);
    expect(afterSettings?.blogs).toBe(afterHero?.blogs);
    expect(afterSettings?.sitemapBlogs).toBe(afterHero?.sitemapBlogs);
    // A change nobody named moves every read's.
    t.deps.pageCache.invalidate();
    const afterAll = site.versions?.();
    for (const read of Object.keys(afterSettings ?? {}) as (keyof NonNullable<typeof afterSettings>)[]) {
      expect(afterAll?.[read], read).not.toBe(afterSettings?.[read]);
    }
  });

  it('an expired part is loaded again behind its readers; only the first load is waited for', async () => {
    let now = 1_000_000;
    const replaced = vi.fn();
    const model = new PublicReadModel(t.deps.db, { maxAgeMs: 1000, now: () => now, onReplaced: replaced });
    // The hero is written behind the services here: put back as it was at the end, so the shared
    // model of the other tests still holds what the database holds.
    const [saved] = await t.deps.db.select().from(hero).where(eq(hero.id, 'main'));
    // Whether or not an earlier test saved a hero.
    await t.deps.db
      .insert(hero)
      .values({ id: 'main', title: 'First', subtitle: 'S' })
      .onConflictDoUpdate({ target: hero.id, set: { title: 'First' } });
    expect((await model.hero()).title).toBe('First');
    await t.deps.db.update(hero).set({ title: 'Second' }).where(eq(hero.id, 'main'));
    expect((await model.hero()).title).toBe('First');
    now += 1001;
    const held = gate();
    const watch = watchDatabase((statement) => (HERO_LOAD.test(statement) ? held.promise : undefined));
    try {
      // Expired: answered at once with the copy it has, while it loads again.
      expect((await model.hero()).title).toBe('First');
      expect((await model.hero()).title).toBe('First');
      held.open();
      await vi.waitFor(async () => expect((await model.hero()).title).toBe('Second'));
      expect(watch.statements.filter((s) => HERO_LOAD.test(s))).toHaveLength(1);
    } finally {
      held.open();
      watch.restore();
    }
    // An expiry refresh does not empty the page cache: cached pages expire on their own.
    expect(replaced).not.toHaveBeenCalled();
    if (saved) await t.deps.db.update(hero).set(saved).where(eq(hero.id, 'main'));
    else await t.deps.db.delete(hero).where(eq(hero.id, 'main'));
  });

  it('an expired part whose tables saw no write since its load is kept as it is; after a write it is loaded again', async () => {
    let now = 1_000_000;
    let mark = 'one';
    const asked: (readonly string[])[] = [];
    const model = new PublicReadModel(t.deps.db, {
      maxAgeMs: 1000,
      now: () => now,
      writesTo: async (tables) => {
        asked.push(tables);
        return mark;
      },
    });
    const first = await model.hero();
    const versions = model.versions();
    // Asked before the load, about the tables the hero is read from.
    expect(asked).toEqual([['hero', 'media']]);
    const watch = watchDatabase();
    try {
      now += 1001;
      expect(await model.hero()).toBe(first);
      await vi.waitFor(() => expect(asked).toHaveLength(2));
      // Nothing written: the same copy, kept another `maxAgeMs`; no load, no new version.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(watch.statements.filter((s) => HERO_LOAD.test(s))).toHaveLength(0);
      expect(model.versions()).toBe(versions);
      now += 500;
      expect(await model.hero()).toBe(first);
      expect(asked).toHaveLength(2);

      mark = 'two';
      now += 1001;
      expect(await model.hero()).toBe(first);
      await vi.waitFor(() => expect(model.versions().hero).not.toBe(versions.hero));
      expect(watch.statements.filter((s) => HERO_LOAD.test(s))).toHaveLength(1);
      // A mark that cannot be told loads it again, as without one.
      mark = null as unknown as string;
      now += 1001;
      await model.hero();
      await vi.waitFor(() => expect(watch.statements.filter((s) => HERO_LOAD.test(s))).toHaveLength(2));
    } finally {
      watch.restore();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "PostgreSQL's statistics mark moves after a write to one of the tables, whoever made it",
    async () => {
      const before = await tableWrites(t.deps.db, ['hero', 'media']);
      const unrelated = await tableWrites(t.deps.db, ['podcast_videos']);
      await t.deps.db
        .insert(hero)
        .values({ id: 'main', title: 'Marked', subtitle: 'S' })
        .onConflictDoUpdate({ target: hero.id, set: { subtitle: 'S' } });
      // Sent by the writing session when it goes idle: a second or so later.
      await vi.waitFor(async () => expect(await tableWrites(t.deps.db, ['hero', 'media'])).not.toBe(before), {
        timeout: 20_000,
        interval: 250,
      });
      expect(await tableWrites(t.deps.db, ['podcast_videos'])).toBe(unrelated);
    },
    30_000,
  );
});
