import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminCoursePageSchema, adminCourseSchema, deleteCourseResultSchema } from '@oasis/shared/admin/courses';
import { apiErrorSchema, courseDetailSchema, courseListSchema, courseSchema } from '@oasis/shared/api';
import { LIMITS } from '@oasis/shared/limits';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { fakeMp4, jpeg, multipart, signIn } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedQuiz, seedVideo } from '../../db/factories.ts';
import { courses, media, modules, orders, quizzes, videos } from '../../db/schema.ts';
import { createPublicSiteData } from '../../site-data.ts';
import { IMAGE_MESSAGES, storeImage, storeVideo } from '../media/service.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let thumbnail: Buffer;

const XSS_DESCRIPTION =
  '<p>Safe <strong>text</strong></p><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>';
const XSS_OUTCOME = '<ul><li onclick="steal()">Outcome</li></ul><iframe src="https://evil.example"></iframe>';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.deps.db, 'admin');
  thumbnail = await jpeg();
});
afterAll(() => t.close());

async function postCourse(fields: Parameters<typeof multipart>[0]) {
  const form = await multipart(fields, admin.headers);
  return t.app.inject({ method: 'POST', url: '/api/courses/course', ...form });
}

const validCourse = () => ({
  title: '  Off Plan Basics  ',
  price: '888.5',
  description: '<p>Learn off-plan buying.</p>',
  thumbnail: { data: thumbnail, filename: 'thumb.jpg', type: 'image/jpeg' },
});

