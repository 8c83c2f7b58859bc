import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizDraws } from '../../db/schema.ts';
import { optionIdsOf, type QuestionRow, type QuizRow } from './rows.ts';

/* Attempts handed out: which questions an attempt asks, in which order, and their options' order. */

export type DrawRow = typeof quizDraws.$inferSelect;
export type DrawnQuestion = DrawRow['questions'][number];

/** A copy of `items` in a random order (Fisher-Yates with the system's random source). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The questions one attempt asks: `drawCount` of them chosen at random when the quiz is a question
 * bank (all of them otherwise), in a random order with their options in a random order when the
 * quiz shuffles, else in the quiz's order.
 */
export function drawQuestions(quiz: Pick<QuizRow, 'shuffle' | 'drawCount'>, questions: QuestionRow[]): DrawnQuestion[] {
  const count = quiz.drawCount === null ? questions.length : Math.min(quiz.drawCount, questions.length);
  let chosen = questions;
  if (count < questions.length) {
    const picked = new Set(
      shuffled(questions)
        .slice(0, count)
        .map((q) => q.id),
    );
    chosen = questions.filter((q) => picked.has(q.id));
  }
  if (quiz.shuffle) chosen = shuffled(chosen);
  return chosen.map((q) => ({
    questionId: q.id,
    optionIds: quiz.shuffle ? shuffled(optionIdsOf(q)) : optionIdsOf(q),
  }));
}

/**
 * Whether a draw still fits the quiz: every drawn question is there with the same options (the
 * owner may have edited or deleted one since), and it asks as many as the quiz draws now.
 */
export function drawStillFits(
  quiz: Pick<QuizRow, 'drawCount'>,
  draw: DrawnQuestion[],
  byId: Map<string, QuestionRow>,
): boolean {
  const expected = quiz.drawCount === null ? byId.size : Math.min(quiz.drawCount, byId.size);
  if (draw.length !== expected) return false;
  return draw.every((d) => {
    const q = byId.get(d.questionId);
    if (!q) return false;
    const ids = optionIdsOf(q);
    return ids.length === d.optionIds.length && d.optionIds.every((id) => ids.includes(id));
  });
}

/**
 * The learner's open attempt at the quiz (handed out, not yet submitted) while it still fits the
 * quiz, else a new one drawn now. A reload shows the same questions in the same order.
 */
export async function openDraw(
  db: Db,
  userId: string,
  quiz: QuizRow,
  questions: QuestionRow[],
  now = new Date(),
): Promise<DrawRow> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const [open] = await db
    .select()
    .from(quizDraws)
    .where(and(eq(quizDraws.userId, userId), eq(quizDraws.quizId, quiz.id), isNull(quizDraws.submittedAt)))
    .orderBy(desc(quizDraws.createdAt))
    .limit(1);
  if (open && drawStillFits(quiz, open.questions, byId)) return open;
  const [created] = await db
    .insert(quizDraws)
    .values({ userId, quizId: quiz.id, questions: drawQuestions(quiz, questions), createdAt: now })
    .returning();
  if (!created) throw new Error('quiz draw not stored');
  return created;
}
