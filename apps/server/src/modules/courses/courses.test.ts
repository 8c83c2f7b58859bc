import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, courseDetailSchema, courseListSchema, moduleSchema } from '@oasis/shared/api';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import {
  seedCourse,
  seedEnrolment,
  seedModule,
  seedQuiz,
  seedSettings,
  seedUser,
  seedVideo,
} from '../../db/factories.ts';
import { siteSettings } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { storeImage } from '../media/service.ts';
import { DEFAULT_SETTINGS } from '../settings/defaults.ts';

let t: TestContext;
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

let offPlan: Awaited<ReturnType<typeof seedCourse>>;
let golden: Awaited<ReturnType<typeof seedCourse>>;
let mortgages: Awaited<ReturnType<typeof seedCourse>>;
let archived: Awaited<ReturnType<typeof seedCourse>>;
const tokens = { learner: '', enrolled: '', admin: '', adminAsLearner: '' };
const videoIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.deps;
  const thumb = await storeImage(
    t.deps,
    await sharp({ create: { width: 700, height: 400, channels: 3, background: '#0a5' } })
      .jpeg()
      .toBuffer(),
  );
  offPlan = await seedCourse(db, {
    title: 'Introduction to Off Plan',
    priceFils: 88_800,
    author: 'Sarah Ahmed',
    thumbnailId: thumb.id,
    createdAt: day(2),
    description: '<p>Learn <strong>off-plan</strong> buying.</p><script>alert("xss")</script>',
    courseOutcome: '<ul><li onclick="steal()">Read a payment plan</li></ul><img src=x onerror=alert(1)>',
  });
  golden = await seedCourse(db, { title: 'Golden Visa Guide', priceFils: 0, comingSoon: true, createdAt: day(3) });
  mortgages = await seedCourse(db, { title: 'Mortgages 100% explained', priceFils: 150_000, createdAt: day(1) });
  archived = await seedCourse(db, { title: 'Old Off Plan Course', archivedAt: day(4), createdAt: day(4) });

  // Modules and videos inserted out of order: answers must follow `position`.
  const m2 = await seedModule(db, { courseId: offPlan.id, title: 'Payment plans', position: 2 });
  const m1 = await seedModule(db, { courseId: offPlan.id, title: 'Basics', position: 1 });
  videoIds.push(
    (
      await seedVideo(db, {
        moduleId: m1.id,
        title: 'Second',
        position: 2,
        url: 'https://player.vimeo.com/video/22439234',
      })
    ).id,
  );
  videoIds.push(
    (
      await seedVideo(db, {
        moduleId: m1.id,
        title: 'First',
        position: 1,
        url: 'https://player.vimeo.com/video/76979871',
      })
    ).id,
  );
  await seedVideo(db, { moduleId: m2.id, title: 'Only', position: 1, url: 'https://player.vimeo.com/video/148751763' });
  await seedQuiz(db, { courseId: offPlan.id });

  const learner = await seedUser(db);
  const enrolled = await seedUser(db);
  const admin = await seedUser(db, { role: 'admin' });
  await seedEnrolment(db, { userId: enrolled.id, courseId: offPlan.id, amountFils: 88_800 });
  await seedEnrolment(db, { userId: enrolled.id, courseId: archived.id });
  // Two paid enrolments for the mortgages course, one unpaid (free) for golden: popularity counts paid only.
  await seedEnrolment(db, { userId: learner.id, courseId: mortgages.id });
  await seedEnrolment(db, { userId: admin.id, courseId: mortgages.id });
  await seedEnrolment(db, { userId: learner.id, courseId: golden.id, paid: false });

  tokens.learner = (await createSession(db, learner.id, 'learner')).token;
  tokens.enrolled = (await createSession(db, enrolled.id, 'learner')).token;
  tokens.admin = (await createSession(db, admin.id, 'admin')).token;
  tokens.adminAsLearner = (await createSession(db, admin.id, 'learner')).token;
});
afterAll(() => t.close());

async function get<T extends z.ZodType>(url: string, schema: T, token?: string): Promise<z.infer<T>> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return schema.parse(res.json());
}

async function getError(url: string, status: number) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(status);
  return apiErrorSchema.parse(res.json());
}

