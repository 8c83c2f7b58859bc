import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import {
  adminQuizListSchema,
  adminQuizSchema,
  courseQuizSchema,
  DEFAULT_QUIZ_SETTINGS,
  QUIZ_MESSAGES,
  type QuizQuestionInput,
  type QuizSettings,
  quizAttemptResultSchema,
} from '@oasis/shared/quiz';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import {
  createQuestions,
  seedCourse,
  seedEnrolment,
  seedModule,
  seedQuiz,
  seedUser,
  seedVideo,
} from '../../db/factories.ts';
import { quizAttempts, quizQuestions, quizzes, videoProgress } from '../../db/schema.ts';
import type { Viewer } from '../access/service.ts';
import { createSession } from '../auth/sessions.ts';
import { getAttemptStatus, gradeAnswers, submitQuizAttempt } from './service.ts';

let t: TestContext;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Five questions; question i's correct option is i % 4 → [0, 1, 2, 3, 0]. */
const CORRECT = [0, 1, 2, 3, 0];
const ALL_RIGHT = [...CORRECT];
const THREE_RIGHT = [0, 1, 2, 0, 1];
const NONE_RIGHT = [3, 3, 3, 0, 3];

/** Callers no test changes: an admin session, and a signed-in learner enrolled in nothing. */
const fx = {} as { adminId: string; admin: string; stranger: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedUser(t.deps.db, { role: 'admin' });
  fx.adminId = admin.id;
  fx.admin = (await createSession(t.deps.db, admin.id, 'admin')).token;
  fx.stranger = (await createSession(t.deps.db, (await seedUser(t.deps.db)).id, 'learner')).token;
});
afterAll(() => t.close());

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

const T0 = new Date('2030-01-01T08:00:00Z');
const hoursLater = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

describe('gradeAnswers', () => {
  it('counts the answers equal to the correct option', () => {
    expect(gradeAnswers(CORRECT, ALL_RIGHT)).toBe(5);
    expect(gradeAnswers(CORRECT, THREE_RIGHT)).toBe(3);
    expect(gradeAnswers(CORRECT, NONE_RIGHT)).toBe(0);
  });
});

