import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Course } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media } from '../../db/schema.ts';
import { toCourse } from '../courses/service.ts';
import { getSettings } from '../settings/service.ts';

/**
 * Enrols a learner in a course, once: a second call (a replayed confirmation, a second paid order)
 * changes nothing. Pass a transaction as `db` to enrol together with other writes. Returns whether
 * this call created the enrolment.
 */
export async function enrol(db: Db, input: { userId: string; courseId: string; orderId?: string | null }) {
  const rows = await db
    .insert(enrolments)
    .values({ userId: input.userId, courseId: input.courseId, orderId: input.orderId ?? null })
    .onConflictDoNothing({ target: [enrolments.userId, enrolments.courseId] })
    .returning({ id: enrolments.id });
  return rows.length > 0;
}

export async function isEnrolled(db: Db, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The courses a learner is enrolled in, most recently enrolled first. Archived courses stay in the
 * list: buyers keep what they paid for.
 */
export async function listEnrolledCourses(db: Db, userId: string): Promise<Course[]> {
  const [rows, settings] = await Promise.all([
    db
      .select({ course: courses, thumbnail: media })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .leftJoin(media, eq(media.id, courses.thumbnailId))
      .where(eq(enrolments.userId, userId))
      .orderBy(desc(enrolments.createdAt), desc(enrolments.id)),
    getSettings(db),
  ]);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ courseId: enrolments.courseId, students: count() })
    .from(enrolments)
    .where(
      inArray(
        enrolments.courseId,
        rows.map((r) => r.course.id),
      ),
    )
    .groupBy(enrolments.courseId);
  const students = new Map(counts.map((c) => [c.courseId, Number(c.students)]));
  return rows.map((r) => toCourse(r.course, r.thumbnail, students.get(r.course.id) ?? 0, settings.brandName));
}
