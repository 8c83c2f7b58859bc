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
  };
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

/** Built field by field, so a correct answer can never ride along by accident. */
export function toLearnerQuestion(q: QuestionRow) {
  return { _id: q.id, question: q.question, options: q.options, questionAr: q.questionAr, optionsAr: q.optionsAr };
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
