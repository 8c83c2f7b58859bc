import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { QuizQuestionInput, QuizSettings, QuizStats } from '@oasis/shared/quiz';
import type { Db } from '../../db/client.ts';
import { quizAttempts, quizQuestions, type quizzes } from '../../db/schema.ts';

/* Quiz and question rows as the API shapes them, and what both sides read of them. */

export type QuestionRow = typeof quizQuestions.$inferSelect;
export type QuizRow = typeof quizzes.$inferSelect;

export function toSettings(quiz: QuizRow): QuizSettings {
  return {
    attemptPolicy: quiz.attemptPolicy,
    attemptCount: quiz.attemptCount,
    waitHours: quiz.waitHours,
    showQuestionResults: quiz.showQuestionResults,
    passPercent: quiz.passPercent,
    shuffle: quiz.shuffle,
    drawCount: quiz.drawCount,
  };
}

/**
 * The id of a question's option: a hash of the question's id, the option's place in the stored
 * list and its text. Stable while the question is unchanged, whatever order an attempt hands the
 * options out in, and different once the owner rewrites the option (an answer given to the old
 * text is not taken for the new). Attempts are graded by this id, never by where the option was
 * shown. Derived rather than stored, so the quizzes written before ids existed have them too.
 */
export function optionId(questionId: string, index: number, text: string): string {
  return createHash('sha256').update(`${questionId}\u0000${index}\u0000${text}`).digest('base64url').slice(0, 16);
}

/** The ids of a question's options, in stored order. */
export function optionIdsOf(q: Pick<QuestionRow, 'id' | 'options'>): string[] {
  return q.options.map((text, i) => optionId(q.id, i, text));
}

/** Questions of a quiz in order. Positions are kept contiguous (0..n-1) by every write below. */
export function listQuestions(db: Db, quizId: string) {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
}

export function toAdminQuestion(q: QuestionRow) {
  return { ...toLearnerQuestion(q), correctAnswer: q.correctAnswer };
}

/**
 * Built field by field, so a correct answer can never ride along by accident. `shownIds`: the
 * option ids in the order an attempt hands them out (stored order when left out); the English and
 * Arabic options follow that order.
 */
export function toLearnerQuestion(q: QuestionRow, shownIds?: readonly string[]) {
  const ids = optionIdsOf(q);
  const order = shownIds ? shownIds.map((id) => ids.indexOf(id)) : ids.map((_, i) => i);
  return {
    _id: q.id,
    question: q.question,
    options: order.map((i) => q.options[i] ?? ''),
    optionIds: order.map((i) => ids[i] ?? ''),
    questionAr: q.questionAr,
    optionsAr: q.optionsAr.length ? order.map((i) => q.optionsAr[i] ?? '') : [],
  };
}

/**
 * The Arabic twins of a question as sent: left out stays left out (an edit keeps the stored ones);
 * options all blank are stored as none.
 */
export function arabicTwins(input: QuizQuestionInput): Partial<Pick<QuestionRow, 'questionAr' | 'optionsAr'>> {
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
