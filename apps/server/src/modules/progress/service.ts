import { and, asc, eq } from 'drizzle-orm';
import { type CourseProgress, PROGRESS_MESSAGES } from '@oasis/shared/progress';
import type { Db } from '../../db/client.ts';
import { modules, videoProgress, videos } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { canWatchCourse, type Viewer } from '../access/service.ts';

/**
 * The learner's progress in a course. Progress is stored per video, not per module or course, so
 * adding a video to a finished course re-opens it and deleting one cannot leave a stale count.
 * A course without videos counts as completed (nothing is left to watch).
 */
export async function getCourseProgress(db: Db, userId: string, courseId: string): Promise<CourseProgress> {
  const rows = await db
    .select({ videoId: videos.id, doneAt: videoProgress.createdAt })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, userId)))
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.position), asc(videos.position), asc(videos.id));
  const completedVideoIds = rows.filter((row) => row.doneAt !== null).map((row) => row.videoId);
  return {
    courseId,
    completedVideoIds,
    totalVideos: rows.length,
    completed: completedVideoIds.length === rows.length,
  };
}

/**
 * Records that `user` watched a video to its end. Idempotent. 404 for an unknown video, 403 when
 * the video's course is not one the user may watch. Answers the course's progress afterwards.
 */
export async function recordVideoCompleted(db: Db, user: Viewer, videoId: string): Promise<CourseProgress> {
  const [video] = await db
    .select({ id: videos.id, courseId: modules.courseId })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) throw notFound(PROGRESS_MESSAGES.videoNotFound);
  if (!(await canWatchCourse(db, user, video.courseId))) throw forbidden(PROGRESS_MESSAGES.noAccess);
  try {
    await db.insert(videoProgress).values({ userId: user.id, videoId: video.id }).onConflictDoNothing();
  } catch (error) {
    // The video (or the account) was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(PROGRESS_MESSAGES.videoNotFound);
    throw error;
  }
  return getCourseProgress(db, user.id, video.courseId);
}

/** PostgreSQL's foreign_key_violation, as node-postgres or PGlite report it (possibly wrapped by Drizzle). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '23503') return true;
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}