/** A course made through the admin starts as a draft: the owner publishes it to put it on the public pages. */
async function publish(courseId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/courses/${courseId}/publish`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
}

async function mediaCount() {
  return (await t.deps.db.select({ id: media.id }).from(media)).length;
}

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function expectNoScript(value: unknown) {
  for (const text of strings(value)) {
    expect(text).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
  }
}

describe('POST /api/courses/course', () => {
  it('creates a course from a multipart form: 201 with _id, trimmed title, AED price stored in fils', async () => {
    const before = t.deps.pageCache.version;
    const res = await postCourse({
      ...validCourse(),
      title: '  Creating A Course  ',
      courseOutcome: '<ul><li>Read a payment plan</li></ul>',
      author: 'Sarah',
    });
    expect(res.statusCode).toBe(201);
    const course = courseSchema.parse(res.json());
    expect(course).toMatchObject({
      title: 'Creating A Course',
      slug: 'creating-a-course',
      price: 888.5,
      description: '<p>Learn off-plan buying.</p>',
      courseOutcome: '<ul><li>Read a payment plan</li></ul>',
      author: 'Sarah',
      comingSoon: false,
      students: 0,
    });
    expect(course.thumbnail?.base).toMatch(/^\/media\/images\//);
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row?.priceFils).toBe(88_850);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    // The thumbnail is served.
    const image = await t.app.inject({ method: 'GET', url: course.thumbnailUrl });
    expect(image.statusCode).toBe(200);
    // A draft until published; then the catalogue shows it at once.
    await publish(course._id);
    const list = courseListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/courses/course' })).json());
    expect(list.map((c) => c._id)).toContain(course._id);
  });

  it('a second course with the same title gets its own slug; comingSoon and price 0 are kept', async () => {
    const title = 'Same Title Twice';
    expect((await postCourse({ ...validCourse(), title })).json()).toMatchObject({ slug: 'same-title-twice' });
    const res = await postCourse({ ...validCourse(), title, price: '0', comingSoon: 'true' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'same-title-twice-2', price: 0, comingSoon: true });
  });

  it.each(['title', 'price', 'description', 'thumbnail'] as const)(
    "refuses a missing %s with 'Please fill in all required fields before submitting.'",
    async (field) => {
      const count = (await t.deps.db.select().from(courses)).length;
      const fields: Record<string, unknown> = { ...validCourse() };
      if (field === 'thumbnail') delete fields.thumbnail;
      else fields[field] = field === 'description' ? '<p>  </p>' : '   ';
      const res = await postCourse(fields as Parameters<typeof multipart>[0]);
      expect(res.statusCode).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.message).toBe('Please fill in all required fields before submitting.');
      expect(body.errors).toHaveProperty(field);
      expect((await t.deps.db.select().from(courses)).length).toBe(count);
    },
  );

  it('refuses a negative price, a price with 3 decimals and a non-number', async () => {
    for (const price of ['-1', '10.123', 'ten']) {
      const res = await postCourse({ ...validCourse(), price });
      expect(res.statusCode, price).toBe(400);
      expect(res.json()).toMatchObject({
        message: ADMIN_MESSAGES.priceInvalid,
        errors: { price: ADMIN_MESSAGES.priceInvalid },
      });
    }
  });

  it('refuses files disguised by their name: HTML or text named .jpg (415), and stores nothing', async () => {
    const mediaBefore = await mediaCount();
    for (const data of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('just some text, not a picture'),
    ]) {
      const res = await postCourse({
        ...validCourse(),
        thumbnail: { data, filename: 'photo.jpg', type: 'image/jpeg' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(IMAGE_MESSAGES.unsupported);
    }
    expect(await mediaCount()).toBe(mediaBefore);
  });

  it('refuses an image over the size limit with 413 and a clear message', async () => {
    const big = Buffer.concat([thumbnail, Buffer.alloc(LIMITS.imageMaxBytes)]);
    const res = await postCourse({
      ...validCourse(),
      thumbnail: { data: big, filename: 'big.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMAGE_MESSAGES.tooLarge);
  });

  it('a malformed multipart body is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/courses/course',
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_MESSAGES.uploadMalformed);
  });

  it('JSON without a thumbnail is refused with the same message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/courses/course',
      headers: admin.headers,
      payload: { title: 'T', price: 5, description: '<p>D</p>' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ADMIN_MESSAGES.fillRequiredFields,
      errors: { thumbnail: expect.any(String) },
    });
  });
});

describe('PUT /api/courses/courses/course/:slug', () => {
  it('updates by slug; the slug stays when the title changes; a new image replaces the old files', async () => {
    const created = courseSchema.parse((await postCourse({ ...validCourse(), title: 'Rename Me' })).json());
    const [oldRow] = await t.deps.db.select().from(courses).where(eq(courses.id, created._id));
    const oldThumb = await t.deps.db
      .select()
      .from(media)
      .where(eq(media.id, oldRow?.thumbnailId ?? ''));
    const oldKey = oldThumb[0]?.key ?? '';
    expect(await t.deps.storage.size(`${oldKey}/320.jpg`)).toBeGreaterThan(0);

    const before = t.deps.pageCache.version;
    const form = await multipart(
      {
        title: 'Renamed Course',
        description: '<h2>New</h2><p>Body</p>',
        price: '1200',
        courseOutcome: '<p>Outcome</p>',
        comingSoon: 'false',
        file: { data: await jpeg(500, 300, '#a50'), filename: 'new.png', type: 'image/png' },
      },
      admin.headers,
    );
    const res = await t.app.inject({ method: 'PUT', url: `/api/courses/courses/course/${created.slug}`, ...form });
    expect(res.statusCode).toBe(200);
    const updated = courseSchema.parse(res.json());
    expect(updated).toMatchObject({
      _id: created._id,
      slug: 'rename-me',
      title: 'Renamed Course',
      price: 1200,
      description: '<h2>New</h2><p>Body</p>',
      courseOutcome: '<p>Outcome</p>',
    });
    expect(updated.thumbnail?.base).not.toBe(created.thumbnail?.base);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    // The old renditions and their row are gone; the link by the old slug still works.
    expect(await t.deps.storage.size(`${oldKey}/320.jpg`)).toBeNull();
    expect(
      await t.deps.db
        .select()
        .from(media)
        .where(eq(media.id, oldRow?.thumbnailId ?? '')),
    ).toEqual([]);
    await publish(created._id);
    const detail = await t.app.inject({ method: 'GET', url: '/api/courses/course/slug/rename-me' });
    expect(detail.json().title).toBe('Renamed Course');
  });

  it('updates by course id and with JSON; fields left out keep their value', async () => {
    const course = await seedCourse(t.deps.db, { title: 'By Id', priceFils: 5000, description: '<p>Keep</p>' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/courses/course/${course.id}`,
      headers: admin.headers,
      payload: { title: 'By Id Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'By Id Renamed', price: 50, description: '<p>Keep</p>' });
  });

  it("refuses an empty title with 'Title cannot be empty'", async () => {
    const course = await seedCourse(t.deps.db, { title: 'Keep Title' });
    const form = await multipart({ title: '   ', description: '<p>x</p>', price: '1' }, admin.headers);
    const res = await t.app.inject({ method: 'PUT', url: `/api/courses/courses/course/${course.slug}`, ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Title cannot be empty', errors: { title: 'Title cannot be empty' } });
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.title).toBe('Keep Title');
  });

  it('answers 404 for an unknown course', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/courses/course/no-such-course',
      headers: admin.headers,
      payload: { title: 'X' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Course not found');
  });
});