describe('GET /api/courses/course', () => {
  it('lists courses latest first, without archived ones', async () => {
    const list = await get('/api/courses/course', courseListSchema);
    expect(list.map((c) => c.title)).toEqual([golden.title, offPlan.title, mortgages.title]);
  });

  it('maps a row to the API shape', async () => {
    const list = await get('/api/courses/course', courseListSchema);
    const course = list.find((c) => c._id === offPlan.id);
    expect(course).toMatchObject({
      slug: 'introduction-to-off-plan',
      price: 888,
      author: 'Sarah Ahmed',
      students: 1,
      comingSoon: false,
      createdAt: day(2).toISOString(),
    });
    expect(course?.thumbnailUrl).toBe(`/media/images/${offPlan.thumbnailId}/640.jpg`);
    expect(course?.thumbnail?.widths).toEqual([320, 640]);

    const goldenCourse = list.find((c) => c._id === golden.id);
    expect(goldenCourse).toMatchObject({ price: 0, comingSoon: true, students: 1, thumbnail: null });
    expect(goldenCourse?.thumbnailUrl).toBe('/default-thumbnail.jpg');
    expect(goldenCourse?.author).toBe(DEFAULT_SETTINGS.brandName);
    expect(list.find((c) => c._id === mortgages.id)).toMatchObject({ price: 1500, students: 2 });
  });

  it('falls back to the brand name from the site settings', async () => {
    const { db } = t.deps;
    const row = await seedSettings(db, { brandName: 'Test Brand Academy' });
    try {
      // Seeded straight into the database: tell the public cache, as every service write does.
      t.deps.pageCache.invalidate();
      const list = await get('/api/courses/course', courseListSchema);
      expect(list.find((c) => c._id === golden.id)?.author).toBe('Test Brand Academy');
      expect(list.find((c) => c._id === offPlan.id)?.author).toBe('Sarah Ahmed');
    } finally {
      await db.delete(siteSettings).where(eq(siteSettings.id, row.id));
      // The next test must not be answered the list with this brand from the cache.
      t.deps.pageCache.invalidate();
    }
  });

  it('never returns a script stored in a description or outcome', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/course' });
    expect(res.body).not.toMatch(/<script|onclick|onerror|alert\(/i);
    const course = courseListSchema.parse(res.json()).find((c) => c._id === offPlan.id);
    expect(course?.description).toBe('<p>Learn <strong>off-plan</strong> buying.</p>');
    expect(course?.courseOutcome).toBe('<ul><li>Read a payment plan</li></ul>');
  });

  it('searches titles case-insensitively', async () => {
    const titles = async (q: string) =>
      (await get(`/api/courses/course?search=${encodeURIComponent(q)}`, courseListSchema)).map((c) => c.title);
    expect(await titles('OFF plan')).toEqual(['Introduction to Off Plan']);
    expect(await titles('visa')).toEqual(['Golden Visa Guide']);
    expect(await titles('nothing like this')).toEqual([]);
    // LIKE wildcards typed by a visitor are literal characters.
    expect(await titles('100%')).toEqual(['Mortgages 100% explained']);
    expect(await titles('%')).toEqual(['Mortgages 100% explained']);
    expect(await titles('_')).toEqual([]);
    expect(await titles('   ')).toHaveLength(3);
  });

  it('sorts by each option', async () => {
    const titles = async (sort: string) =>
      (await get(`/api/courses/course?sort=${sort}`, courseListSchema)).map((c) => c.title);
    const orders = {
      latest: [golden.title, offPlan.title, mortgages.title],
      oldest: [mortgages.title, offPlan.title, golden.title],
      priceLow: [golden.title, offPlan.title, mortgages.title],
      priceHigh: [mortgages.title, offPlan.title, golden.title],
      // Mortgages: 2 paid; Off Plan: 1 paid; Golden: 1 enrolment but unpaid.
      popular: [mortgages.title, offPlan.title, golden.title],
    };
    for (const [sort, order] of Object.entries(orders)) expect(await titles(sort), sort).toEqual(order);
  });

  it('combines search and sort', async () => {
    const list = await get('/api/courses/course?search=o&sort=oldest', courseListSchema);
    expect(list.map((c) => c.title)).toEqual([mortgages.title, offPlan.title, golden.title]);
  });

  it('refuses an unknown sort with a 400 and a message', async () => {
    const error = await getError('/api/courses/course?sort=random', 400);
    expect(error.message).toBeTruthy();
  });
});

