import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCoursePageSchema, adminCourseSchema, deleteCourseResultSchema } from '@oasis/shared/admin/courses';
import { courseDetailSchema, courseListSchema } from '@oasis/shared/api';
import { fakeMp4, jpeg, signIn } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedQuiz, seedVideo } from '../../db/factories.ts';
import { courses, media, modules, orders, quizzes, videos } from '../../db/schema.ts';
import { createPublicSiteData } from '../../site-data.ts';
import { storeImage, storeVideo } from '../media/service.ts';
import { setUpCourseAdminTests } from './courses-admin.fixtures.ts';

const { t, admin } = setUpCourseAdminTests();
/** A request with the admin's session. */
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

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
    const res = await asAdmin('DELETE', `/api/courses/course/${course.id}`);
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
    const again = await asAdmin('DELETE', `/api/courses/course/${course.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('keeps a thumbnail another course still uses', async () => {
    const thumb = await storeImage(t.deps, await jpeg(330, 200));
    const a = await seedCourse(t.deps.db, { title: 'Shares A', thumbnailId: thumb.id });
    await seedCourse(t.deps.db, { title: 'Shares B', thumbnailId: thumb.id });
    await asAdmin('DELETE', `/api/courses/course/${a.id}`);
    expect(await t.deps.storage.size(`${thumb.key}/320.jpg`)).toBeGreaterThan(0);
  });

  it('archives a course learners paid for: gone from the catalogue, buyers keep access and their list', async () => {
    const { course, file } = await courseWithEverything('Bought Course');
    const buyer = await signIn(t.deps.db, 'learner');
    await seedEnrolment(t.deps.db, { userId: buyer.user.id, courseId: course.id, amountFils: 10_000 });

    const res = await asAdmin('DELETE', `/api/courses/course/${course.slug}`);
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
    const list = adminCoursePageSchema.parse((await asAdmin('GET', '/api/admin/courses')).json()).courses;
    expect(list.find((c) => c._id === course.id)).toMatchObject({
      archived: true,
      enrolments: 1,
      moduleCount: 1,
      videoCount: 2,
      hasQuiz: true,
    });

    const before = t.deps.pageCache.version;
    const restored = await asAdmin('POST', `/api/admin/courses/${course.id}/restore`);
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
    const res = await asAdmin('DELETE', `/api/courses/course/${course.id}`);
    expect(res.json()).toMatchObject({ archived: true });
  });
});

describe('GET /api/admin/courses', () => {
  it('lists every course, archived ones flagged, latest first', async () => {
    const archived = await seedCourse(t.deps.db, { title: 'Archived One', archivedAt: new Date() });
    const res = await asAdmin('GET', '/api/admin/courses');
    expect(res.statusCode).toBe(200);
    const list = adminCoursePageSchema.parse(res.json()).courses;
    expect(list.find((c) => c._id === archived.id)).toMatchObject({ archived: true, archivedAt: expect.any(String) });
    const times = list.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('restoring an unknown course is a 404', async () => {
    const res = await asAdmin('POST', '/api/admin/courses/nope/restore');
    expect(res.statusCode).toBe(404);
  });
});
