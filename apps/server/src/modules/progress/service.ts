import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  type CourseProgress,
  requiredWatchSeconds,
  WATCH_RULES,
  type WatchReportInput,
  type WatchReportResult,
} from '@oasis/shared/progress';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { courses, modules, videoProgress, videos, videoWatchTime } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { canWatchCourse, type Viewer } from '../access/service.ts';
import { contentChanged } from '../../lib/content-changed.ts';

/**
 * The learner's progress in a course. Progress is stored per video, not per module or course, so
 * adding a video to a finished course re-opens it and deleting one cannot leave a stale count.
 * A course without videos counts as completed (nothing is left to watch).
 */
export async function getCourseProgress(db: Db, userId: string, courseId: string): Promise<CourseProgress> {
  const [course] = await db
    .select({
      requireWatching: courses.requireWatching,
      watchSharePercent: courses.watchSharePercent,
      lessonsInOrder: courses.lessonsInOrder,
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound('core.courseNotFound');
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
    requireWatching: course.requireWatching,
    watchSharePercent: course.watchSharePercent,
    lessonsInOrder: course.lessonsInOrder,
  };
}

/** A lesson video with its course's watching rule; 404 unless it exists, 403 unless `user` may watch it. */
async function requireLessonVideo(db: Db, user: Viewer, videoId: string) {
  const [video] = await db
    .select({
      id: videos.id,
      courseId: modules.courseId,
      durationSeconds: videos.durationSeconds,
      requireWatching: courses.requireWatching,
      watchSharePercent: courses.watchSharePercent,
      lessonsInOrder: courses.lessonsInOrder,
    })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) throw notFound('progress.videoNotFound');
  if (!(await canWatchCourse(db, user, video.courseId))) throw forbidden('progress.noAccess');
  if (video.lessonsInOrder) await assertLessonOpen(db, user.id, video.courseId, video.id);
  return video;
}

/**
 * On a course with lessons in order, a lesson opens once every lesson before it (in watching
 * order) is complete: 409 otherwise. A lesson already completed stays open.
 */
async function assertLessonOpen(db: Db, userId: string, courseId: string, videoId: string) {
  const { completedVideoIds } = await getCourseProgress(db, userId, courseId);
  if (completedVideoIds.includes(videoId)) return;
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.position), asc(videos.position), asc(videos.id));
  const done = new Set(completedVideoIds);
  for (const row of rows) {
    if (row.id === videoId) return;
    if (!done.has(row.id)) throw conflict('progress.lessonLocked');
  }
}

type LessonVideo = Awaited<ReturnType<typeof requireLessonVideo>>;

/**
 * Whether the time credited for a lesson reaches the course's share of the lesson's length. The
 * length is the lesson's own (`videos.duration_seconds`), the same for every learner: what a
 * learner's player says about it never counts here.
 */
function hasWatchedEnough(watchedSeconds: number | undefined, lessonSeconds: number | null, share: number) {
  if (!lessonSeconds || watchedSeconds === undefined) return false;
  return watchedSeconds >= requiredWatchSeconds(lessonSeconds, share);
}

/** A lesson length the server accepts: positive and at most a day, in whole seconds; else unknown. */
function credibleDuration(duration: number | undefined): number | null {
  if (duration === undefined || !(duration >= 1) || duration > WATCH_RULES.maxDurationSeconds) return null;
  return Math.round(duration);
}

/**
 * The seconds one report adds: the time really elapsed since the previous counted report, at most
 * `maxCreditSeconds`; nothing when it comes sooner than `minGapSeconds` after it (or before it,
 * with a clock that went back). The position the player claims is never counted.
 */
export function creditedSeconds(lastReportAt: Date, now: Date): number {
  const elapsed = (now.getTime() - lastReportAt.getTime()) / 1000;
  if (!(elapsed >= WATCH_RULES.minGapSeconds)) return 0;
  return Math.floor(Math.min(elapsed, WATCH_RULES.maxCreditSeconds));
}

/**
 * `POST /progress/videos/{videoId}/watch`: one periodic report of the player. The first report
 * only starts the clock; each later one adds `creditedSeconds`. The share to watch is taken of the
 * lesson's stored length; a lesson without one gets the first credible reported length, for every
 * learner (`keepLessonLength`). On a course that requires watching, the lesson completes here as
 * soon as the watched share is reached.
 */
