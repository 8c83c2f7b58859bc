import { and, desc, eq, sql } from 'drizzle-orm';
import type { ErrorRef } from '@oasis/shared/error-codes';
import type { Locale } from '@oasis/shared/i18n';
import {
  type CourseQuiz,
  hasPassed,
  type LastQuizAttempt,
  nextAttemptParts,
  type QuizAttemptResult,
  type QuizAttemptStatus,
  type QuizSettings,
  scorePercent,
} from '@oasis/shared/quiz';
import type { Db } from '../../db/client.ts';
import { quizAttempts, quizzes } from '../../db/schema.ts';
import { TooManyAttemptsError } from '../../lib/attempt-limiter.ts';
import { forbidden, notFound, validationError } from '../../lib/errors.ts';
import type { RequestAuth } from '../auth/sessions.ts';
import { isAdminSession, requireCourseAccess, type Viewer } from '../access/service.ts';
import { getCourseProgress } from '../progress/service.ts';

import {
  getQuizStats,
  gradeAnswers,
  listQuestions,
  type QuestionRow,
  type QuizRow,
  toAdminQuestion,
  toLearnerQuestion,
} from './rows.ts';

/* Learners: the quiz of a course, the attempt policy, and taking an attempt. */

const HOUR_MS = 3_600_000;

/**
 * Whether one more attempt is allowed under the quiz's policy, given the attempts made so far and
 * when the latest was. 'limit': `attemptCount` in all. 'wait': rounds of `attemptCount`; after a
 * full round the next opens `waitHours` after its last attempt. Counting rounds from the total
 * keeps the rule stateless: nothing but the attempts themselves needs storing.
 */
export function getAttemptStatus(
  settings: Pick<QuizSettings, 'attemptPolicy' | 'attemptCount' | 'waitHours'>,
  attempts: number,
  latestAt: Date | null,
  now: Date,
): QuizAttemptStatus {
  const { attemptPolicy, attemptCount, waitHours } = settings;
  const attemptLimit = attemptCount;
  if (attemptPolicy === 'limit') {
    return { attemptPolicy, attemptLimit, attemptsLeft: Math.max(0, attemptCount - attempts), nextAttemptAt: null };
  }
  if (attemptPolicy === 'wait') {
    const roundFull = attempts > 0 && attempts % attemptCount === 0;
    if (roundFull && latestAt) {
      const opensAt = new Date(latestAt.getTime() + waitHours * HOUR_MS);
      if (opensAt > now) return { attemptPolicy, attemptLimit, attemptsLeft: 0, nextAttemptAt: opensAt.toISOString() };
    }
    return { attemptPolicy, attemptLimit, attemptsLeft: attemptCount - (attempts % attemptCount), nextAttemptAt: null };
  }
  return { attemptPolicy: 'unlimited', attemptLimit: null, attemptsLeft: null, nextAttemptAt: null };
}

/** 429 with Retry-After and the shared wording of when the quiz opens again. */
class QuizWaitError extends TooManyAttemptsError {
  constructor(
    readonly nextAttemptAt: string,
    now: Date,
  ) {
    super(Math.max(1, Math.ceil((Date.parse(nextAttemptAt) - now.getTime()) / 1000)), {
      code: 'api.quizWaitForNextAttempt',
      values: nextAttemptParts(nextAttemptAt),
    });
  }

  /** The day and time written the locale's way. */
  override valuesIn(locale: Locale) {
    return nextAttemptParts(this.nextAttemptAt, locale);
  }
}

/** The refusal once every attempt is used, with their number (one has a sentence of its own). */
function attemptsUsedUp(limit: number): ErrorRef {
  return limit === 1 ? 'api.quizAttemptsUsedUpOne' : { code: 'api.quizAttemptsUsedUp', values: { limit } };
}

/** Refuses an attempt the policy does not allow now: 403 when all are used, 429 while waiting. */
function assertAttemptAllowed(quiz: QuizRow, status: QuizAttemptStatus, now: Date) {
  if (status.nextAttemptAt) throw new QuizWaitError(status.nextAttemptAt, now);
  if (status.attemptsLeft === 0) throw forbidden(attemptsUsedUp(status.attemptLimit ?? quiz.attemptCount));
}

/**
 * The course's quiz for someone who may watch the course. Correct answers only for an admin
 * session; everyone else gets questions and options. 404 'Quiz not found' when there is none.
 */
