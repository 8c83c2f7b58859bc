import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { API_MESSAGES } from '@oasis/shared/api-messages';
import { DEFAULT_LOCALE, fmt, formatDay, type Locale, LOCALE_INFO, translateText } from '@oasis/shared/i18n';
import { MESSAGES } from '@oasis/shared/messages';
import {
  type AdminQuiz,
  type CourseQuiz,
  type CreateQuizInput,
  hasPassed,
  type LastQuizAttempt,
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  type QuizAttemptResult,
  type QuizAttemptStatus,
  type QuizQuestionInput,
  type QuizSettings,
  type QuizSettingsInput,
  type QuizStats,
  scorePercent,
} from '@oasis/shared/quiz';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { courses, quizAttempts, quizQuestions, quizzes } from '../../db/schema.ts';
import { TooManyAttemptsError } from '../../lib/attempt-limiter.ts';
import { forbidden, notFound, validationError } from '../../lib/errors.ts';
import type { RequestAuth } from '../auth/sessions.ts';
import { isAdminSession, requireCourseAccess, type Viewer } from '../access/service.ts';
import { getCourseProgress } from '../progress/service.ts';

type QuestionRow = typeof quizQuestions.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;

function toSettings(quiz: QuizRow): QuizSettings {
  return {
    attemptPolicy: quiz.attemptPolicy,
    attemptCount: quiz.attemptCount,
    waitHours: quiz.waitHours,
    showQuestionResults: quiz.showQuestionResults,
    passPercent: quiz.passPercent,
  };
}

/** Questions of a quiz in order. Positions are kept contiguous (0..n-1) by every write below. */
function listQuestions(db: Db, quizId: string) {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
}

function toAdminQuestion(q: QuestionRow) {
  return { ...toLearnerQuestion(q), correctAnswer: q.correctAnswer };
}

/** Built field by field, so a correct answer can never ride along by accident. */
function toLearnerQuestion(q: QuestionRow) {
  return { _id: q.id, question: q.question, options: q.options, questionAr: q.questionAr, optionsAr: q.optionsAr };
}

/**
 * The Arabic twins of a question as sent: left out stays left out (an edit keeps the stored ones);
 * options all blank are stored as none.
 */
function arabicTwins(input: QuizQuestionInput): Partial<Pick<QuestionRow, 'questionAr' | 'optionsAr'>> {
  return {
    ...(input.questionAr !== undefined && { questionAr: input.questionAr }),
    ...(input.optionsAr !== undefined && { optionsAr: input.optionsAr.some(Boolean) ? input.optionsAr : [] }),
  };
}

/** Score = the number of answers equal to the question's correct option. */
export function gradeAnswers(correct: readonly number[], answers: readonly number[]): number {
  return correct.reduce((score, answer, i) => score + (answers[i] === answer ? 1 : 0), 0);
}

/** The caller's attempts at a quiz, and when the latest was made (null before the first). */
export async function getQuizStats(
  db: Db,
  userId: string,
  quizId: string,
): Promise<QuizStats & { latestAt: Date | null }> {
  const mine = and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId));
  const [totals] = await db
    .select({ attempts: sql<number>`count(*)::int`, bestScore: sql<number | null>`max(${quizAttempts.score})` })
    .from(quizAttempts)
    .where(mine);
  const [latest] = await db
    .select({ score: quizAttempts.score, createdAt: quizAttempts.createdAt })
    .from(quizAttempts)
    .where(mine)
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(1);
  return {
    attempts: Number(totals?.attempts ?? 0),
    bestScore: totals?.bestScore == null ? null : Number(totals.bestScore),
    latestScore: latest?.score ?? null,
    latestAt: latest?.createdAt ?? null,
  };
}

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
    super(Math.max(1, Math.ceil((Date.parse(nextAttemptAt) - now.getTime()) / 1000)));
    this.message = QUIZ_MESSAGES.waitForNextAttempt(nextAttemptAt);
  }

  /** The day and time written the locale's way, which no English text can be matched into. */
  override localizedMessage(locale: Locale): string {
    if (locale === DEFAULT_LOCALE) return this.message;
    const time = new Date(this.nextAttemptAt).toLocaleTimeString(LOCALE_INFO[locale].intl, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Dubai',
    });
    const template = translateText(API_MESSAGES.quizWaitForNextAttempt, locale);
    return fmt(template, { day: formatDay(this.nextAttemptAt, locale), time });
  }
}

