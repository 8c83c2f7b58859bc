import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ErrorRef } from '@oasis/shared/error-codes';
import type { Locale } from '@oasis/shared/i18n';
import {
  type CourseQuiz,
  hasPassed,
  type LastQuizAttempt,
  nextAttemptParts,
  type QuizAnswer,
  type QuizAttemptInput,
  type QuizAttemptResult,
  type QuizAttemptStatus,
  type QuizSettings,
  scorePercent,
} from '@oasis/shared/quiz';
import type { Db } from '../../db/client.ts';
import { quizAttempts, quizDraws, quizzes } from '../../db/schema.ts';
import { TooManyAttemptsError } from '../../lib/attempt-limiter.ts';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors.ts';
import type { RequestAuth } from '../auth/sessions.ts';
import { isAdminSession, requireCourseAccess, type Viewer } from '../access/service.ts';
import { type CompletionDeps, recordCompletionIfComplete } from '../progress/completion.ts';
import { getCourseProgress } from '../progress/service.ts';
import { type DrawnQuestion, drawStillFits, openDraw } from './draws.ts';

import {
  getQuizStats,
  gradeAnswers,
  listQuestions,
  optionIdsOf,
  type QuestionRow,
  type QuizRow,
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
 * The course's quiz for someone who may watch the course, as one attempt hands it out: the
 * questions drawn for the caller's open attempt (`attemptId`), in its order, with each question's
 * options in its order (openDraw). Correct answers (their place in that order) only for an admin
 * session. 404 'Quiz not found' when there is none.
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
  const draw = await openDraw(db, auth.user.id, quiz, questions, now);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const reveal = isAdminSession(auth);
  const shown = draw.questions.flatMap(({ questionId, optionIds }) => {
    const q = byId.get(questionId);
    if (!q) return [];
    const learner = toLearnerQuestion(q, optionIds);
    return [reveal ? { ...learner, correctAnswer: shownCorrect(q, optionIds) } : learner];
  });
  const { latestAt, ...stats } = await getQuizStats(db, auth.user.id, quiz.id);
  return {
    _id: quiz.id,
    courseId: quiz.courseId,
    attemptId: draw.id,
    total: shown.length,
    questions: shown,
    passPercent: quiz.passPercent,
    ...stats,
    ...getAttemptStatus(quiz, stats.attempts, latestAt, now),
    lastAttempt: await getLastAttempt(db, auth.user.id, quiz, questions, draw.questions),
  };
}

/** Where the right option of `q` is among `shownIds` (the order an attempt hands them out). */
function shownCorrect(q: QuestionRow, shownIds: readonly string[]): number {
  return shownIds.indexOf(optionIdsOf(q)[q.correctAnswer] ?? '');
}

/**
 * The caller's latest attempt as it was graded (score and total as stored), judged against the
 * quiz's pass mark now. Its answers and per-question results only when they can be shown on the
 * attempt handed out now: the same questions in the same order (the options are placed by id), and
 * the results only when the owner shows them.
 */