export async function getCourseQuiz(
  db: Db,
  auth: RequestAuth,
  courseId: string,
  now = new Date(),
): Promise<CourseQuiz> {
  const course = await requireCourseAccess(db, auth.user, courseId);
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.courseId, course.id)).limit(1);
  if (!quiz) throw notFound('quiz.quizNotFound');
  const questions = await listQuestions(db, quiz.id);
  if (questions.length === 0) throw notFound('quiz.quizNotFound');
  const reveal = isAdminSession(auth);
  const { latestAt, ...stats } = await getQuizStats(db, auth.user.id, quiz.id);
  return {
    _id: quiz.id,
    courseId: quiz.courseId,
    total: questions.length,
    questions: questions.map((q) => (reveal ? toAdminQuestion(q) : toLearnerQuestion(q))),
    passPercent: quiz.passPercent,
    ...stats,
    ...getAttemptStatus(quiz, stats.attempts, latestAt, now),
    lastAttempt: await getLastAttempt(db, auth.user.id, quiz, questions),
  };
}

/**
 * The caller's latest attempt as it was graded (score and total as stored), judged against the
 * quiz's pass mark now. Per-question results only when the owner shows them and the quiz still has
 * as many questions as the attempt answered (an edited quiz cannot be marked against old answers).
 */
async function getLastAttempt(
  db: Db,
  userId: string,
  quiz: QuizRow,
  questions: QuestionRow[],
): Promise<LastQuizAttempt | null> {
  const [latest] = await db
    .select({ answers: quizAttempts.answers, score: quizAttempts.score, total: quizAttempts.total })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quiz.id)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(1);
  if (!latest) return null;
  const { answers, score, total } = latest;
  const markable = quiz.showQuestionResults && answers.length === questions.length;
  return {
    score,
    total,
    percent: scorePercent(score, total),
    passed: hasPassed(score, total, quiz.passPercent),
    answers,
    ...(markable && {
      questions: questions.map((q, i) => ({
        _id: q.id,
        correct: answers[i] === q.correctAnswer,
        correctAnswer: q.correctAnswer,
      })),
    }),
  };
}

/**
 * Grades and stores one attempt: the score, its percentage and whether it reaches the quiz's pass
 * mark. Refused (403) until the learner has completed every video of
 * the course; 400 unless there is exactly one answer per question; 403 or 429 when the quiz's
 * attempt policy allows no attempt now. Answers the correct options only when the owner shows
 * per-question results.
 */
export async function submitQuizAttempt(
  db: Db,
  user: Viewer,
  courseId: string,
  answers: number[],
  now = new Date(),
): Promise<QuizAttemptResult> {
  const course = await requireCourseAccess(db, user, courseId);
  return db.transaction(async (tx) => {
    // One learner's submissions to one course's quiz run one at a time (until commit), so
    // counting the attempts and storing the new one cannot interleave: ten parallel requests
    // against a limit of three store exactly three. Other learners are not held up.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quiz-attempt:${course.id}:${user.id}`}, 0))`);
    // FOR SHARE: an admin edit of this quiz waits until the attempt is stored, so the answers are
    // graded against the questions the count was checked against.
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.courseId, course.id)).for('share').limit(1);
    if (!quiz) throw notFound('quiz.quizNotFound');
    const questions = await listQuestions(tx, quiz.id);
    if (questions.length === 0) throw notFound('quiz.quizNotFound');
    const progress = await getCourseProgress(tx, user.id, course.id);
    if (!progress.completed) throw forbidden('quiz.locked');
    if (answers.length !== questions.length) throw validationError({ answers: 'quiz.answersInvalid' });
    const before = await getQuizStats(tx, user.id, quiz.id);
    assertAttemptAllowed(quiz, getAttemptStatus(quiz, before.attempts, before.latestAt, now), now);

    const correct = questions.map((q) => q.correctAnswer);
    const score = gradeAnswers(correct, answers);
    await tx
      .insert(quizAttempts)
      .values({ userId: user.id, quizId: quiz.id, answers, score, total: questions.length, createdAt: now });
    const stats = await getQuizStats(tx, user.id, quiz.id);
    return {
      score,
      total: questions.length,
      percent: scorePercent(score, questions.length),
      passPercent: quiz.passPercent,
      // Graded here against the mark stored now: the browser's word is never taken for it.
      passed: hasPassed(score, questions.length, quiz.passPercent),
      attempts: stats.attempts,
      bestScore: stats.bestScore ?? score,
      latestScore: score,
      ...getAttemptStatus(quiz, stats.attempts, stats.latestAt, now),
      ...(quiz.showQuestionResults && {
        questions: questions.map((q, i) => ({
          _id: q.id,
          correct: answers[i] === q.correctAnswer,
          correctAnswer: q.correctAnswer,
        })),
      }),
    };
  });
}
