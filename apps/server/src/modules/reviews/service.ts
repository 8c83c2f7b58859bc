import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  type AdminReview,
  type CourseRating,
  courseRating,
  type MyReview,
  type PublicReview,
  pastAThird,
  REVIEW_LIMITS,
  type ReviewStatus,
  reviewerName,
} from '@oasis/shared/reviews';
import type { Db } from '../../db/client.ts';
import { courseReviews, courses, modules, users, videoProgress, videos } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isEnrolled } from '../enrolments/service.ts';

/** A course's approved reviews as the public pages show them: only courses with enough of them. */
export interface CourseReviews {
  rating: CourseRating;
  reviews: PublicReview[];
}

/** The lessons a course has and how many of them `userId` completed (`video_progress`). */
export async function lessonCounts(db: Db, userId: string, courseId: string) {
  const [row] = await db
    .select({ lessons: count(videos.id).mapWith(Number), completed: count(videoProgress.videoId).mapWith(Number) })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, userId)))
    .where(eq(modules.courseId, courseId));
  return { lessons: row?.lessons ?? 0, completed: row?.completed ?? 0 };
}

async function requireCourse(db: Db, courseId: string) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw notFound('core.courseNotFound');
}

/** `GET /reviews/courses/{courseId}/mine`: the learner's review, and whether they may write one. */
export async function getMyReview(db: Db, userId: string, courseId: string): Promise<MyReview> {
  await requireCourse(db, courseId);
  if (!(await isEnrolled(db, userId, courseId))) throw forbidden('reviewRules.notEnrolled');
  const { lessons, completed } = await lessonCounts(db, userId, courseId);
  const [row] = await db
    .select()
    .from(courseReviews)
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)))
    .limit(1);
  return {
    lessons,
    completed,
    canReview: pastAThird(completed, lessons),
    review: row
      ? { rating: row.rating, text: row.text, status: row.status, updatedAt: row.updatedAt.toISOString() }
      : null,
  };
}

/**
 * `PUT /reviews/courses/{courseId}/mine`: an enrolled learner past a third of the lessons rates the
 * course. One review per learner and course (a unique key): a second submit edits it, and an edited
 * review that was approved waits for the owner again; a hidden one stays hidden.
 */
export async function saveMyReview(
  db: Db,
  userId: string,
  courseId: string,
  input: { rating: number; text: string },
): Promise<MyReview> {
  const mine = await getMyReview(db, userId, courseId);
  if (!mine.canReview) throw forbidden('reviewRules.tooEarly');
  await db
    .insert(courseReviews)
    .values({ courseId, userId, rating: input.rating, text: input.text })
    .onConflictDoUpdate({
      target: [courseReviews.courseId, courseReviews.userId],
      set: {
        rating: input.rating,
        text: input.text,
        status: sql`case when ${courseReviews.status} = 'hidden' then 'hidden'::review_status else 'waiting'::review_status end`,
        updatedAt: new Date(),
      },
    });
  return getMyReview(db, userId, courseId);
}

/** `GET /admin/reviews`: waiting ones first, then the newest; by course and state when asked. */
export async function listAdminReviews(
  db: Db,
  query: { course?: string; status?: ReviewStatus },
): Promise<AdminReview[]> {
  const where = and(
    query.course ? eq(courseReviews.courseId, query.course) : undefined,
    query.status ? eq(courseReviews.status, query.status) : undefined,
  );
  const found = await db
    .select({ review: courseReviews, name: users.name, courseTitle: courses.title })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(where)
    .orderBy(sql`${courseReviews.status} = 'waiting' desc`, desc(courseReviews.updatedAt), asc(courseReviews.id))
    .limit(500);
  return found.map(({ review, name, courseTitle }) => ({
    _id: review.id,
    courseId: review.courseId,
    courseTitle,
    reviewer: reviewerName(name),
    rating: review.rating,
    text: review.text,
    status: review.status,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  }));
}

/** `PUT /admin/reviews/{id}/status`: the owner approves or hides a review. */
export async function setReviewStatus(db: Db, id: string, status: 'approved' | 'hidden'): Promise<{ message: string }> {
  const [row] = await db
    .update(courseReviews)
    .set({ status })
    .where(eq(courseReviews.id, id))
    .returning({ id: courseReviews.id });
  if (!row) throw notFound('reviewRules.reviewNotFound');
  return { message: status };
}

/**
 * The read model's 'reviews' part: per course with at least `REVIEW_LIMITS.minShown` approved
 * reviews, its rating (average to one decimal, count) and its newest approved reviews. Hidden and
 * waiting reviews are neither counted nor listed.
 */
export async function loadCourseReviews(db: Db): Promise<Map<string, CourseReviews>> {
  const totals = await db
    .select({
      courseId: courseReviews.courseId,
      sum: sql<number>`sum(${courseReviews.rating})`.mapWith(Number),
      count: count().mapWith(Number),
    })
    .from(courseReviews)
    .where(eq(courseReviews.status, 'approved'))
    .groupBy(courseReviews.courseId)
    .having(sql`count(*) >= ${REVIEW_LIMITS.minShown}`);
  const shown = new Map<string, CourseReviews>();
  if (!totals.length) return shown;
  const listed = await db
    .select({ review: courseReviews, name: users.name })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(
      and(
        eq(courseReviews.status, 'approved'),
        sql`(select count(*) from ${courseReviews} newer
              where newer.course_id = ${courseReviews.courseId} and newer.status = 'approved'
                and (newer.created_at, newer.id) > (${courseReviews.createdAt}, ${courseReviews.id})) < ${REVIEW_LIMITS.listed}`,
      ),
    )
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id));
  for (const total of totals) {
    const rating = courseRating(total.sum, total.count);
    if (rating) shown.set(total.courseId, { rating, reviews: [] });
  }
  for (const { review, name } of listed) {
    shown.get(review.courseId)?.reviews.push({
      _id: review.id,
      rating: review.rating,
      text: review.text,
      reviewer: reviewerName(name),
      createdAt: review.createdAt.toISOString(),
    });
  }
  return shown;
}