describe('GET /api/courses/course/slug/:slug', () => {
  it('answers a course by slug with its modules and videos in order, without video URLs', async () => {
    const course = await get('/api/courses/course/slug/introduction-to-off-plan', courseDetailSchema);
    expect(course._id).toBe(offPlan.id);
    expect(course.hasAccess).toBe(false);
    expect(course.modules.map((m) => m.title)).toEqual(['Basics', 'Payment plans']);
    expect(course.modules[0]?.videos.map((v) => v.title)).toEqual(['First', 'Second']);
    expect(course.modules[0]?.course).toBe(offPlan.id);
    for (const m of course.modules) for (const v of m.videos) expect(v.videoUrl).toBeUndefined();
    expect(course.students).toBe(1);
    expect(course.price).toBe(888);
  });

  it('answers the same course by id', async () => {
    const course = await get(`/api/courses/course/slug/${offPlan.id}`, courseDetailSchema);
    expect(course.slug).toBe('introduction-to-off-plan');
  });

  it('answers 404 with a message for an unknown course', async () => {
    expect((await getError('/api/courses/course/slug/no-such-course', 404)).message).toBe('Course not found');
  });

  it('never includes quiz answers or scripts', async () => {
    for (const token of [undefined, tokens.enrolled, tokens.admin]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/courses/course/slug/introduction-to-off-plan',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.body).not.toMatch(/correctAnswer|Option 1|<script|onerror/);
    }
  });

  it('gives video URLs only to enrolled learners and admins', async () => {
    const url = '/api/courses/course/slug/introduction-to-off-plan';
    const urls = (c: z.infer<typeof courseDetailSchema>) => c.modules.flatMap((m) => m.videos.map((v) => v.videoUrl));

    const anonymous = await get(url, courseDetailSchema);
    expect(urls(anonymous)).toEqual([undefined, undefined, undefined]);

    const notEnrolled = await get(url, courseDetailSchema, tokens.learner);
    expect(notEnrolled.hasAccess).toBe(false);
    expect(urls(notEnrolled)).toEqual([undefined, undefined, undefined]);

    const enrolled = await get(url, courseDetailSchema, tokens.enrolled);
    expect(enrolled.hasAccess).toBe(true);
    expect(urls(enrolled)).toEqual([
      'https://player.vimeo.com/video/76979871',
      'https://player.vimeo.com/video/22439234',
      'https://player.vimeo.com/video/148751763',
    ]);

    const admin = await get(url, courseDetailSchema, tokens.admin);
    expect(admin.hasAccess).toBe(true);
    expect(urls(admin)).toHaveLength(3);
    expect(urls(admin).every(Boolean)).toBe(true);

    // An unknown or revoked token is simply anonymous on a public route.
    const bogus = await get(url, courseDetailSchema, 'not-a-real-token');
    expect(bogus.hasAccess).toBe(false);
    expect(urls(bogus)).toEqual([undefined, undefined, undefined]);
  });

  it('does not let an enrolment in one course open another', async () => {
    const course = await get(`/api/courses/course/slug/${mortgages.slug}`, courseDetailSchema, tokens.enrolled);
    expect(course.hasAccess).toBe(false);
  });

  it('keeps an archived course for its learners and admins only', async () => {
    const url = `/api/courses/course/slug/${archived.slug}`;
    expect((await getError(url, 404)).message).toBe('Course not found');
    const forLearner = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${tokens.learner}` },
    });
    expect(forLearner.statusCode).toBe(404);
    expect((await get(url, courseDetailSchema, tokens.enrolled)).hasAccess).toBe(true);
    expect((await get(url, courseDetailSchema, tokens.admin)).hasAccess).toBe(true);
  });

  it('is not cacheable by shared caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/course/slug/introduction-to-off-plan' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/courses/course/:courseId/modules', () => {
  const modulesSchema = z.array(moduleSchema);

  it('lists modules in order, with video URLs only for those who may watch', async () => {
    const url = `/api/courses/course/${offPlan.id}/modules`;
    const anonymous = await get(url, modulesSchema);
    expect(anonymous.map((m) => m.title)).toEqual(['Basics', 'Payment plans']);
    expect(anonymous[0]?.videos.map((v) => v._id)).toEqual([videoIds[1], videoIds[0]]);
    expect(anonymous.flatMap((m) => m.videos).every((v) => v.videoUrl === undefined)).toBe(true);

    const notEnrolled = await get(url, modulesSchema, tokens.learner);
    expect(notEnrolled.flatMap((m) => m.videos).every((v) => v.videoUrl === undefined)).toBe(true);

    for (const token of [tokens.enrolled, tokens.admin, tokens.adminAsLearner]) {
      const list = await get(url, modulesSchema, token);
      expect(list.flatMap((m) => m.videos).every((v) => v.videoUrl?.startsWith('https://player.vimeo.com/'))).toBe(
        true,
      );
    }
  });

  it('answers an empty list for a course without modules', async () => {
    expect(await get(`/api/courses/course/${golden.id}/modules`, modulesSchema)).toEqual([]);
  });

  it('answers 404 with a message for an unknown course', async () => {
    expect((await getError('/api/courses/course/nope/modules', 404)).message).toBe('Course not found');
  });
});
