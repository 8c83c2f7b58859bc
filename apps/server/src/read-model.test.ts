import { and, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { BLOGS_PAGE_SIZE } from '@oasis/shared/api';
import { toCatalogueCourse } from '@oasis/shared/catalogue-search';
import { COURSE_SORTS, type CourseSort, LIMITS } from '@oasis/shared/limits';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { countQueries } from '../test/query-counter.ts';
import { jpeg, multipart, signIn } from '../test/uploads.ts';
import { seedBlog, seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from './db/factories.ts';
import { courses, hero } from './db/schema.ts';
import { cachedAnswer } from './lib/page-cache.ts';
import { createSession } from './modules/auth/sessions.ts';
import { PublicReadModel, publicReadModel, tableWrites } from './read-model.ts';
import { createPublicSiteData } from './site-data.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let site: PublicSiteData;
let thumbnail: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.deps.db, 'admin');
  site = createPublicSiteData(t.deps);
  thumbnail = await jpeg();
});
afterAll(() => t.close());

const SORTS = Object.keys(COURSE_SORTS) as CourseSort[];

/** Everything the public sees, as one value: every part, every sort, every course and post. */
async function everything(content: PublicSiteData) {
  const catalogue = await content.courses();
  const blogs = await content.blogs();
  return {
    settings: await content.settings(),
    hero: await content.hero(),
    intro: await content.intro(),
    podcasts: await content.podcasts(),
    sorts: await Promise.all(SORTS.map((sort) => content.courses({ sort }))),
    catalogue: await Promise.all(SORTS.map((sort) => content.cataloguePage({ sort, page: 2 }))),
    details: await Promise.all(catalogue.map((c) => content.course(c.slug))),
    blogs,
    posts: await Promise.all(blogs.map((b) => content.blog(b.slug))),
    sitemapCourses: await content.sitemapCourses(),
    sitemapBlogs: await content.sitemapBlogs(),
  };
}

/** The model pages read equals one built afresh from the database. */
async function expectFresh() {
  const fresh = new PublicReadModel(t.deps.db);
  expect(await everything(site)).toEqual(await everything(fresh));
}

const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

async function courseForm(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
  const form = await multipart(
    { ...fields, ...(method === 'POST' && { thumbnail: { data: thumbnail, filename: 't.jpg', type: 'image/jpeg' } }) },
    admin.headers,
  );
  return t.app.inject({ method, url, ...form });
}