async function getLastAttempt(
  db: Db,
  userId: string,
  quiz: QuizRow,
  questions: QuestionRow[],
  shown: DrawnQuestion[],
): Promise<LastQuizAttempt | null> {
  const [latest] = await db
    .select({
      answers: quizAttempts.answers,
      questionIds: quizAttempts.questionIds,
      score: quizAttempts.score,
      total: quizAttempts.total,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quiz.id)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(1);
  if (!latest) return null;
  const { score, total } = latest;
  const graded = {
    score,
    total,
    percent: scorePercent(score, total),
    passed: hasPassed(score, total, quiz.passPercent),
  };
  // Attempts from before draws were kept answered every question in the quiz's order.
  const answeredIds = latest.questionIds ?? questions.map((q) => q.id);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const sameQuestions =
    answeredIds.length === shown.length &&
    latest.answers.length === shown.length &&
    shown.every((d, i) => d.questionId === answeredIds[i] && byId.has(d.questionId));
  if (!sameQuestions) return { ...graded, answers: [] };
  const answers = shown.map((d, i) => {
    const q = byId.get(d.questionId) as QuestionRow;
    return d.optionIds.indexOf(optionIdsOf(q)[latest.answers[i] ?? -1] ?? '');
  });
  return {
    ...graded,
    answers,
    ...(quiz.showQuestionResults && {
      questions: shown.map((d, i) => {
        const q = byId.get(d.questionId) as QuestionRow;
        return {
          _id: q.id,
          correct: latest.answers[i] === q.correctAnswer,
          correctAnswer: shownCorrect(q, d.optionIds),
        };
      }),
    }),
  };
}

/** The questions an attempt asked, each with the index (in stored order) of the option chosen. */
interface GradedAnswers {
  asked: { question: QuestionRow; shownIds: string[] }[];
  chosen: number[];
}

/**
 * An attempt of an older client: one option index per question, in the quiz's order. Only a quiz
 * that neither shuffles nor draws can be answered so (409 otherwise: the page must load the quiz
 * again and answer the attempt handed out).
 */
function gradeByPosition(quiz: QuizRow, questions: QuestionRow[], answers: number[]): GradedAnswers {
  if (quiz.shuffle || (quiz.drawCount !== null && quiz.drawCount < questions.length))
    throw conflict('quiz.attemptRequired');
  if (answers.length !== questions.length) throw validationError({ answers: 'quiz.answersInvalid' });
  return { asked: questions.map((q) => ({ question: q, shownIds: optionIdsOf(q) })), chosen: answers };
}

/**
 * An attempt answered by option id against the draw handed out as `attemptId`: refused (409) when
 * that attempt is not the caller's open one or no longer fits the quiz; 400 unless there is exactly
 * one answer per drawn question, each naming one of its options. Marks the draw used, once.
 */
async function gradeByDraw(
  tx: Db,
  userId: string,
  quiz: QuizRow,
  questions: QuestionRow[],
  attemptId: string,
  answers: QuizAnswer[],
  now: Date,
): Promise<GradedAnswers> {
  const [draw] = await tx
    .update(quizDraws)
    .set({ submittedAt: now, updatedAt: now })
    .where(
      and(
        eq(quizDraws.id, attemptId),
        eq(quizDraws.userId, userId),
        eq(quizDraws.quizId, quiz.id),
        isNull(quizDraws.submittedAt),
      ),
    )
    .returning();
  const byId = new Map(questions.map((q) => [q.id, q]));
  if (!draw || !drawStillFits(quiz, draw.questions, byId)) throw conflict('quiz.attemptRequired');
  const given = new Map(answers.map((a) => [a.questionId, a.optionId]));
  if (answers.length !== draw.questions.length || given.size !== answers.length)
    throw validationError({ answers: 'quiz.answersNotDrawn' });
  const asked: GradedAnswers['asked'] = [];
  const chosen: number[] = [];
  for (const d of draw.questions) {
    const question = byId.get(d.questionId) as QuestionRow;
    const index = optionIdsOf(question).indexOf(given.get(d.questionId) ?? '');
    if (index < 0) throw validationError({ answers: 'quiz.answersNotDrawn' });
    asked.push({ question, shownIds: d.optionIds });
    chosen.push(index);
  }
  return { asked, chosen };
}

/**
 * Grades and stores one attempt: the score, its percentage and whether it reaches the quiz's pass
 * mark (of the questions the attempt asked). Refused (403) until the learner has completed every
 * video of the course; 403 or 429 when the quiz's attempt policy allows no attempt now. Answers the
 * correct options (their place in the order handed out) only when the owner shows per-question
 * results. A passing attempt that finishes the course records its completion.
 */
export async function submitQuizAttempt(
  deps: CompletionDeps,
  user: Viewer,
  courseId: string,
  input: QuizAttemptInput,
  now = new Date(),
): Promise<QuizAttemptResult> {
  const course = await requireCourseAccess(deps.db, user, courseId);
  const result = await deps.db.transaction(async (tx) => {
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
    const before = await getQuizStats(tx, user.id, quiz.id);
    assertAttemptAllowed(quiz, getAttemptStatus(quiz, before.attempts, before.latestAt, now), now);
    const { asked, chosen } =
      'attemptId' in input
        ? await gradeByDraw(tx, user.id, quiz, questions, input.attemptId, input.answers, now)
        : gradeByPosition(quiz, questions, input.answers);

    const total = asked.length;
    const score = gradeAnswers(
      asked.map((a) => a.question.correctAnswer),
      chosen,
    );
    await tx.insert(quizAttempts).values({
      userId: user.id,
      quizId: quiz.id,
      answers: chosen,
      questionIds: asked.map((a) => a.question.id),
      score,
      total,
      createdAt: now,
    });
    const stats = await getQuizStats(tx, user.id, quiz.id);
    return {
      score,
      total,
      percent: scorePercent(score, total),
      passPercent: quiz.passPercent,
      // Graded here against the mark stored now: the browser's word is never taken for it.
      passed: hasPassed(score, total, quiz.passPercent),
      attempts: stats.attempts,
      bestScore: stats.bestScore ?? score,
      latestScore: score,
      ...getAttemptStatus(quiz, stats.attempts, stats.latestAt, now),
      ...(quiz.showQuestionResults && {
        questions: asked.map(({ question, shownIds }, i) => ({
          _id: question.id,
          correct: chosen[i] === question.correctAnswer,
          correctAnswer: shownCorrect(question, shownIds),
        })),
      }),
    };
  });
  if (result.passed) await recordCompletionIfComplete(deps, user.id, course.id);
  return result;
}