describe('GET /api/quiz/course/:courseId', () => {
  it('gives an enrolled learner questions and options, never correct answers', async () => {
    const { course, quizId, token, quizUrl } = await seedQuizCourse();
    const res = await call('GET', quizUrl, token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correctAnswer');
    expect(res.body).not.toContain('correct');
    const quiz = courseQuizSchema.parse(res.json());
    expect(quiz).toMatchObject({
      _id: quizId,
      courseId: course.id,
      total: 5,
      attempts: 0,
      bestScore: null,
      latestScore: null,
      attemptPolicy: 'unlimited',
      attemptLimit: null,
      attemptsLeft: null,
      nextAttemptAt: null,
    });
    expect(quiz.questions).toHaveLength(5);
    expect(Object.keys(quiz.questions[0]!).sort()).toEqual(['_id', 'options', 'optionsAr', 'question', 'questionAr']);
    expect(quiz.questions[0]).toMatchObject({
      question: 'Question 1?',
      options: ['Option 1', 'Option 2', 'Option 3', 'Option 4'],
    });
  });

  it('hides correct answers from an admin account signed in as a learner too', async () => {
    const { quizUrl } = await seedQuizCourse();
    const adminAsLearner = (await createSession(t.deps.db, fx.adminId, 'learner')).token;
    const res = await call('GET', quizUrl, adminAsLearner);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correctAnswer');
  });

  it('shows them to an admin session', async () => {
    const { quizUrl } = await seedQuizCourse();
    const res = await call('GET', quizUrl, fx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().questions.map((q: { correctAnswer: number }) => q.correctAnswer)).toEqual(CORRECT);
  });

  it('refuses anonymous callers and learners without the course', async () => {
    const { quizUrl } = await seedQuizCourse();
    expect((await call('GET', quizUrl, null)).statusCode).toBe(401);
    const stranger = await call('GET', quizUrl, fx.stranger);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Question 1?');
  });

  it("answers 404 'Quiz not found' for a course without a quiz", async () => {
    const bare = await seedCourse(t.deps.db);
    const res = await call('GET', `/api/quiz/course/${bare.id}`, fx.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    const unknown = await call('GET', '/api/quiz/course/no-such-course', fx.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound);
  });
});

describe('POST /api/quiz/course/:courseId/attempts', () => {
  it('is refused until every video is completed, and stores nothing', async () => {
    const { videoIds, learner, token, attemptsUrl } = await seedQuizCourse();
    await call('POST', '/api/progress', token, { videoId: videoIds[0] });
    await call('POST', '/api/progress', token, { videoId: videoIds[1] });
    const res = await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: QUIZ_MESSAGES.locked, code: 'quiz.locked' });
    expect(QUIZ_MESSAGES.locked).toBe('Watch all videos to unlock the quiz.');
    expect(await storedAttempts(learner.id)).toHaveLength(0);
  });

  it('refuses strangers and anonymous callers', async () => {
    const { attemptsUrl } = await seedQuizCourse();
    expect((await call('POST', attemptsUrl, fx.stranger, { answers: ALL_RIGHT })).statusCode).toBe(403);
    expect((await call('POST', attemptsUrl, null, { answers: ALL_RIGHT })).statusCode).toBe(401);
  });

  it('grades on the server once the last video is done, without revealing answers', async () => {
    const { videoIds, token, attemptsUrl } = await seedQuizCourse();
    for (const videoId of videoIds) await call('POST', '/api/progress', token, { videoId });
    const res = await call('POST', attemptsUrl, token, { answers: THREE_RIGHT });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('correct');
    expect(quizAttemptResultSchema.parse(res.json())).toEqual({
      score: 3,
      total: 5,
      percent: 60,
      passPercent: 70,
      passed: false,
      attempts: 1,
      bestScore: 3,
      latestScore: 3,
      attemptPolicy: 'unlimited',
      attemptLimit: null,
      attemptsLeft: null,
      nextAttemptAt: null,
    });
  });

  it('stores every attempt and reports the best and the latest score', async () => {
    const { learner, token, quizUrl, attemptsUrl } = await seedQuizCourse({ watched: true });
    await call('POST', attemptsUrl, token, { answers: THREE_RIGHT });
    const best = await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(best.json()).toMatchObject({ score: 5, total: 5, attempts: 2, bestScore: 5, latestScore: 5 });
    const worse = await call('POST', attemptsUrl, token, { answers: NONE_RIGHT });
    expect(worse.json()).toMatchObject({ score: 0, total: 5, attempts: 3, bestScore: 5, latestScore: 0 });

    const rows = await storedAttempts(learner.id);
    expect(rows.map((r) => [r.score, r.total, r.answers])).toEqual([
      [3, 5, THREE_RIGHT],
      [5, 5, ALL_RIGHT],
      [0, 5, NONE_RIGHT],
    ]);

    const quiz = await call('GET', quizUrl, token);
    expect(quiz.json()).toMatchObject({ attempts: 3, bestScore: 5, latestScore: 0 });
    // Each learner sees only their own attempts.
    expect((await call('GET', quizUrl, fx.admin)).json()).toMatchObject({ attempts: 0, bestScore: null });
  });

  it('needs exactly one answer from 0 to 3 per question', async () => {
    const { learner, token, attemptsUrl } = await seedQuizCourse({ watched: true });
    for (const answers of [
      [0, 1, 2, 3],
      [0, 1, 2, 3, 0, 1],
      [],
      [0, 1, 2, 4, 0],
      [0, 1, 2, -1, 0],
      [0, 1.5, 2, 3, 0],
    ]) {
      const res = await call('POST', attemptsUrl, token, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().message).toBe(QUIZ_MESSAGES.answersInvalid);
    }
    for (const payload of [{}, { answers: 'abc' }, { answers: ['0', '1', '2', '3', '0'] }]) {
      const res = await call('POST', attemptsUrl, token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(QUIZ_MESSAGES.answersInvalid);
    }
    expect(await storedAttempts(learner.id)).toHaveLength(0);
  });

  it('locks the quiz again when a video is added to the course', async () => {
    const { moduleId, token, attemptsUrl } = await seedQuizCourse({ watched: true });
    const added = await seedVideo(t.deps.db, { moduleId });
    const res = await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(403);
    await call('POST', '/api/progress', token, { videoId: added.id });
    expect((await call('POST', attemptsUrl, token, { answers: ALL_RIGHT })).statusCode).toBe(201);
  });

  it('lets an admin take the quiz without buying, once the videos are done', async () => {
    const { videoIds, attemptsUrl } = await seedQuizCourse();
    expect((await call('POST', attemptsUrl, fx.admin, { answers: ALL_RIGHT })).statusCode).toBe(403);
    for (const videoId of videoIds) await call('POST', '/api/progress', fx.admin, { videoId });
    const res = await call('POST', attemptsUrl, fx.admin, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 5, attempts: 1 });
  });
});

