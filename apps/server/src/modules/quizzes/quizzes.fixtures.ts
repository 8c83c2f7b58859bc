import { asc, eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { QuizQuestionInput, QuizSettings } from '@oasis/shared/quiz';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import {
  createQuestions,
  seedCourse,
  seedEnrolment,
  seedModule,
  seedQuiz,
  seedUser,
  seedVideo,
} from '../../db/factories.ts';
import { quizAttempts, quizzes, videoProgress } from '../../db/schema.ts';
import type { Viewer } from '../access/service.ts';
import { createSession } from '../auth/sessions.ts';
import { setUpCallers } from '../../../test/uploads.ts';

/*
 * What the quiz test files share: an app of their own per file, callers no test changes, and a
 * fresh quiz course per test.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Five questions; question i's correct option is i % 4 → [0, 1, 2, 3, 0]. */
export const CORRECT = [0, 1, 2, 3, 0];
export const ALL_RIGHT = [...CORRECT];
export const THREE_RIGHT = [0, 1, 2, 0, 1];
export const NONE_RIGHT = [3, 3, 3, 0, 3];

export const T0 = new Date('2030-01-01T08:00:00Z');
export const hoursLater = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

export const question = (n: number, correctAnswer = 1): QuizQuestionInput => ({
  question: `Admin question ${n}?`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer,
});

/** The app for the tests of one file, built in its beforeAll, with what the quiz tests use on it. */
export function setUpQuizTests() {
  const t = beforeAllValue(() => createTestApp());
  afterAll(() => t.close());

  const fx = setUpCallers(t);

  function call(method: Method, url: string, token: string | null, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /**
   * A course of two modules (2 + 1 videos) with a five-question quiz and its own enrolled learner,
   * so each test starts afresh. `watched`: the learner has completed every video already.
   */
  async function seedQuizCourse(options: { title?: string; settings?: Partial<QuizSettings>; watched?: boolean } = {}) {
    const db = t.deps.db;
    const course = await seedCourse(db, { priceFils: 88800, ...(options.title && { title: options.title }) });
    const m1 = await seedModule(db, { courseId: course.id, position: 0 });
    const m2 = await seedModule(db, { courseId: course.id, position: 1 });
    const videoIds = [
      (await seedVideo(db, { moduleId: m1.id, position: 0 })).id,
      (await seedVideo(db, { moduleId: m1.id, position: 1 })).id,
      (await seedVideo(db, { moduleId: m2.id, position: 0 })).id,
    ];
    const quiz = await seedQuiz(db, { courseId: course.id, questions: createQuestions(5) });
    if (options.settings) await db.update(quizzes).set(options.settings).where(eq(quizzes.id, quiz.id));
    const user = await seedUser(db);
    await seedEnrolment(db, { userId: user.id, courseId: course.id });
    const token = (await createSession(db, user.id, 'learner')).token;
    const learner: Viewer = { id: user.id, role: 'learner' };
    if (options.watched) await finishVideos(user.id, videoIds);
    return {
      course,
      moduleId: m1.id,
      videoIds,
      quizId: quiz.id,
      learner,
      token,
      quizUrl: `/api/quiz/course/${course.id}`,
      attemptsUrl: `/api/quiz/course/${course.id}/attempts`,
    };
  }

  async function finishVideos(userId: string, videoIds: string[]) {
    await t.deps.db
      .insert(videoProgress)
      .values(videoIds.map((videoId) => ({ userId, videoId })))
      .onConflictDoNothing();
  }

  async function storedAttempts(userId: string) {
    return t.deps.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId))
      .orderBy(asc(quizAttempts.createdAt));
  }

  return { t, fx, call, seedQuizCourse, finishVideos, storedAttempts };
}