/** Refuses an attempt the policy does not allow now: 403 when all are used, 429 while waiting. */
function assertAttemptAllowed(quiz: QuizRow, status: QuizAttemptStatus, now: Date) {
  if (status.nextAttemptAt) throw new QuizWaitError(status.nextAttemptAt, now);
  if (status.attemptsLeft === 0)
    throw forbidden(QUIZ_MESSAGES.attemptsUsedUp(status.attemptLimit ?? quiz.attemptCount));
}

// ---------------------------------------------------------------------------------------------
// Learners

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
  if (!quiz) throw notFound(QUIZ_MESSAGES.quizNotFound);
  const questions = await listQuestions(db, quiz.id);
  if (questions.length === 0) throw notFound(QUIZ_MESSAGES.quizNotFound);
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
    if (!quiz) throw notFound(QUIZ_MESSAGES.quizNotFound);
    const questions = await listQuestions(tx, quiz.id);
    if (questions.length === 0) throw notFound(QUIZ_MESSAGES.quizNotFound);
    const progress = await getCourseProgress(tx, user.id, course.id);
    if (!progress.completed) throw forbidden(QUIZ_MESSAGES.locked);
    if (answers.length !== questions.length) throw validationError({ answers: QUIZ_MESSAGES.answersInvalid });
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

// ---------------------------------------------------------------------------------------------
// Admins

async function loadAdminQuizzes(db: Db, quizIds?: string[]): Promise<AdminQuiz[]> {
  const rows = await db
    .select({ quiz: quizzes, courseTitle: courses.title })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(quizIds ? inArray(quizzes.id, quizIds) : undefined)
    .orderBy(asc(courses.title), asc(quizzes.createdAt));
  if (rows.length === 0) return [];
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(
      inArray(
        quizQuestions.quizId,
        rows.map((r) => r.quiz.id),
      ),
    )
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
  const byQuiz = new Map<string, QuestionRow[]>();
  for (const q of questions) {
    const list = byQuiz.get(q.quizId) ?? [];
    list.push(q);
    byQuiz.set(q.quizId, list);
  }
  return rows.map((r) => ({
    _id: r.quiz.id,
    courseId: r.quiz.courseId,
    courseTitle: r.courseTitle,
    questions: (byQuiz.get(r.quiz.id) ?? []).map(toAdminQuestion),
    settings: toSettings(r.quiz),
  }));
}

export async function listQuizzes(db: Db): Promise<AdminQuiz[]> {
  return loadAdminQuizzes(db);
}

async function getAdminQuiz(db: Db, quizId: string): Promise<AdminQuiz> {
  const [quiz] = await loadAdminQuizzes(db, [quizId]);
  if (!quiz) throw notFound(QUIZ_MESSAGES.quizNotFound);
  return quiz;
}

/** Locks the quiz row for the rest of the transaction, so concurrent edits keep positions contiguous. */
async function lockQuiz(tx: Db, quizId: string) {
  const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for('update').limit(1);
  if (!quiz) throw notFound(QUIZ_MESSAGES.quizNotFound);
  return quiz;
}

/** Index as it appears in the path: a small non-negative integer, else no such question. */
export function parseQuestionIndex(raw: string): number {
  if (!/^\d{1,4}$/.test(raw)) throw notFound(QUIZ_MESSAGES.questionNotFound);
  return Number(raw);
}

/**
 * Creates the course's quiz, or appends the questions to the quiz it already has: a course has at
 * most one quiz, and the admin's Add Quiz screen adds questions to it rather than replacing it.
 * A new quiz changes the course page (its price card lists the quiz).
 */
