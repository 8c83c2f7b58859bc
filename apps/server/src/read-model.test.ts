import { and, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { BLOGS_PAGE_SIZE } from '@oasis/shared/api';
import { toCatalogueCourse } from '@oasis/shared/catalogue-search';
import { LIMITS } from '@oasis/shared/limits';
import type { TestContext } from '../test/helpers.ts';
import { CATALOGUE_LOAD, ENROLMENT_COUNTS, SORTS, setUpReadModelApp } from '../test/read-model-fixture.ts';
import { countQueries } from '../test/query-counter.ts';
import { seedBlog, seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from './db/factories.ts';
import { courses, hero } from './db/schema.ts';
import { createSession } from './modules/auth/sessions.ts';
import { publicReadModel } from './read-model.ts';

let t: TestContext;
let site: PublicSiteData;

const { state, inject, courseForm, expectFresh, watchDatabase } = setUpReadModelApp();
beforeAll(() => {
  ({ t, site } = state);
});

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
