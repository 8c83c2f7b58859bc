import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, enrolments } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { RequestAuth } from '../auth/sessions.ts';

/** Who is asking: the signed-in user's id and role (a users row fits). */
export interface Viewer {
  id: string;
  role: 'learner' | 'admin';
}

/**
 * Whether `user` may watch the course's lessons: an admin always may, a learner only with an
 * enrolment for that course. Archived courses stay watchable for their buyers. Anonymous: never.
 */
export async function canWatchCourse(db: Db, user: Viewer | null | undefined, courseId: string): Promise<boolean> {
  if (!user) return false;
  if (user.role === 'admin') return true;
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Throws 404 when the course does not exist (course ids are public anyway), 403 when the user
 * may not watch it. Returns the course's id and title.
 */
export async function requireCourseAccess(db: Db, user: Viewer, courseId: string) {
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound('core.courseNotFound');
  if (!(await canWatchCourse(db, user, course.id))) throw forbidden('progress.noAccess');
  return course;
}

/**
 * An admin signed in at /admin/login (not an admin account that used the learner login): the only
 * caller who may ever see a quiz's correct answers.
 */
export function isAdminSession(auth: RequestAuth | null | undefined): boolean {
  return Boolean(auth && auth.sessionKind === 'admin' && auth.user.role === 'admin');
}