describe('stored HTML never comes back unsafe', () => {
  it('description and courseOutcome are sanitised on save and in every answer and page data', async () => {
    const learner = await signIn(t.deps.db, 'learner');
    const res = await postCourse({
      ...validCourse(),
      title: 'XSS Course',
      description: XSS_DESCRIPTION,
      courseOutcome: XSS_OUTCOME,
    });
    expect(res.statusCode).toBe(201);
    const created = courseSchema.parse(res.json());
    expectNoScript(created);
    expect(created.description).toContain('<strong>text</strong>');
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, created._id));
    expectNoScript(row);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/courses/course/${created._id}`,
      headers: admin.headers,
      payload: { title: 'XSS Course', description: XSS_DESCRIPTION, courseOutcome: XSS_OUTCOME },
    });
    expectNoScript(updated.json());
    await publish(created._id);
    await seedEnrolment(t.deps.db, { userId: learner.user.id, courseId: created._id });

    for (const [url, headers] of [
      ['/api/courses/course', {}],
      [`/api/courses/course/slug/${created.slug}`, {}],
      [`/api/courses/course/slug/${created.slug}`, admin.headers],
      ['/api/admin/courses', admin.headers],
      ['/api/courses/enrolled', learner.headers],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url, headers });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body).toContain('XSS Course');
      expectNoScript(answer.json());
    }
    const site = createPublicSiteData(t.deps);
    expectNoScript(await site.course(created.slug));
    expectNoScript(await site.courses());
  });
});

describe('DELETE /api/courses/course/:courseId', () => {
  async function courseWithEverything(title: string) {
    const { db } = t.deps;
    const thumb = await storeImage(t.deps, await jpeg(330, 200));
    const course = await seedCourse(db, { title, thumbnailId: thumb.id });
    const module = await seedModule(db, { courseId: course.id });
    await seedVideo(db, { moduleId: module.id });
    const file = await storeVideo(t.deps, Readable.from([fakeMp4(20_000)]), 1e9);
    await seedVideo(db, { moduleId: module.id, source: 'file', url: null, mediaId: file?.id });
    await seedQuiz(db, { courseId: course.id });
    return { course, module, thumb, file: file! };
  }

  it('deletes a course nobody bought with its modules, videos, quiz and stored files', async () => {
    const { course, module, thumb, file } = await courseWithEverything('Doomed Course');
    const before = t.deps.pageCache.version;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/course/${course.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(deleteCourseResultSchema.parse(res.json())).toEqual({ message: 'Course deleted!', archived: false });
    const { db } = t.deps;
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
    expect(await db.select().from(modules).where(eq(modules.id, module.id))).toEqual([]);
    expect(await db.select().from(videos).where(eq(videos.moduleId, module.id))).toEqual([]);
    expect(await db.select().from(quizzes).where(eq(quizzes.courseId, course.id))).toEqual([]);
    expect(await db.select().from(media).where(eq(media.id, thumb.id))).toEqual([]);
    expect(await db.select().from(media).where(eq(media.id, file.id))).toEqual([]);
    expect(await t.deps.storage.size(`${thumb.key}/320.jpg`)).toBeNull();
    expect(await t.deps.storage.size(file.key)).toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/course/${course.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps a thumbnail another course still uses', async () => {
    const thumb = await storeImage(t.deps, await jpeg(330, 200));
    const a = await seedCourse(t.deps.db, { title: 'Shares A', thumbnailId: thumb.id });
    await seedCourse(t.deps.db, { title: 'Shares B', thumbnailId: thumb.id });
    await t.app.inject({ method: 'DELETE', url: `/api/courses/course/${a.id}`, headers: admin.headers });
    expect(await t.deps.storage.size(`${thumb.key}/320.jpg`)).toBeGreaterThan(0);
  });

  it('archives a course learners paid for: gone from the catalogue, buyers keep access and their list', async () => {
    const { course, file } = await courseWithEverything('Bought Course');
    const buyer = await signIn(t.deps.db, 'learner');
    await seedEnrolment(t.deps.db, { userId: buyer.user.id, courseId: course.id, amountFils: 10_000 });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/course/${course.slug}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Course archived: learners who bought it keep access.', archived: true });

    // Nothing was destroyed.
    expect(await t.deps.storage.size(file.key)).toBeGreaterThan(0);
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);

    // Gone for everyone else: catalogue, detail, page data (sitemap and pages read the same list).
    const catalogue = courseListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/courses/course' })).json(),
    );
    expect(catalogue.map((c) => c._id)).not.toContain(course.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/course/slug/${course.slug}` })).statusCode).toBe(
      404,
    );
    expect((await createPublicSiteData(t.deps).courses()).map((c) => c._id)).not.toContain(course.id);
    expect(await createPublicSiteData(t.deps).course(course.slug)).toBeNull();

    // The buyer still watches it (video links included) and still sees it in their list.
    const detail = courseDetailSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/courses/course/slug/${course.slug}`, headers: buyer.headers })
      ).json(),
    );
    expect(detail.hasAccess).toBe(true);
    const lessons = detail.modules.flatMap((m) => m.videos);
    expect(lessons).toHaveLength(2);
    for (const lesson of lessons) expect(lesson.videoUrl).toBeTruthy();
    const enrolled = await t.app.inject({ method: 'GET', url: '/api/courses/enrolled', headers: buyer.headers });
    expect(JSON.stringify(enrolled.json())).toContain(course.id);

    // The admin list flags it; restoring puts it back in the catalogue.
    const list = adminCoursePageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/courses', headers: admin.headers })).json(),
    ).courses;
    expect(list.find((c) => c._id === course.id)).toMatchObject({
      archived: true,
      enrolments: 1,
      moduleCount: 1,
      videoCount: 2,
      hasQuiz: true,
    });

    const before = t.deps.pageCache.version;
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/admin/courses/${course.id}/restore`,
      headers: admin.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(adminCourseSchema.parse(restored.json())).toMatchObject({
      _id: course.id,
      archived: false,
      archivedAt: null,
    });
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    const back = courseListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/courses/course' })).json());
    expect(back.map((c) => c._id)).toContain(course.id);
  });

  it('archives a course with a pending order (the payment may still be confirmed)', async () => {
    const course = await seedCourse(t.deps.db, { title: 'Pending Order Course', priceFils: 100 });
    const buyer = await signIn(t.deps.db, 'learner');
    await t.deps.db.insert(orders).values({
      userId: buyer.user.id,
      courseId: course.id,
      email: buyer.user.email,
      amountFils: 100,
      provider: 'sandbox',
      providerRef: 'sbx_pending_test',
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/course/${course.id}`,
      headers: admin.headers,
    });
    expect(res.json()).toMatchObject({ archived: true });
  });
});

describe('GET /api/admin/courses', () => {
  it('lists every course, archived ones flagged, latest first', async () => {
    const archived = await seedCourse(t.deps.db, { title: 'Archived One', archivedAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/courses', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = adminCoursePageSchema.parse(res.json()).courses;
    expect(list.find((c) => c._id === archived.id)).toMatchObject({ archived: true, archivedAt: expect.any(String) });
    const times = list.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('restoring an unknown course is a 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/courses/nope/restore', headers: admin.headers });
    expect(res.statusCode).toBe(404);
  });
});