describe('attempt policy', () => {
  it('getAttemptStatus: unlimited, a limit, and rounds with a wait', () => {
    const limit = { attemptPolicy: 'limit', attemptCount: 3, waitHours: 24 } as const;
    const wait = { attemptPolicy: 'wait', attemptCount: 2, waitHours: 24 } as const;
    expect(getAttemptStatus({ ...limit, attemptPolicy: 'unlimited' }, 50, T0, T0)).toEqual({
      attemptPolicy: 'unlimited',
      attemptLimit: null,
      attemptsLeft: null,
      nextAttemptAt: null,
    });
    expect(getAttemptStatus(limit, 0, null, T0)).toMatchObject({ attemptsLeft: 3, nextAttemptAt: null });
    expect(getAttemptStatus(limit, 2, T0, T0)).toMatchObject({ attemptsLeft: 1 });
    expect(getAttemptStatus(limit, 3, T0, hoursLater(1000))).toMatchObject({ attemptsLeft: 0, nextAttemptAt: null });
    expect(getAttemptStatus(wait, 1, T0, T0)).toMatchObject({ attemptsLeft: 1, nextAttemptAt: null });
    expect(getAttemptStatus(wait, 2, T0, hoursLater(23))).toEqual({
      attemptPolicy: 'wait',
      attemptLimit: 2,
      attemptsLeft: 0,
      nextAttemptAt: hoursLater(24).toISOString(),
    });
    expect(getAttemptStatus(wait, 2, T0, hoursLater(24))).toMatchObject({ attemptsLeft: 2, nextAttemptAt: null });
    expect(getAttemptStatus(wait, 3, T0, T0)).toMatchObject({ attemptsLeft: 1 });
  });

  it("'limit': refuses the attempt after the last one with the shared message, and says so beforehand", async () => {
    const { learner, token, quizUrl, attemptsUrl } = await seedQuizCourse({
      watched: true,
      settings: { attemptPolicy: 'limit', attemptCount: 2 },
    });
    expect((await call('GET', quizUrl, token)).json()).toMatchObject({
      attemptPolicy: 'limit',
      attemptLimit: 2,
      attemptsLeft: 2,
    });
    const first = await call('POST', attemptsUrl, token, { answers: THREE_RIGHT });
    expect(first.json()).toMatchObject({ attempts: 1, attemptsLeft: 1 });
    const second = await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(second.json()).toMatchObject({ attempts: 2, attemptsLeft: 0, nextAttemptAt: null });

    const refused = await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: QUIZ_MESSAGES.attemptsUsedUp(2),
      code: 'api.quizAttemptsUsedUp',
      values: { limit: 2 },
    });
    expect(QUIZ_MESSAGES.attemptsUsedUp(2)).toBe('You have used all 2 attempts at this quiz.');
    expect(await storedAttempts(learner.id)).toHaveLength(2);
    expect((await call('GET', quizUrl, token)).json()).toMatchObject({ attempts: 2, bestScore: 5, attemptsLeft: 0 });
  });

  it("'limit': ten parallel submissions against a limit of three store exactly three", async () => {
    const { learner, token, attemptsUrl } = await seedQuizCourse({
      watched: true,
      settings: { attemptPolicy: 'limit', attemptCount: 3 },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', attemptsUrl, token, { answers: ALL_RIGHT })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403, 403, 403]);
    expect(await storedAttempts(learner.id)).toHaveLength(3);
  });

  it("'wait': after a round, 429 with Retry-After and when the quiz opens again", async () => {
    const { learner, token, quizUrl, attemptsUrl } = await seedQuizCourse({
      watched: true,
      settings: { attemptPolicy: 'wait', attemptCount: 2, waitHours: 24 },
    });
    await call('POST', attemptsUrl, token, { answers: THREE_RIGHT });
    const second = await call('POST', attemptsUrl, token, { answers: THREE_RIGHT });
    const opensAt = second.json().nextAttemptAt as string;
    expect(second.json()).toMatchObject({ attempts: 2, attemptPolicy: 'wait', attemptsLeft: 0 });
    expect(Date.parse(opensAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const refused = await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: QUIZ_MESSAGES.waitForNextAttempt(opensAt),
      code: 'api.quizWaitForNextAttempt',
    });
    expect(refused.json().message).toMatch(/You can take the quiz again on \d+ \w+ \d{4} at \d\d:\d\d \(Dubai time\)/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23.9 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await call('GET', quizUrl, token)).json()).toMatchObject({ attemptsLeft: 0, nextAttemptAt: opensAt });
    expect(await storedAttempts(learner.id)).toHaveLength(2);
  });

  it("'wait': the next round opens waitHours after the last attempt of the previous one", async () => {
    const { course, learner } = await seedQuizCourse({
      watched: true,
      settings: { attemptPolicy: 'wait', attemptCount: 2, waitHours: 24 },
    });
    await submitQuizAttempt(t.deps.db, learner, course.id, NONE_RIGHT, T0);
    await submitQuizAttempt(t.deps.db, learner, course.id, NONE_RIGHT, hoursLater(1));
    await expect(submitQuizAttempt(t.deps.db, learner, course.id, ALL_RIGHT, hoursLater(24.9))).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 360,
    });
    const next = await submitQuizAttempt(t.deps.db, learner, course.id, ALL_RIGHT, hoursLater(25));
    expect(next).toMatchObject({ score: 5, attempts: 3, attemptsLeft: 1, nextAttemptAt: null });
  });

  it("grades pass or fail on the server against the quiz's own pass mark (70 % unless set)", async () => {
    const standard = await seedQuizCourse({ watched: true });
    expect((await call('GET', standard.quizUrl, standard.token)).json()).toMatchObject({ passPercent: 70 });
    const fail = await call('POST', standard.attemptsUrl, standard.token, { answers: THREE_RIGHT });
    expect(fail.json()).toMatchObject({ score: 3, percent: 60, passPercent: 70, passed: false });
    const pass = await call('POST', standard.attemptsUrl, standard.token, { answers: [0, 1, 2, 3, 1] });
    expect(pass.json()).toMatchObject({ score: 4, percent: 80, passPercent: 70, passed: true });

    const lenient = await seedQuizCourse({ watched: true, settings: { passPercent: 60 } });
    expect((await call('GET', lenient.quizUrl, lenient.token)).json()).toMatchObject({ passPercent: 60 });
    const atTheMark = await call('POST', lenient.attemptsUrl, lenient.token, { answers: THREE_RIGHT });
    expect(atTheMark.json()).toMatchObject({ percent: 60, passed: true });

    // What the browser sends beside the answers is not read: the server grades.
    const strict = await seedQuizCourse({ watched: true, settings: { passPercent: 100 } });
    const claimed = await call('POST', strict.attemptsUrl, strict.token, { answers: THREE_RIGHT, passed: true });
    expect(claimed.json()).toMatchObject({ percent: 60, passPercent: 100, passed: false });
  });

  it('shows per-question results only when the owner allows it', async () => {
    const hidden = await seedQuizCourse({ watched: true });
    const plain = await call('POST', hidden.attemptsUrl, hidden.token, { answers: THREE_RIGHT });
    expect(plain.json().questions).toBeUndefined();
    expect(plain.body).not.toContain('correct');

    const shown = await seedQuizCourse({ watched: true, settings: { showQuestionResults: true } });
    const res = await call('POST', shown.attemptsUrl, shown.token, { answers: THREE_RIGHT });
    expect(res.statusCode).toBe(201);
    const result = quizAttemptResultSchema.parse(res.json());
    expect(result.score).toBe(3);
    expect(result.questions?.map((q) => [q.correct, q.correctAnswer])).toEqual([
      [true, 0],
      [true, 1],
      [true, 2],
      [false, 3],
      [false, 0],
    ]);
    // The questions still come without their answers: only the learner's own marked attempt has them.
    const again = courseQuizSchema.parse((await call('GET', shown.quizUrl, shown.token)).json());
    expect(again.questions.map((q) => q.correctAnswer)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(again.lastAttempt?.questions).toEqual(result.questions);
  });
});

