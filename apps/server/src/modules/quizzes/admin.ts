import { asc, eq, inArray } from 'drizzle-orm';
import {
  type AdminQuiz,
  type CreateQuizInput,
  QUIZ_LIMITS,
  type QuizQuestionInput,
  type QuizSettingsInput,
} from '@oasis/shared/quiz';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { courses, quizQuestions, quizzes } from '../../db/schema.ts';
import { notFound, validationError } from '../../lib/errors.ts';

import { arabicTwins, listQuestions, type QuestionRow, toAdminQuestion, toSettings } from './rows.ts';

/* Admins: the quizzes of every course, their settings and their questions. */

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
  if (!quiz) throw notFound('quiz.quizNotFound');
  return quiz;
}

/** Locks the quiz row for the rest of the transaction, so concurrent edits keep positions contiguous. */
async function lockQuiz(tx: Db, quizId: string) {
  const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for('update').limit(1);
  if (!quiz) throw notFound('quiz.quizNotFound');
  return quiz;
}

/** Index as it appears in the path: a small non-negative integer, else no such question. */
export function parseQuestionIndex(raw: string): number {
  if (!/^\d{1,4}$/.test(raw)) throw notFound('quiz.questionNotFound');
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
    if (!course) throw notFound('core.courseNotFound');
    const inserted = await tx
      .insert(quizzes)
      .values({ courseId: course.id })
      .onConflictDoNothing()
      .returning({ id: quizzes.id });
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.courseId, course.id)).for('update').limit(1);
    if (!quiz) throw notFound('quiz.quizNotFound');
    const existing = await listQuestions(tx, quiz.id);
    if (existing.length + input.questions.length > QUIZ_LIMITS.maxQuestions) {
      throw validationError({ questions: 'quiz.tooManyQuestions' });
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
  return { quiz: await getAdminQuiz(db, quizId), created };
}

/** `PUT /quiz/quizzes/{quizId}/settings`: the attempt policy and whether results are shown. */
export async function updateQuizSettings(db: Db, quizId: string, settings: QuizSettingsInput): Promise<AdminQuiz> {
  const [row] = await db
    .update(quizzes)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(quizzes.id, quizId))
    .returning({ id: quizzes.id });
  if (!row) throw notFound('quiz.quizNotFound');
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
    if (!target) throw notFound('quiz.questionNotFound');
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
    if (!target) throw notFound('quiz.questionNotFound');
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
  return null;
}

/** Gives the questions (already in order) positions 0..n-1, touching only those that moved. */
async function renumber(tx: Db, ordered: QuestionRow[]) {
  for (const [i, q] of ordered.entries()) {
    if (q.position !== i) await tx.update(quizQuestions).set({ position: i }).where(eq(quizQuestions.id, q.id));
  }
}