describe('the read model follows every content write', () => {
  it('courses: create, update, archive, restore, delete; a rejected update changes nothing', async () => {
    await expectFresh();
    const created = await courseForm('POST', '/api/courses/course', {
      title: 'Read Model Course',
      titleAr: 'دورة النموذج',
      price: '100',
      description: '<p>About</p>',
      descriptionAr: '<p>نبذة</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { _id: id, slug } = created.json();
    // A draft stays out of the read model until it is published, and leaves it again when unpublished.
    expect((await site.courses()).map((c) => c.title)).not.toContain('Read Model Course');
    expect(await site.course(slug)).toBeNull();
    await expectFresh();
    expect((await inject('POST', `/api/admin/courses/${id}/publish`)).statusCode).toBe(200);
    expect((await site.courses()).map((c) => c.title)).toContain('Read Model Course');
    expect(await site.course(slug)).toMatchObject({ titleAr: 'دورة النموذج', descriptionAr: '<p>نبذة</p>' });
    await expectFresh();

    expect((await courseForm('PUT', `/api/courses/courses/course/${slug}`, { title: 'Renamed' })).statusCode).toBe(200);
    expect((await site.course(slug))?.title).toBe('Renamed');
    await expectFresh();

    const arabic = await courseForm('PUT', `/api/courses/courses/course/${slug}`, {
      title: 'Renamed',
      titleAr: 'معدّلة',
    });
    expect(arabic.statusCode).toBe(200);
    expect(await site.course(slug)).toMatchObject({ titleAr: 'معدّلة', descriptionAr: '<p>نبذة</p>' });
    await expectFresh();

    const rejected = await courseForm('PUT', `/api/courses/courses/course/${slug}`, { price: '-5' });
    expect(rejected.statusCode).toBe(400);
    expect((await site.course(slug))?.price).toBe(100);
    await expectFresh();

    // Enrolled learners keep an archived course: archived, it leaves the public view…
    const learner = await seedUser(t.deps.db);
    await seedEnrolment(t.deps.db, { userId: learner.id, courseId: id });
    t.deps.pageCache.invalidate();
    expect((await site.course(slug))?.students).toBe(1);
    expect((await inject('DELETE', `/api/courses/course/${id}`)).json().archived).toBe(true);
    expect(await site.course(slug)).toBeNull();
    await expectFresh();
    // …and comes back on restore.
    expect((await inject('POST', `/api/admin/courses/${id}/restore`)).statusCode).toBe(200);
    expect((await site.course(slug))?.title).toBe('Renamed');
    await expectFresh();

    const other = await courseForm('POST', '/api/courses/course', {
      title: 'Deleted Soon',
      price: '0',
      description: '<p>Gone</p>',
    });
    expect((await inject('POST', `/api/admin/courses/${other.json()._id}/unpublish`)).statusCode).toBe(200);
    expect(await site.course(other.json().slug)).toBeNull();
    expect((await inject('POST', `/api/admin/courses/${other.json()._id}/publish`)).statusCode).toBe(200);
    expect((await site.course(other.json().slug))?.title).toBe('Deleted Soon');
    expect((await inject('DELETE', `/api/courses/course/${other.json()._id}`)).json().archived).toBe(false);
    expect(await site.course(other.json().slug)).toBeNull();
    await expectFresh();
  });

  it('modules and videos: titles on the course page, never the video URL', async () => {
    const course = await seedCourse(t.deps.db, { title: 'Lessons Course' });
    t.deps.pageCache.invalidate();
    expect((await site.course(course.slug))?.modules).toEqual([]);

    const mod = await inject('POST', '/api/modules/module', { title: 'Module One', course: course.id });
    expect(mod.statusCode, mod.body).toBe(201);
    expect((await site.course(course.slug))?.modules.map((m) => m.title)).toEqual(['Module One']);
    await expectFresh();

    expect((await inject('PUT', `/api/modules/module/${mod.json()._id}`, { title: 'Module 1' })).statusCode).toBe(200);
    expect((await site.course(course.slug))?.modules[0]?.title).toBe('Module 1');
    const arabic = { title: 'Module 1', titleAr: 'الوحدة 1' };
    expect((await inject('PUT', `/api/modules/module/${mod.json()._id}`, arabic)).statusCode).toBe(200);
    expect((await site.course(course.slug))?.modules[0]?.titleAr).toBe('الوحدة 1');

    const video = await inject('POST', '/api/vimeo/create', {
      title: 'Lesson A',
      titleAr: 'الدرس أ',
      videoUrl: 'https://vimeo.com/76979871',
      module: mod.json()._id,
    });
    expect(video.statusCode, video.body).toBe(201);
    const detail = await site.course(course.slug);
    expect(detail?.modules[0]?.videos.map((v) => v.title)).toEqual(['Lesson A']);
    expect(detail?.modules[0]?.videos.map((v) => v.titleAr)).toEqual(['الدرس أ']);
    expect(JSON.stringify(detail)).not.toContain('vimeo.com');
    await expectFresh();

    expect((await inject('DELETE', `/api/videos/videos/${video.json()._id}`)).statusCode).toBe(200);
    expect((await site.course(course.slug))?.modules[0]?.videos).toEqual([]);
    expect((await inject('DELETE', `/api/modules/module/${mod.json()._id}`)).statusCode).toBe(200);
    expect((await site.course(course.slug))?.modules).toEqual([]);
    await expectFresh();
  });

  it('blogs: create, update, delete', async () => {
    const created = await inject('POST', '/api/blogs/blogs', {
      title: 'Model Post',
      author: 'Amina',
      description: '<p>Body</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json();
    // A new post is a draft: out of the model until it is published.
    expect(await site.blog(slug)).toBeNull();
    expect((await inject('PUT', `/api/blogs/blogs/${slug}/publish`, { published: true })).statusCode).toBe(200);
    expect((await site.blog(slug))?.description).toBe('<p>Body</p>');
    expect((await site.blogs()).map((b) => b.slug)).toContain(slug);
    // The newest few: the head of the whole list, the same posts.
    const all = await site.blogs();
    expect(await site.blogs({ limit: 2 })).toEqual(all.slice(0, 2));
    expect((await site.blogs({ limit: 1 }))[0]).toBe(all[0]);
    expect(await site.blogs({ limit: all.length + 5 })).toEqual(all);
    // The sitemap's items: slug and last change of every post, the same list until a post changes.
    const items = await site.sitemapBlogs();
    expect(items.items).toEqual(all.map(({ slug, updatedAt }) => ({ slug, updatedAt })));
    expect(await site.sitemapBlogs()).toBe(items);

    const put = await inject('PUT', `/api/blogs/blogs/${slug}`, {
      title: 'Model Post',
      author: 'Amina',
      description: '<p>New body</p><script>x()</script>',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await site.blog(slug))?.description).toBe('<p>New body</p>');
    expect(await site.sitemapBlogs()).not.toBe(items);
    await expectFresh();

    const arabic = await inject('PUT', `/api/blogs/blogs/${slug}`, {
      title: 'Model Post',
      titleAr: 'مقال النموذج',
      author: 'Amina',
      descriptionAr: '<p>نص جديد</p><script>x()</script>',
    });
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(await site.blog(slug)).toMatchObject({ titleAr: 'مقال النموذج', descriptionAr: '<p>نص جديد</p>' });
    expect((await site.blogs()).find((b) => b.slug === slug)).toMatchObject({ summaryAr: 'نص جديد' });
    await expectFresh();

    expect((await inject('DELETE', `/api/blogs/blogs/${slug}`)).statusCode).toBe(200);
    expect(await site.blog(slug)).toBeNull();
    await expectFresh();
  });

  it('hero, intro, settings and podcasts', async () => {
    await site.hero();
    const newHero = { title: 'New hero', subtitle: 'Sub', titleAr: 'بطل جديد' };
    expect((await inject('PUT', '/api/hero/update', newHero)).statusCode).toBe(200);
    expect(await site.hero()).toMatchObject({ title: 'New hero', titleAr: 'بطل جديد' });

    const intro = { heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2', headingAr: 'ع' };
    expect((await inject('PUT', '/api/intro/intro', intro)).statusCode).toBe(200);
    expect(await site.intro()).toMatchObject({ heading: 'H', headingAr: 'ع' });

    const settings = { ...(await site.settings()), brandName: 'Model Academy', addressAr: 'دبي' };
    expect((await inject('PUT', '/api/settings', settings)).statusCode).toBe(200);
    expect(await site.settings()).toMatchObject({ brandName: 'Model Academy', addressAr: 'دبي' });
    // The brand is every author-less course's author.
    const course = await seedCourse(t.deps.db, { title: 'Authorless' });
    t.deps.pageCache.invalidate();
    expect((await site.course(course.slug))?.author).toBe('Model Academy');

    const added = await inject('POST', '/api/youtube/add', {
      title: 'Episode 1',
      titleAr: 'الحلقة 1',
      embeddedUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await site.podcasts()).map((p) => p.title)).toContain('Episode 1');
    expect((await site.podcasts()).map((p) => p.titleAr)).toContain('الحلقة 1');
    await expectFresh();
    expect((await inject('DELETE', `/api/youtube/delete/${added.json()._id}`)).statusCode).toBe(200);
    expect((await site.podcasts()).map((p) => p.title)).not.toContain('Episode 1');
    await expectFresh();
  });

  it('enrolment counts after a paid order', async () => {
    const course = await seedCourse(t.deps.db, { title: 'Paid Course', priceFils: 10_000 });
    t.deps.pageCache.invalidate();
    expect((await site.course(course.slug))?.students).toBe(0);
    const buyer = await seedUser(t.deps.db);
    const { token } = await createSession(t.deps.db, buyer.id, 'learner');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { authorization: `Bearer ${token}` },
      payload: { courseId: course.id, email: buyer.email },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntentId, paymentUrl } = started.json();
    const key = new URL(paymentUrl, 'http://site.test').searchParams.get('key') ?? '';
    await site.courses();
    const watch = watchDatabase();
    const paid = await t.app
      .inject({
        method: 'POST',
        url: `/api/payment/sandbox/${paymentIntentId}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ key }).toString(),
      })
      .finally(() => watch.restore());
    expect(paid.statusCode).toBe(303);
    // A sale groups the enrolments again (once), and leaves the courses, modules and lessons as loaded.
    expect(watch.statements.filter((s) => ENROLMENT_COUNTS.test(s))).toHaveLength(1);
    expect(watch.statements.filter((s) => CATALOGUE_LOAD.test(s))).toEqual([]);
    expect((await site.course(course.slug))?.students).toBe(1);
    expect((await site.courses({ sort: 'popular' }))[0]?.slug).toBe(course.slug);
    await expectFresh();
  });
});

describe('reads', () => {
  it('search and sort answer what the SQL catalogue answered', async () => {
    const same = new Date('2024-01-01T00:00:00Z');
    for (const title of ['100% Off Plan', 'Off_plan Tips', 'OFF PLAN Pro', 'École Off', 'Golden Visa']) {
      await seedCourse(t.deps.db, { title, createdAt: same, priceFils: title.length * 100 });
    }
    await seedCourse(t.deps.db, { title: 'Archived Off Plan', archivedAt: new Date() });
    // The Arabic title is searched too.
    await seedCourse(t.deps.db, { title: 'Map Course', titleAr: 'على الخارطة Off', createdAt: same });
    t.deps.pageCache.invalidate();
    const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
    for (const search of ['off', ' OFF ', '%', '_', '100%', 'off_', 'éc', 'É', 'zzz', '', 'الخارطة', 'map']) {
      const term = search.trim();
      const pattern = `%${escapeLike(term)}%`;
      const expected = await t.deps.db
        .select({ slug: courses.slug })
        .from(courses)
        .where(
          and(
            isNull(courses.archivedAt),
            term ? or(ilike(courses.title, pattern), ilike(courses.titleAr, pattern)) : undefined,
          ),
        )
        .orderBy(desc(courses.createdAt), desc(courses.id));
      const answered = await site.courses({ search });
      expect(
        answered.map((c) => c.slug),
        search,
      ).toEqual(expected.map((r) => r.slug));
      const api = await t.app.inject({
        method: 'GET',
        url: `/api/courses/course?search=${encodeURIComponent(search)}`,
      });
      expect(api.json(), search).toEqual(JSON.parse(JSON.stringify(answered)));
    }
    const byPrice = await site.courses({ sort: 'priceLow' });
    const prices = byPrice.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('a page of the catalogue in each order: the cards courses() lists, searched and paged', async () => {
    await seedCourse(t.deps.db, { title: 'Every Order One', priceFils: 10_000 });
    await seedCourse(t.deps.db, { title: 'Every Order Two', priceFils: 20_000 });
    t.deps.pageCache.invalidate();
    for (const sort of SORTS) {
      const all = await site.courses({ sort });
      const page = await site.cataloguePage({ sort, page: 1 });
      // The courses as cards list them: summaries cut once, the heavy fields left out.
      expect(page.courses, sort).toEqual(
        all.slice(0, LIMITS.catalogPageSize).map((course) => toCatalogueCourse(course)),
      );
      expect(page, sort).toMatchObject({ total: all.length, page: 1 });
      const found = await site.cataloguePage({ sort, q: 'every order' });
      expect(
        found.courses.map((c) => c.title),
        sort,
      ).toEqual((await site.courses({ sort, search: 'every order' })).map((c) => c.title));
    }
    expect((await site.cataloguePage({ q: 'every order' })).courses[0]).not.toHaveProperty('description');
    const high = await site.cataloguePage({ sort: 'priceHigh', q: 'every order' });
    expect(high.courses.map((c) => c.title)).toEqual(['Every Order Two', 'Every Order One']);
  });

  it('answers pages and anonymous API reads without a database query once warm', async () => {
    const course = await seedCourse(t.deps.db, { title: 'Quiet Off Plan' });
    const mod = await seedModule(t.deps.db, { courseId: course.id });
    await seedVideo(t.deps.db, { moduleId: mod.id });
    const post = await seedBlog(t.deps.db, { title: 'Quiet post' });
    t.deps.pageCache.invalidate();
    // What the home, catalogue search, course and blog pages read, then the public API.
    const pages = () =>
      Promise.all([
        site.settings(),
        site.hero(),
        site.intro(),
        site.courses(),
        site.podcasts(),
        site.courses({ search: 'x', sort: 'latest' }),
        site.cataloguePage({ q: 'x', sort: 'priceLow', page: 2 }),
        site.course(course.slug),
        site.blog(post.slug),
        site.blogs(),
      ]);
    // Each a miss of the page cache (emptied above): the route answers.
    const api = async () => {
      for (const url of [
        '/api/courses/course?search=off',
        `/api/courses/course/slug/${course.slug}`,
        `/api/courses/course/${course.id}/modules`,
        '/api/blogs/blogs',
        `/api/blogs/blogs/${post.slug}`,
        '/api/hero/get',
        '/api/intro/intro',
        '/api/youtube/get',
        '/api/settings',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    };
    await pages();
    // The API's page of posts with their bodies (pages read one post at a time).
    await publicReadModel(t.deps).blogPage(1, BLOGS_PAGE_SIZE);
    const queries = await countQueries(t.deps.db, async () => {
      await pages();
      await api();
    });
    expect(queries).toBe(0);
    // The counter counts: a change is read again, once per part (on PostgreSQL after the mark of
    // the writes to its tables, which an expired copy is checked against).
    await t.deps.db.update(hero).set({ title: 'Counted' }).where(eq(hero.id, 'main'));
    t.deps.pageCache.invalidate();
    expect(await countQueries(t.deps.db, () => Promise.all([site.hero(), site.hero()]))).toBe(
      t.deps.database.driver === 'postgres' ? 2 : 1,
    );
  });

  it('a load that raced with a write is not kept', async () => {
    expect((await inject('PUT', '/api/hero/update', { title: 'Before', subtitle: 'S' })).statusCode).toBe(200);
    const loading = site.hero();
    await t.deps.db.update(hero).set({ title: 'After' }).where(eq(hero.id, 'main'));
    t.deps.pageCache.invalidate();
    await loading;
    expect((await site.hero()).title).toBe('After');
  });
});

/**
 * Watches the statements that reach the database: every one is recorded, and one that `hold`
 * answers a promise for waits for it first (or fails with it).
 */
function watchDatabase(hold: (statement: string) => Promise<void> | undefined = () => undefined) {
  const client = (t.deps.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const originals = { query: client.query, exec: client.exec };
  const statements: string[] = [];
  for (const name of ['query', 'exec'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      const statement = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
      statements.push(statement);
      const wait = hold(statement);
      return wait ? wait.then(() => original.apply(client, args)) : original.apply(client, args);
    };
  }
  return {
    statements,
    restore() {
      for (const name of ['query', 'exec'] as const) if (originals[name]) client[name] = originals[name];
    },
  };
}

/** A promise and the functions that settle it. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** The read model's load of the hero (the writes read other columns). */
const HERO_LOAD = /from "hero" left join "media"/;
const CATALOGUE_LOAD = /row_number\(\) over/;
const ENROLMENT_COUNTS = /group by "enrolments"."course_id"/;

/** Whether `promise` has settled after the work already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

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
