import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolledCoursesSchema } from '@oasis/shared/payments';
import { setUpTestApp } from '../../../test/helpers.ts';
import { seedCourse, seedEnrolment, seedUser } from '../../db/factories.ts';
import { courses } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { enrol, isEnrolled } from './service.ts';

const t = setUpTestApp();

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

    const body = enrolledCoursesSchema.parse((await enrolled(me.auth)).json());
    expect(body.courses.map((c) => c.slug)).toEqual([second.slug, first.slug]);
    expect(body.courses[0]).toMatchObject({ _id: second.id, title: 'Off-plan Deep Dive', price: 888, students: 2 });
    expect(body.courses[1]).toMatchObject({ _id: first.id, students: 1 });
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