describe('the last attempt comes with the quiz', () => {
  it('is null before the first attempt, then the latest as graded, with the answers', async () => {
    const { token, quizUrl, attemptsUrl } = await seedQuizCourse({ watched: true });
    expect(courseQuizSchema.parse((await call('GET', quizUrl, token)).json()).lastAttempt).toBeNull();
    await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    await call('POST', attemptsUrl, token, { answers: THREE_RIGHT });

    const res = await call('GET', quizUrl, token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const quiz = courseQuizSchema.parse(res.json());
    // 3 of 5 is 60 %, under the 70 % pass mark: the failed result a reload must show.
    expect(quiz.lastAttempt).toEqual({ score: 3, total: 5, percent: 60, passed: false, answers: THREE_RIGHT });
    // Without per-question results, no right answer rides along.
    expect(res.body).not.toContain('correct');
  });

  it('marks each question only when the owner shows per-question results', async () => {
    const { token, quizUrl, attemptsUrl } = await seedQuizCourse({
      watched: true,
      settings: { showQuestionResults: true },
    });
    await call('POST', attemptsUrl, token, { answers: NONE_RIGHT });
    const { lastAttempt } = courseQuizSchema.parse((await call('GET', quizUrl, token)).json());
    expect(lastAttempt?.passed).toBe(false);
    expect(lastAttempt?.questions?.map((q) => [q.correct, q.correctAnswer])).toEqual([
      [false, 0],
      [false, 1],
      [false, 2],
      [false, 3],
      [false, 0],
    ]);
  });

  it('is each learner’s own', async () => {
    const { token, quizUrl, attemptsUrl } = await seedQuizCourse({ watched: true });
    await call('POST', attemptsUrl, token, { answers: ALL_RIGHT });
    expect(courseQuizSchema.parse((await call('GET', quizUrl, fx.admin)).json()).lastAttempt).toBeNull();
  });
});

const question = (n: number, correctAnswer = 1): QuizQuestionInput => ({
  question: `Admin question ${n}?`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer,
});

describe('admin quiz routes: guards', () => {
  it('refuses anonymous callers (401) and learners (403), changing nothing', async () => {
    const { course, quizId, token } = await seedQuizCourse();
    const adminAsLearner = (await createSession(t.deps.db, fx.adminId, 'learner')).token;
    const routes: [Method, string, unknown][] = [
      ['POST', '/api/quiz/quizzes', { courseId: course.id, questions: [question(1)] }],
      ['GET', '/api/quiz/quizzes', undefined],
      ['PUT', `/api/quiz/quizzes/${quizId}/settings`, { ...DEFAULT_QUIZ_SETTINGS, attemptPolicy: 'limit' }],
      ['PUT', `/api/quiz/quizzes/${quizId}/questions/0`, question(1)],
      ['DELETE', `/api/quiz/quizzes/${quizId}/questions/0`, undefined],
    ];
    const before = await t.deps.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id));
    const quizBefore = await t.deps.db.select().from(quizzes).where(eq(quizzes.id, quizId));
    for (const [method, url, payload] of routes) {
      const anonymous = await call(method, url, null, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const learner of [token, adminAsLearner]) {
        const res = await call(method, url, learner, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('correctAnswer');
      }
    }
    expect(await t.deps.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id))).toEqual(before);
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.id, quizId))).toEqual(quizBefore);
  });
});

