import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { type CourseLearning, completedPercent, type EnrolledCourse } from '@oasis/shared/progress';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media, modules, videoProgress, videos } from '../../db/schema.ts';
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
 * The courses a learner is enrolled in, most recently enrolled first, each with the learner's
 * progress in it. Archived courses stay in the list: buyers keep what they paid for.
 */
export async function listEnrolledCourses(db: Db, userId: string): Promise<EnrolledCourse[]> {
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
  const learning = await findLearning(
    db,
    userId,
    rows.map((r) => r.course.id),
  );
  return rows.map((r) => ({
    ...toCourse(r.course, r.thumbnail, students.get(r.course.id) ?? 0, settings.brandName),
    learning: learning.get(r.course.id) ?? emptyLearning(),
  }));
}

/** A course without lessons: nothing is left to watch (as `getCourseProgress` counts it). */
const emptyLearning = (): CourseLearning => ({
  completedVideos: 0,
  totalVideos: 0,
  percent: 100,
  completed: true,
  nextVideo: null,
});

/**
 * The learner's progress in each of `courseIds`, from one query over their lessons in watching
 * order (modules by position, then videos by position, as the watch page orders them), so the
 * list costs the same for one course or twenty.
 */
export async function findLearning(db: Db, userId: string, courseIds: string[]): Promise<Map<string, CourseLearning>> {
  const lessons = await db
    .select({
      courseId: modules.courseId,
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      doneAt: videoProgress.createdAt,
    })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, userId)))
    .where(inArray(modules.courseId, courseIds))
    .orderBy(asc(modules.courseId), asc(modules.position), asc(videos.position), asc(videos.id));
  const byCourse = new Map<string, CourseLearning>();
  for (const lesson of lessons) {
    const learning = byCourse.get(lesson.courseId) ?? { ...emptyLearning(), completed: false };
    learning.totalVideos += 1;
    if (lesson.doneAt !== null) learning.completedVideos += 1;
    else learning.nextVideo ??= { _id: lesson.id, title: lesson.title, titleAr: lesson.titleAr };
    byCourse.set(lesson.courseId, learning);
  }
  for (const learning of byCourse.values()) {
    learning.percent = completedPercent(learning.completedVideos, learning.totalVideos);
    learning.completed = learning.nextVideo === null;
  }
  return byCourse;
}