export async function recordWatchReport(
  deps: Pick<Deps, 'db' | 'pageCache'>,
  user: Viewer,
  videoId: string,
  report: WatchReportInput,
  now = new Date(),
): Promise<WatchReportResult> {
  const { db } = deps;
  const video = await requireLessonVideo(db, user, videoId);
  const reported = credibleDuration(report.duration);
  const lessonSeconds =
    video.durationSeconds ?? (reported === null ? null : await keepLessonLength(deps, video.id, reported));
  const watch = await withVideoStillThere(() =>
    db.transaction(async (tx) => {
      const [started] = await tx
        .insert(videoWatchTime)
        .values({ userId: user.id, videoId: video.id, lastReportAt: now })
        .onConflictDoNothing()
        .returning();
      if (started) return started;
      // Locked until commit: reports sent in parallel are counted one after the other, so only
      // the first of them finds time elapsed since the previous one.
      const [row] = await tx
        .select()
        .from(videoWatchTime)
        .where(and(eq(videoWatchTime.userId, user.id), eq(videoWatchTime.videoId, video.id)))
        .for('update');
      if (!row) throw notFound('progress.videoNotFound');
      const credit = creditedSeconds(row.lastReportAt, now);
      if (credit === 0) return row;
      const [updated] = await tx
        .update(videoWatchTime)
        .set({ watchedSeconds: row.watchedSeconds + credit, lastReportAt: now, updatedAt: now })
        .where(and(eq(videoWatchTime.userId, user.id), eq(videoWatchTime.videoId, video.id)))
        .returning();
      return updated ?? row;
    }),
  );
  if (video.requireWatching && hasWatchedEnough(watch.watchedSeconds, lessonSeconds, video.watchSharePercent)) {
    await insertCompletion(db, user.id, video.id);
  }
  const progress = await getCourseProgress(db, user.id, video.courseId);
  return {
    videoId: video.id,
    watchedSeconds: watch.watchedSeconds,
    durationSeconds: lessonSeconds,
    requiredSeconds:
      video.requireWatching && lessonSeconds !== null
        ? requiredWatchSeconds(lessonSeconds, video.watchSharePercent)
        : null,
    completed: progress.completedVideoIds.includes(video.id),
    progress,
  };
}

/**
 * Gives a lesson without a length the `seconds` a player reported, and answers the lesson's length
 * afterwards. One conditional UPDATE: of first reports arriving together, exactly one sets the
 * length and the others read it, so no learner keeps a shorter length of their own. The owner sees
 * it marked as the player's in the admin and can correct it. The public course content is
 * refreshed once per lesson, not on every report.
 */
export async function keepLessonLength(
  deps: Pick<Deps, 'db' | 'pageCache'>,
  videoId: string,
  seconds: number,
): Promise<number | null> {
  const updated = await deps.db
    .update(videos)
    .set({ durationSeconds: seconds, durationSource: 'player' })
    .where(and(eq(videos.id, videoId), isNull(videos.durationSeconds)))
    .returning({ durationSeconds: videos.durationSeconds });
  if (updated.length > 0) {
    await contentChanged.catalogue(deps);
    return seconds;
  }
  const [stored] = await deps.db
    .select({ durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(eq(videos.id, videoId));
  return stored?.durationSeconds ?? null;
}

/**
 * Records that `user` watched a video to its end. Idempotent. 404 for an unknown video, 403 when
 * the video's course is not one the user may watch; on a course that requires watching, 409 until
 * the server has seen the share of the lesson watched (a lesson already completed stays so).
 * Answers the course's progress afterwards.
 */
export async function recordVideoCompleted(db: Db, user: Viewer, videoId: string): Promise<CourseProgress> {
  const video = await requireLessonVideo(db, user, videoId);
  if (video.requireWatching) await assertWatchedEnough(db, user.id, video);
  await insertCompletion(db, user.id, video.id);
  return getCourseProgress(db, user.id, video.courseId);
}

async function assertWatchedEnough(db: Db, userId: string, video: LessonVideo) {
  const mine = (table: typeof videoProgress | typeof videoWatchTime) =>
    and(eq(table.userId, userId), eq(table.videoId, video.id));
  const [done] = await db.select({ at: videoProgress.createdAt }).from(videoProgress).where(mine(videoProgress));
  if (done) return;
  const [watch] = await db.select().from(videoWatchTime).where(mine(videoWatchTime));
  if (!hasWatchedEnough(watch?.watchedSeconds, video.durationSeconds, video.watchSharePercent))
    throw conflict('progress.watchFirst');
}

async function insertCompletion(db: Db, userId: string, videoId: string) {
  await withVideoStillThere(() => db.insert(videoProgress).values({ userId, videoId }).onConflictDoNothing());
}

/** The video (or the account) deleted between the access check and a write: 404, not 500. */
async function withVideoStillThere<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound('progress.videoNotFound');
    throw error;
  }
}

/** PostgreSQL's foreign_key_violation, as node-postgres or PGlite report it (possibly wrapped by Drizzle). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '23503') return true;
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}
