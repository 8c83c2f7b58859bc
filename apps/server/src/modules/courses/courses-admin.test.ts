import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { apiErrorSchema, courseListSchema, courseSchema } from '@oasis/shared/api';
import { LIMITS } from '@oasis/shared/limits';
import { findMedia, jpeg, multipart, signIn } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment } from '../../db/factories.ts';
import { courses } from '../../db/schema.ts';
import { createPublicSiteData } from '../../site-data.ts';
import { IMAGE_MESSAGES } from '../media/service.ts';
import { expectNoScript, setUpCourseAdminTests, XSS_DESCRIPTION, XSS_OUTCOME } from './courses-admin.fixtures.ts';

const { t, admin, validCourse, images, postCourse, publish, mediaCount } = setUpCourseAdminTests();

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
    const big = Buffer.concat([images.thumbnail, Buffer.alloc(LIMITS.imageMaxBytes)]);
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
    const oldKey = (await findMedia(t.deps.db, oldRow?.thumbnailId))?.key ?? '';
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
    expect(await findMedia(t.deps.db, oldRow?.thumbnailId)).toBeUndefined();
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