describe('POST /api/quiz/quizzes', () => {
  it("says 'Please select a course.' without a course", async () => {
    for (const payload of [
      { questions: [question(1)] },
      { courseId: '', questions: [question(1)] },
      { courseId: '  ' },
    ]) {
      const res = await call('POST', '/api/quiz/quizzes', fx.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(QUIZ_MESSAGES.selectCourse);
      expect(res.json().errors.courseId).toBe(QUIZ_MESSAGES.selectCourse);
    }
    const unknown = await call('POST', '/api/quiz/quizzes', fx.admin, { courseId: 'nope', questions: [question(1)] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound);
  });

  it('validates every question with the shared messages', async () => {
    const cases: [unknown, string, string][] = [
      [[], 'questions', QUIZ_MESSAGES.questionsRequired],
      [[{ ...question(1), question: '   ' }], 'questions.0.question', QUIZ_MESSAGES.questionRequired],
      [[{ ...question(1), options: ['A', 'B', 'C'] }], 'questions.0.options', QUIZ_MESSAGES.optionsRequired],
      [[{ ...question(1), options: ['A', 'B', '', 'D'] }], 'questions.0.options.2', QUIZ_MESSAGES.optionsRequired],
      [[{ ...question(1), options: ['A', 'B', 'C', 'D', 'E'] }], 'questions.0.options', QUIZ_MESSAGES.optionsRequired],
      [
        [question(1), { ...question(2), correctAnswer: 4 }],
        'questions.1.correctAnswer',
        QUIZ_MESSAGES.correctAnswerRange,
      ],
      [[{ ...question(1), correctAnswer: -1 }], 'questions.0.correctAnswer', QUIZ_MESSAGES.correctAnswerRange],
      [[{ ...question(1), correctAnswer: '2' }], 'questions.0.correctAnswer', QUIZ_MESSAGES.correctAnswerRange],
      // No option chosen as correct: the owner is asked to choose one (nothing is preselected).
      [[{ ...question(1), correctAnswer: null }], 'questions.0.correctAnswer', QUIZ_MESSAGES.correctAnswerRequired],
      [
        [{ question: 'No answer?', options: ['A', 'B', 'C', 'D'] }],
        'questions.0.correctAnswer',
        QUIZ_MESSAGES.correctAnswerRequired,
      ],
    ];
    const course = await seedCourse(t.deps.db);
    for (const [questions, field, message] of cases) {
      const res = await call('POST', '/api/quiz/quizzes', fx.admin, { courseId: course.id, questions });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course.id))).toHaveLength(0);
  });

  it('creates the quiz (201), then appends to it (200) keeping positions contiguous', async () => {
    const course = await seedCourse(t.deps.db, { title: 'Mortgages in Dubai' });
    const created = await call('POST', '/api/quiz/quizzes', fx.admin, {
      courseId: course.id,
      questions: [question(1, 0), question(2, 3)],
    });
    expect(created.statusCode).toBe(201);
    const quiz = adminQuizSchema.parse(created.json());
    expect(quiz).toMatchObject({
      courseId: course.id,
      courseTitle: 'Mortgages in Dubai',
      settings: DEFAULT_QUIZ_SETTINGS,
    });
    expect(quiz.questions.map((q) => [q.question, q.correctAnswer])).toEqual([
      ['Admin question 1?', 0],
      ['Admin question 2?', 3],
    ]);

    const appended = await call('POST', '/api/quiz/quizzes', fx.admin, {
      courseId: course.id,
      questions: [{ question: '  Trimmed?  ', options: [' A ', 'B', 'C', 'D'], correctAnswer: 2 }],
    });
    expect(appended.statusCode).toBe(200);
    expect(appended.json()._id).toBe(quiz._id);
    expect(appended.json().questions.map((q: { question: string }) => q.question)).toEqual([
      'Admin question 1?',
      'Admin question 2?',
      'Trimmed?',
    ]);
    expect(appended.json().questions[2].options[0]).toBe('A');
    const positions = await t.deps.db
      .select({ position: quizQuestions.position })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz._id))
      .orderBy(asc(quizQuestions.position));
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course.id))).toHaveLength(1);
  });

  it('takes the attempt settings with the questions, validated', async () => {
    const course = await seedCourse(t.deps.db);
    const settings: QuizSettings = {
      attemptPolicy: 'wait',
      attemptCount: 5,
      waitHours: 48,
      showQuestionResults: true,
      passPercent: 80,
    };
    const bad = await call('POST', '/api/quiz/quizzes', fx.admin, {
      courseId: course.id,
      questions: [question(1)],
      settings: { ...settings, waitHours: 721 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['settings.waitHours']).toBe(QUIZ_MESSAGES.waitHoursRange);
    const res = await call('POST', '/api/quiz/quizzes', fx.admin, {
      courseId: course.id,
      questions: [question(1)],
      settings,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().settings).toEqual(settings);
  });

  it('keeps one quiz per course and contiguous positions under concurrent saves', async () => {
    const course = await seedCourse(t.deps.db);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        call('POST', '/api/quiz/quizzes', fx.admin, {
          courseId: course.id,
          questions: [question(n), question(n + 10)],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course.id));
    expect(rows).toHaveLength(1);
    const positions = await t.deps.db
      .select({ position: quizQuestions.position })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, rows[0]!.id))
      .orderBy(asc(quizQuestions.position));
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('PUT /api/quiz/quizzes/:quizId/settings', () => {
  it('saves the attempt policy and answers the quiz with it; learners see it at once', async () => {
    const { quizId, token, quizUrl } = await seedQuizCourse();
    const settings: QuizSettings = {
      attemptPolicy: 'limit',
      attemptCount: 1,
      waitHours: 24,
      showQuestionResults: true,
      passPercent: 60,
    };
    const res = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.admin, settings);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(adminQuizSchema.parse(res.json())).toMatchObject({ _id: quizId, settings });
    const list = adminQuizListSchema.parse((await call('GET', '/api/quiz/quizzes', fx.admin)).json());
    expect(list.quizzes.find((q) => q._id === quizId)?.settings).toEqual(settings);
    expect((await call('GET', quizUrl, token)).json()).toMatchObject({ attemptPolicy: 'limit', attemptsLeft: 1 });
  });

  it('an update without the pass mark (an older client) keeps the quiz’s mark', async () => {
    const { quizId } = await seedQuizCourse({ settings: { passPercent: 85 } });
    const res = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.admin, {
      attemptPolicy: 'unlimited',
      attemptCount: 3,
      waitHours: 24,
      showQuestionResults: false,
    });
    expect(res.statusCode).toBe(200);
    expect(adminQuizSchema.parse(res.json()).settings).toMatchObject({ attemptPolicy: 'unlimited', passPercent: 85 });
  });

  it('refuses values out of range with the shared messages, changing nothing', async () => {
    const { quizId } = await seedQuizCourse();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ attemptPolicy: 'sometimes' }, 'attemptPolicy', QUIZ_MESSAGES.attemptPolicyInvalid],
      [{ attemptCount: 0 }, 'attemptCount', QUIZ_MESSAGES.attemptCountRange],
      [{ attemptCount: 101 }, 'attemptCount', QUIZ_MESSAGES.attemptCountRange],
      [{ attemptCount: 2.5 }, 'attemptCount', QUIZ_MESSAGES.attemptCountRange],
      [{ waitHours: 0 }, 'waitHours', QUIZ_MESSAGES.waitHoursRange],
      [{ waitHours: 721 }, 'waitHours', QUIZ_MESSAGES.waitHoursRange],
      [{ waitHours: '24' }, 'waitHours', QUIZ_MESSAGES.waitHoursRange],
      [{ showQuestionResults: 'yes' }, 'showQuestionResults', QUIZ_MESSAGES.showQuestionResultsInvalid],
      [{ passPercent: 0 }, 'passPercent', QUIZ_MESSAGES.passPercentRange],
      [{ passPercent: 101 }, 'passPercent', QUIZ_MESSAGES.passPercentRange],
      [{ passPercent: 69.5 }, 'passPercent', QUIZ_MESSAGES.passPercentRange],
      [{ passPercent: '70' }, 'passPercent', QUIZ_MESSAGES.passPercentRange],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.admin, {
        ...DEFAULT_QUIZ_SETTINGS,
        ...change,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    const [row] = await t.deps.db.select().from(quizzes).where(eq(quizzes.id, quizId));
    expect(row).toMatchObject(DEFAULT_QUIZ_SETTINGS);
    const unknown = await call('PUT', '/api/quiz/quizzes/nope/settings', fx.admin, DEFAULT_QUIZ_SETTINGS);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
  });
});

