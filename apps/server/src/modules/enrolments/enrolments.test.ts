import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { enrolledCourseListSchema } from '@oasis/shared/progress';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../../db/factories.ts';
import { courses, videoProgress } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { enrol, isEnrolled } from './service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

async function learner() {
  const user = await seedUser(t.deps.db);
  const { token } = await createSession(t.deps.db, user.id, 'learner');
  return { user, auth: { authorization: `Bearer ${token}` } };
}

function enrolled(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/courses/enrolled', headers });
}

describe('GET /api/courses/enrolled', () => {
  it('needs a signed-in learner', async () => {
    expect((await enrolled({})).statusCode).toBe(401);
    expect((await enrolled({ authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('answers an empty list for a learner without courses', async () => {
    const { auth } = await learner();
    const res = await enrolled(auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ courses: [] });
  });

  it("lists the learner's own courses, newest enrolment first, archived ones included", async () => {
    const me = await learner();
    const someoneElse = await learner();
    const first = await seedCourse(t.deps.db, { title: 'Dubai Basics', priceFils: 50_000 });
    const second = await seedCourse(t.deps.db, { title: 'Off-plan Deep Dive', priceFils: 88_800 });
    const theirs = await seedCourse(t.deps.db, { title: 'Not Mine' });
    await seedEnrolment(t.deps.db, { userId: me.user.id, courseId: first.id });
    await seedEnrolment(t.deps.db, { userId: me.user.id, courseId: second.id });
    await seedEnrolment(t.deps.db, { userId: someoneElse.user.id, courseId: theirs.id });
    await seedEnrolment(t.deps.db, { userId: someoneElse.user.id, courseId: second.id });
    // Archived after it was bought: buyers keep it.
    await t.deps.db.update(courses).set({ archivedAt: new Date() }).where(eq(courses.id, first.id));

    const body = enrolledCourseListSchema.parse((await enrolled(me.auth)).json());
    expect(body.courses.map((c) => c.slug)).toEqual([second.slug, first.slug]);
    expect(body.courses[0]).toMatchObject({ _id: second.id, title: 'Off-plan Deep Dive', price: 888, students: 2 });
    expect(body.courses[1]).toMatchObject({ _id: first.id, students: 1 });
  });
});

describe('GET /api/courses/enrolled: progress', () => {
  it('gives each course its percentage and the next lesson in watching order', async () => {
    const me = await learner();
    const other = await learner();
    const db = t.deps.db;
    const course = await seedCourse(db, { title: 'Three lessons' });
    // Module positions, not creation order, decide the order: the second module comes first.
    const later = await seedModule(db, { courseId: course.id, position: 1 });
    const first = await seedModule(db, { courseId: course.id, position: 0 });
    const a = await seedVideo(db, { moduleId: first.id, position: 0, title: 'Intro', titleAr: 'مقدمة' });
    const b = await seedVideo(db, { moduleId: first.id, position: 1, title: 'Contracts' });
    const c = await seedVideo(db, { moduleId: later.id, position: 0, title: 'Handover' });
    const done = await seedCourse(db, { title: 'Finished' });
    const doneModule = await seedModule(db, { courseId: done.id });
    const only = await seedVideo(db, { moduleId: doneModule.id });
    const empty = await seedCourse(db, { title: 'No lessons yet' });
    for (const id of [course.id, done.id, empty.id]) await seedEnrolment(db, { userId: me.user.id, courseId: id });
    await seedEnrolment(db, { userId: other.user.id, courseId: course.id });
    await db.insert(videoProgress).values([
      { userId: me.user.id, videoId: a.id },
      { userId: me.user.id, videoId: only.id },
      // Someone else's progress counts for nobody else.
      { userId: other.user.id, videoId: b.id },
      { userId: other.user.id, videoId: c.id },
    ]);

    const body = enrolledCourseListSchema.parse((await enrolled(me.auth)).json());
    const learning = Object.fromEntries(body.courses.map((x) => [x._id, x.learning]));
    expect(learning[course.id]).toEqual({
      completedVideos: 1,
      totalVideos: 3,
      percent: 33,
      completed: false,
      nextVideo: { _id: b.id, title: 'Contracts', titleAr: '' },
    });
    expect(learning[done.id]).toEqual({
      completedVideos: 1,
      totalVideos: 1,
      percent: 100,
      completed: true,
      nextVideo: null,
    });
    expect(learning[empty.id]).toMatchObject({ totalVideos: 0, percent: 100, completed: true, nextVideo: null });

    const theirs = enrolledCourseListSchema.parse((await enrolled(other.auth)).json());
    expect(theirs.courses[0]?.learning).toMatchObject({ completedVideos: 2, percent: 66, nextVideo: { _id: a.id } });
  });
});

describe('enrol', () => {
  it('enrols once; a second call changes nothing', async () => {
    const { user } = await learner();
    const course = await seedCourse(t.deps.db);
    expect(await isEnrolled(t.deps.db, user.id, course.id)).toBe(false);
    expect(await enrol(t.deps.db, { userId: user.id, courseId: course.id })).toBe(true);
    expect(await enrol(t.deps.db, { userId: user.id, courseId: course.id })).toBe(false);
    expect(await isEnrolled(t.deps.db, user.id, course.id)).toBe(true);
  });
});