export async function addQuizQuestions(
  deps: Pick<Deps, 'db' | 'pageCache'>,
  input: CreateQuizInput,
): Promise<{ quiz: AdminQuiz; created: boolean }> {
  const { db } = deps;
  const { quizId, created } = await db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId)).limit(1);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    const inserted = await tx
      .insert(quizzes)
      .values({ courseId: course.id })
      .onConflictDoNothing()
      .returning({ id: quizzes.id });
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.courseId, course.id)).for('update').limit(1);
    if (!quiz) throw notFound(QUIZ_MESSAGES.quizNotFound);
    const existing = await listQuestions(tx, quiz.id);
    if (existing.length + input.questions.length > QUIZ_LIMITS.maxQuestions) {
      throw validationError({ questions: QUIZ_MESSAGES.tooManyQuestions });
    }
    await renumber(tx, existing);
    await tx.insert(quizQuestions).values(
      input.questions.map((q, i) => ({
        quizId: quiz.id,
        position: existing.length + i,
        question: q.question,
        options: q.options,
        correctAnswer: q.correctAnswer,
        ...arabicTwins(q),
      })),
    );
    await tx
      .update(quizzes)
      .set({ ...input.settings, updatedAt: new Date() })
      .where(eq(quizzes.id, quiz.id));
    return { quizId: quiz.id, created: inserted.length > 0 };
  });
  if (created) await deps.pageCache.invalidate(['catalogue']);
  return { quiz: await getAdminQuiz(db, quizId), created };
}

/** `PUT /quiz/quizzes/{quizId}/settings`: the attempt policy and whether results are shown. */
export async function updateQuizSettings(db: Db, quizId: string, settings: QuizSettingsInput): Promise<AdminQuiz> {
  const [row] = await db
    .update(quizzes)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(quizzes.id, quizId))
    .returning({ id: quizzes.id });
  if (!row) throw notFound(QUIZ_MESSAGES.quizNotFound);
  return getAdminQuiz(db, quizId);
}

/** Replaces the question at `index` (0-based, in the order admins and learners see). */
export async function updateQuizQuestion(
  db: Db,
  quizId: string,
  index: number,
  input: QuizQuestionInput,
): Promise<AdminQuiz> {
  await db.transaction(async (tx) => {
    await lockQuiz(tx, quizId);
    const questions = await listQuestions(tx, quizId);
    const target = questions[index];
    if (!target) throw notFound(QUIZ_MESSAGES.questionNotFound);
    await tx
      .update(quizQuestions)
      .set({
        question: input.question,
        options: input.options,
        correctAnswer: input.correctAnswer,
        ...arabicTwins(input),
      })
      .where(eq(quizQuestions.id, target.id));
    await tx.update(quizzes).set({ updatedAt: new Date() }).where(eq(quizzes.id, quizId));
  });
  return getAdminQuiz(db, quizId);
}

/**
 * Deletes the question at `index` and closes the gap. When the last question goes, the quiz goes
 * too (with its attempts): a course without questions has no quiz, and its watch page shows the
 * completion message instead, and its course page no longer lists a quiz. Answers the quiz left, or null.
 */
export async function deleteQuizQuestion(
  deps: Pick<Deps, 'db' | 'pageCache'>,
  quizId: string,
  index: number,
): Promise<AdminQuiz | null> {
  const { db } = deps;
  const remaining = await db.transaction(async (tx) => {
    await lockQuiz(tx, quizId);
    const questions = await listQuestions(tx, quizId);
    const target = questions[index];
    if (!target) throw notFound(QUIZ_MESSAGES.questionNotFound);
    await tx.delete(quizQuestions).where(eq(quizQuestions.id, target.id));
    const rest = questions.filter((q) => q.id !== target.id);
    if (rest.length === 0) {
      await tx.delete(quizzes).where(eq(quizzes.id, quizId));
      return 0;
    }
    await renumber(tx, rest);
    await tx.update(quizzes).set({ updatedAt: new Date() }).where(eq(quizzes.id, quizId));
    return rest.length;
  });
  if (remaining > 0) return getAdminQuiz(db, quizId);
  await deps.pageCache.invalidate(['catalogue']);
  return null;
}

/** Gives the questions (already in order) positions 0..n-1, touching only those that moved. */
async function renumber(tx: Db, ordered: QuestionRow[]) {
  for (const [i, q] of ordered.entries()) {
    if (q.position !== i) await tx.update(quizQuestions).set({ position: i }).where(eq(quizQuestions.id, q.id));
  }
}