describe('GET /api/quiz/quizzes', () => {
  it('lists every quiz with its course title, correct answers and settings', async () => {
    const { quizId, course } = await seedQuizCourse({ title: 'Off Plan Basics' });
    const other = await seedQuizCourse({ title: 'Golden Visa' });
    const res = await call('GET', '/api/quiz/quizzes', fx.admin);
    expect(res.statusCode).toBe(200);
    const { quizzes: list } = adminQuizListSchema.parse(res.json());
    const seeded = list.find((q) => q._id === quizId);
    expect(seeded).toMatchObject({
      courseId: course.id,
      courseTitle: 'Off Plan Basics',
      settings: DEFAULT_QUIZ_SETTINGS,
    });
    expect(seeded!.questions.map((q) => q.correctAnswer)).toEqual(CORRECT);
    expect(list.some((q) => q._id === other.quizId && q.courseTitle === 'Golden Visa')).toBe(true);
  });
});

describe('PUT /api/quiz/quizzes/:quizId/questions/:index', () => {
  it('replaces one question, and grading follows the new correct answer', async () => {
    const { quizId, token, attemptsUrl } = await seedQuizCourse({ watched: true });
    const res = await call('PUT', `/api/quiz/quizzes/${quizId}/questions/1`, fx.admin, {
      question: 'Which one now?',
      options: ['W', 'X', 'Y', 'Z'],
      correctAnswer: 3,
    });
    expect(res.statusCode).toBe(200);
    const quiz = adminQuizSchema.parse(res.json());
    expect(quiz.questions).toHaveLength(5);
    expect(quiz.questions[1]).toMatchObject({
      question: 'Which one now?',
      options: ['W', 'X', 'Y', 'Z'],
      correctAnswer: 3,
    });
    expect(quiz.questions[0]!.question).toBe('Question 1?');

    const graded = await call('POST', attemptsUrl, token, { answers: [0, 3, 2, 3, 0] });
    expect(graded.json()).toMatchObject({ score: 5, total: 5 });
  });

  it('answers 404 for an unknown quiz or question index, 400 for an invalid question', async () => {
    const { quizId } = await seedQuizCourse();
    const unknownQuiz = await call('PUT', '/api/quiz/quizzes/nope/questions/0', fx.admin, question(1));
    expect(unknownQuiz.statusCode).toBe(404);
    expect(unknownQuiz.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    for (const index of ['5', '99', 'abc', '-1', '1.5']) {
      const res = await call('PUT', `/api/quiz/quizzes/${quizId}/questions/${index}`, fx.admin, question(1));
      expect(res.statusCode, index).toBe(404);
      expect(res.json().message).toBe(QUIZ_MESSAGES.questionNotFound);
    }
    const invalid = await call('PUT', `/api/quiz/quizzes/${quizId}/questions/0`, fx.admin, {
      ...question(1),
      options: ['A', 'B'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(QUIZ_MESSAGES.optionsRequired);
  });
});

describe('DELETE /api/quiz/quizzes/:quizId/questions/:index', () => {
  it('removes one question and closes the gap', async () => {
    const course = await seedCourse(t.deps.db);
    const { id } = await seedQuiz(t.deps.db, { courseId: course.id, questions: createQuestions(3) });
    const res = await call('DELETE', `/api/quiz/quizzes/${id}/questions/1`, fx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(QUIZ_MESSAGES.questionDeleted);
    expect(res.json().quiz.questions.map((q: { question: string }) => q.question)).toEqual([
      'Question 1?',
      'Question 3?',
    ]);
    const positions = await t.deps.db
      .select({ position: quizQuestions.position })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, id))
      .orderBy(asc(quizQuestions.position));
    expect(positions.map((p) => p.position)).toEqual([0, 1]);

    // Appending after a delete continues at the end, still contiguous.
    await call('POST', '/api/quiz/quizzes', fx.admin, { courseId: course.id, questions: [question(9)] });
    const after = await t.deps.db
      .select({ position: quizQuestions.position, question: quizQuestions.question })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, id))
      .orderBy(asc(quizQuestions.position));
    expect(after).toEqual([
      { position: 0, question: 'Question 1?' },
      { position: 1, question: 'Question 3?' },
      { position: 2, question: 'Admin question 9?' },
    ]);
  });

  it('deletes the quiz with its last question', async () => {
    const course = await seedCourse(t.deps.db);
    const learner = await seedUser(t.deps.db);
    await seedEnrolment(t.deps.db, { userId: learner.id, courseId: course.id });
    const learnerToken = (await createSession(t.deps.db, learner.id, 'learner')).token;
    const { id } = await seedQuiz(t.deps.db, { courseId: course.id, questions: createQuestions(1) });
    const res = await call('DELETE', `/api/quiz/quizzes/${id}/questions/0`, fx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().quiz).toBeNull();
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.id, id))).toHaveLength(0);
    const learnerView = await call('GET', `/api/quiz/course/${course.id}`, learnerToken);
    expect(learnerView.statusCode).toBe(404);
    expect(learnerView.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    const again = await call('DELETE', `/api/quiz/quizzes/${id}/questions/0`, fx.admin);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an index past the end', async () => {
    const { quizId } = await seedQuizCourse();
    const res = await call('DELETE', `/api/quiz/quizzes/${quizId}/questions/7`, fx.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(QUIZ_MESSAGES.questionNotFound);
  });
});
