import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CourseCompletion } from '@oasis/shared/progress';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { certificates, courseCompletions, quizAttempts, quizzes } from '../../db/schema.ts';
import { onCourseCompleted } from '../certificates/on-completion.ts';
import { getCourseProgress } from './service.ts';

/** What recording a completion needs: the database, and the mail for what follows it. */
export type CompletionDeps = Pick<Deps, 'db' | 'pageCache' | 'mailTransport' | 'config' | 'log'>;

/**
 * Whether a learner has passed the course's quiz: any attempt that reaches the pass mark as it is
 * now. Null when the course has no quiz.
 */
async function quizPassed(db: Db, userId: string, courseId: string): Promise<boolean | null> {
  const [quiz] = await db
    .select({ id: quizzes.id, passPercent: quizzes.passPercent })
    .from(quizzes)
    .where(eq(quizzes.courseId, courseId))
    .limit(1);
  if (!quiz) return null;
  const [passed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizId, quiz.id),
        sql`${quizAttempts.total} > 0 and ${quizAttempts.score} * 100 >= ${quiz.passPercent} * ${quizAttempts.total}`,
      ),
    );
  return Number(passed?.n ?? 0) > 0;
}

/**
 * The one rule of a finished course: every lesson complete (a lesson of a course that requires
 * watching completes only once watched, see service.ts) and, where the course has a quiz, an
 * attempt that passed. `completedAt` is the moment recorded when it first became true.
 */
export async function getCourseCompletion(db: Db, userId: string, courseId: string): Promise<CourseCompletion> {
  const progress = await getCourseProgress(db, userId, courseId);
  const passed = await quizPassed(db, userId, courseId);
  const [row] = await db
    .select({ completedAt: courseCompletions.completedAt })
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)))
    .limit(1);
  // The learner's current certificate for the course (a re-issue replaces it; a revoked one is not offered).
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.courseId, courseId),
        isNull(certificates.replacedById),
        isNull(certificates.revokedAt),
      ),
    )
    .limit(1);
  return {
    ...(certificate ? { certificateId: certificate.id } : {}),
    complete: progress.completed && passed !== false,
    completedAt: row?.completedAt.toISOString() ?? null,
    lessonsDone: progress.completedVideoIds.length,
    lessonsTotal: progress.totalVideos,
    hasQuiz: passed !== null,
    quizPassed: passed === true,
  };
}

/**
 * Records the completion when the course is now complete for the learner: called after a lesson
 * completes and after a passing attempt. The row is unique per learner and course and inserted with
 * ON CONFLICT DO NOTHING, so of two last steps arriving together exactly one inserts it, and only
 * that one hands the completion on (certificate, e-mail). Answers the completion.
 */
export async function recordCompletionIfComplete(
  deps: CompletionDeps,
  userId: string,
  courseId: string,
): Promise<CourseCompletion> {
  const completion = await getCourseCompletion(deps.db, userId, courseId);
  if (!completion.complete || completion.completedAt) return completion;
  const [inserted] = await deps.db
    .insert(courseCompletions)
    .values({ userId, courseId })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await onCourseCompleted(deps, { userId, courseId, completionId: inserted.id });
    return { ...completion, completedAt: inserted.completedAt.toISOString() };
  }
  return getCourseCompletion(deps.db, userId, courseId);
}
