import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCourseChoicesSchema, COURSE_RULE_MESSAGES, publishCourseResultSchema } from '@oasis/shared/admin/courses';
import { adminVideoSchema } from '@oasis/shared/admin/modules';
import { courseDetailSchema, courseListSchema, courseSchema, lessonPreviewSchema } from '@oasis/shared/api';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { jpeg, multipart, signIn } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedVideo } from '../../db/factories.ts';
import { courses, videos } from '../../db/schema.ts';

/**
 * The course page sells (docs/product.md#course-page): its selling fields, drafts that only the
 * owner sees until published, lesson lengths and free previews, and the learner-count threshold.
 */

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
/** A request with the admin's session. */
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin.headers, payload });
let learner: Awaited<ReturnType<typeof signIn>>;
let thumbnail: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.deps.db, 'admin');
  learner = await signIn(t.deps.db, 'learner');
  thumbnail = await jpeg();
});
afterAll(() => t.close());

const FAQ = [
  { question: 'Is it for beginners?', answer: 'Yes.', questionAr: 'هل هي للمبتدئين؟', answerAr: 'نعم.' },
  { question: '', answer: '', questionAr: '', answerAr: '' },
];

async function postCourse(fields: Record<string, string>) {
  const form = await multipart(
    {
      title: 'Selling Page Course',
      price: '500',
      description: '<p>About the course.</p>',
      thumbnail: { data: thumbnail, filename: 'thumb.jpg', type: 'image/jpeg' },
      ...fields,
    },
    admin.headers,
  );
  return t.app.inject({ method: 'POST', url: '/api/courses/course', ...form });
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const publicSlugs = async () =>
  courseListSchema.parse((await get('/api/courses/course')).json()).map((course) => course.slug);

describe('course selling fields', () => {
  it('saves the tagline, level, language, outcomes and FAQ (empty lines and rows dropped) and edits them', async () => {
    const res = await postCourse({
      tagline: '  Buy off-plan   with a plan  ',
      taglineAr: 'اشترِ على الخارطة بخطة',
      level: 'beginner',
      language: 'en-ar',
      outcomes: JSON.stringify(['Read a payment plan', '  ', 'Compare developers']),
      outcomesAr: JSON.stringify(['اقرأ خطة الدفع']),
      faq: JSON.stringify(FAQ),
    });
    expect(res.statusCode).toBe(201);
    const course = courseSchema.parse(res.json());
    expect(course).toMatchObject({
      tagline: 'Buy off-plan with a plan',
      taglineAr: 'اشترِ على الخارطة بخطة',
      level: 'beginner',
      language: 'en-ar',
      outcomes: ['Read a payment plan', 'Compare developers'],
      outcomesAr: ['اقرأ خطة الدفع'],
      faq: [FAQ[0]],
    });
    const edit = await multipart({ level: 'advanced', outcomes: '[]', title: 'Selling Page Course' }, admin.headers);
    const updated = await t.app.inject({ method: 'PUT', url: `/api/courses/courses/course/${course.slug}`, ...edit });
    expect(updated.statusCode).toBe(200);
    // Left-out fields keep their value.
    expect(updated.json()).toMatchObject({ level: 'advanced', outcomes: [], tagline: 'Buy off-plan with a plan' });
  });

  it.each([
    ['tagline', 'x'.repeat(161), COURSE_RULE_MESSAGES.taglineTooLong],
    ['level', 'expert', COURSE_RULE_MESSAGES.levelInvalid],
    ['language', 'fr', COURSE_RULE_MESSAGES.languageInvalid],
    ['outcomes', 'not json', COURSE_RULE_MESSAGES.outcomesInvalid],
    [
      'outcomes',
      JSON.stringify(Array.from({ length: 13 }, (_, i) => `Line ${i}`)),
      COURSE_RULE_MESSAGES.outcomesInvalid,
    ],
    ['outcomesAr', JSON.stringify(['x'.repeat(201)]), COURSE_RULE_MESSAGES.outcomesInvalid],
    ['faq', JSON.stringify([{ question: 'Only a question', answer: '' }]), COURSE_RULE_MESSAGES.faqInvalid],
    ['faq', JSON.stringify([{ question: 1, answer: 'x' }]), COURSE_RULE_MESSAGES.faqInvalid],
  ])('refuses a bad %s (400, nothing saved)', async (field, value, message) => {
    const before = (await t.deps.db.select({ id: courses.id }).from(courses)).length;
    const res = await postCourse({ [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { [field]: message } });
    expect((await t.deps.db.select({ id: courses.id }).from(courses)).length).toBe(before);
  });
});

describe('course drafts', () => {
  it('a new course is a draft: not in the catalogue, 404 publicly and to learners, seen by the admin', async () => {
    const course = courseSchema.parse((await postCourse({ title: 'Draft Only Course' })).json());
    expect(course.publishedAt).toBeNull();
    expect(await publicSlugs()).not.toContain(course.slug);
    expect((await get(`/api/courses/course/slug/${course.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/courses/course/slug/${course._id}`)).statusCode).toBe(404);
    expect((await get(`/api/courses/course/slug/${course.slug}`, learner.headers)).statusCode).toBe(404);
    expect((await get(`/api/courses/course/${course._id}/modules`)).statusCode).toBe(404);
    const preview = await get(`/api/courses/course/slug/${course.slug}`, admin.headers);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(courseDetailSchema.parse(preview.json()).publishedAt).toBeNull();
    // Nor can it be bought.
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: learner.headers,
      payload: { courseId: course._id },
    });
    expect(buy.statusCode).toBe(400);
  });

  it('publish puts it on the public pages (invalidating the cache); unpublish takes it off again', async () => {
    const course = courseSchema.parse((await postCourse({ title: 'Publish Me Course' })).json());
    const version = t.deps.pageCache.version;
    const published = await asAdmin('POST', `/api/admin/courses/${course._id}/publish`);
    expect(published.statusCode).toBe(200);
    const body = publishCourseResultSchema.parse(published.json());
    expect(body.message).toBe(COURSE_RULE_MESSAGES.coursePublished);
    expect(body.publishedAt).not.toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(version);
    expect(await publicSlugs()).toContain(course.slug);
    expect((await get(`/api/courses/course/slug/${course.slug}`)).statusCode).toBe(200);

    const unpublished = await asAdmin('POST', `/api/admin/courses/${course.slug}/unpublish`);
    expect(publishCourseResultSchema.parse(unpublished.json()).publishedAt).toBeNull();
    expect(await publicSlugs()).not.toContain(course.slug);
    expect((await get(`/api/courses/course/slug/${course.slug}`)).statusCode).toBe(404);
  });

  it('publish and unpublish are for admins only', async () => {
    const course = await seedCourse(t.deps.db, { publishedAt: null });
    for (const headers of [{}, learner.headers]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/publish`, headers });
      expect([401, 403]).toContain(res.statusCode);
    }
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.publishedAt).toBeNull();
  });

  it('a learner enrolled before the course went back to draft keeps reaching it', async () => {
    const course = await seedCourse(t.deps.db, { publishedAt: null });
    await seedEnrolment(t.deps.db, { userId: learner.user.id, courseId: course.id });
    expect((await get(`/api/courses/course/slug/${course.slug}`, learner.headers)).statusCode).toBe(200);
  });
});

describe('course choices for the quiz form', () => {
  it('lists drafts and published courses by title, not archived ones, to the admin only', async () => {
    const draft = await seedCourse(t.deps.db, { title: 'Aaa choice draft', publishedAt: null });
    const published = await seedCourse(t.deps.db, { title: 'Aab choice published' });
    const archived = await seedCourse(t.deps.db, { title: 'Aac choice archived', archivedAt: new Date() });
    const res = await asAdmin('GET', '/api/admin/courses/choices');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const choices = adminCourseChoicesSchema.parse(res.json());
    const ids = choices.map((c) => c._id);
    expect(choices.find((c) => c._id === draft.id)).toMatchObject({ title: 'Aaa choice draft', published: false });
    expect(choices.find((c) => c._id === published.id)?.published).toBe(true);
    expect(ids).not.toContain(archived.id);
    expect(ids.indexOf(draft.id)).toBeLessThan(ids.indexOf(published.id));
    for (const headers of [{}, learner.headers]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/courses/choices', headers });
      expect([401, 403]).toContain(refused.statusCode);
    }
  });
});

describe('lessons: length and free preview', () => {
  it('the owner enters a length (m:ss) and marks a free preview; the course page lists both', async () => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id });
    const before = new Date(Date.now() - 60_000);
    await t.deps.db.update(courses).set({ updatedAt: before }).where(eq(courses.id, course.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vimeo/create',
      headers: admin.headers,
      payload: {
        title: 'Free intro',
        videoUrl: 'https://vimeo.com/76979871',
        module: module.id,
        length: '12:05',
        freePreview: true,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(adminVideoSchema.parse(res.json())).toMatchObject({ durationSeconds: 725, freePreview: true });
    const page = courseDetailSchema.parse((await get(`/api/courses/course/slug/${course.slug}`)).json());
    expect(page.modules[0]?.videos[0]).toMatchObject({ durationSeconds: 725, freePreview: true });
    // Changing a lesson bumps the course's "last updated".
    expect(new Date(page.updatedAt).getTime()).toBeGreaterThan(before.getTime());
    // Nobody gets the link from the page itself: only the preview route hands it out.
    expect(page.modules[0]?.videos[0]?.videoUrl).toBeUndefined();

    const edit = await asAdmin('PUT', `/api/videos/videos/${page.modules[0]?.videos[0]?._id}`, {
      title: 'Free intro',
      length: '',
      freePreview: false,
    });
    expect(edit.json()).toMatchObject({ durationSeconds: null, freePreview: false });
  });

  it.each(['abc', '5:7', '1:60', '99:99:99', '0:00'])('refuses the length %j', async (length) => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id });
    const res = await asAdmin('POST', '/api/vimeo/create', {
      title: 'Lesson',
      videoUrl: 'https://vimeo.com/76979871',
      module: module.id,
      length,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('length', COURSE_RULE_MESSAGES.lessonLengthInvalid);
  });

  it('Add Modules saves each lesson length and free-preview mark', async () => {
    const course = await seedCourse(t.deps.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/modules/bulk',
      headers: admin.headers,
      payload: {
        course: course.id,
        modules: [
          {
            title: 'Start',
            videos: [{ title: 'One', videoUrl: 'https://vimeo.com/76979871', length: '1:02:03', freePreview: true }],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(videos).where(eq(videos.title, 'One'));
    expect(row).toMatchObject({ durationSeconds: 3723, freePreview: true });
  });

  it('a free-preview lesson plays for anyone; other lessons and drafts are refused to non-buyers', async () => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id });
    const free = await seedVideo(t.deps.db, { moduleId: module.id, freePreview: true });
    const paid = await seedVideo(t.deps.db, { moduleId: module.id });
    const res = await get(`/api/courses/preview/${free.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(lessonPreviewSchema.parse(res.json())).toMatchObject({
      _id: free.id,
      videoUrl: 'https://player.vimeo.com/video/76979871',
    });
    expect((await get(`/api/courses/preview/${paid.id}`)).statusCode).toBe(404);
    expect((await get(`/api/courses/preview/${paid.id}`, learner.headers)).statusCode).toBe(404);
    const draft = await seedCourse(t.deps.db, { publishedAt: null });
    const draftModule = await seedModule(t.deps.db, { courseId: draft.id });
    const draftFree = await seedVideo(t.deps.db, { moduleId: draftModule.id, freePreview: true });
    expect((await get(`/api/courses/preview/${draftFree.id}`)).statusCode).toBe(404);
    expect((await get('/api/courses/preview/nope')).statusCode).toBe(404);
  });

  it('a free-preview upload gets a signed stream link that plays', async () => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id });
    const free = await seedVideo(t.deps.db, { moduleId: module.id, freePreview: true, source: 'file', url: null });
    // Without a stored file there is nothing to hand out.
    expect((await get(`/api/courses/preview/${free.id}`)).statusCode).toBe(404);
  });
});

describe('enrolment threshold', () => {
  it('is part of the public settings, saved by the admin and checked', async () => {
    const settings = (await get('/api/settings')).json();
    expect(settings.enrolmentThreshold).toBe(10);
    const put = (enrolmentThreshold: unknown) => asAdmin('PUT', '/api/settings', { ...settings, enrolmentThreshold });
    expect((await put(-1)).json()).toMatchObject({
      errors: { enrolmentThreshold: COURSE_RULE_MESSAGES.thresholdInvalid },
    });
    expect((await put(2.5)).statusCode).toBe(400);
    const saved = await put(3);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().enrolmentThreshold).toBe(3);
    expect((await get('/api/settings')).json().enrolmentThreshold).toBe(3);
  });
});
