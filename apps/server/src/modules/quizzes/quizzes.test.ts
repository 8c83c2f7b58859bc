import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import {
  adminQuizListSchema,
  adminQuizSchema,
  courseQuizSchema,
  QUIZ_MESSAGES,
  type QuizQuestionInput,
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
import { quizAttempts, quizQuestions, quizzes } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { gradeAnswers } from './service.ts';

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

const fx = {} as {
  course: { id: string };
  videoIds: string[];
  quizId: string;
  learnerId: string;
  learner: string;
  stranger: string;
  adminAsLearner: string;
  admin: string;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  fx.course = await seedCourse(db, { title: 'Off Plan Basics', priceFils: 88800 });
  const m1 = await seedModule(db, { courseId: fx.course.id, position: 0 });
  const m2 = await seedModule(db, { courseId: fx.course.id, position: 1 });
  fx.videoIds = [
    (await seedVideo(db, { moduleId: m1.id, position: 0 })).id,
    (await seedVideo(db, { moduleId: m1.id, position: 1 })).id,
    (await seedVideo(db, { moduleId: m2.id, position: 0 })).id,
  ];
  fx.quizId = (await seedQuiz(db, { courseId: fx.course.id, questions: createQuestions(5) })).id;

  const learner = await seedUser(db);
  fx.learnerId = learner.id;
  await seedEnrolment(db, { userId: learner.id, courseId: fx.course.id });
  fx.learner = (await createSession(db, learner.id, 'learner')).token;
  fx.stranger = (await createSession(db, (await seedUser(db)).id, 'learner')).token;
  const admin = await seedUser(db, { role: 'admin' });
  fx.admin = (await createSession(db, admin.id, 'admin')).token;
  // An admin account signed in through the learner login: may watch, but is no admin session.
  fx.adminAsLearner = (await createSession(db, admin.id, 'learner')).token;
});
afterAll(() => t.close());

const quizUrl = () => `/api/quiz/course/${fx.course.id}`;
const attemptsUrl = () => `/api/quiz/course/${fx.course.id}/attempts`;

describe('gradeAnswers', () => {
  it('counts the answers equal to the correct option', () => {
    expect(gradeAnswers(CORRECT, ALL_RIGHT)).toBe(5);
    expect(gradeAnswers(CORRECT, THREE_RIGHT)).toBe(3);
    expect(gradeAnswers(CORRECT, [3, 3, 3, 0, 3])).toBe(0);
  });
});

describe('GET /api/quiz/course/:courseId', () => {
  it('gives an enrolled learner questions and options, never correct answers', async () => {
    const res = await call('GET', quizUrl(), fx.learner);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correctAnswer');
    expect(res.body).not.toContain('correct');
    const quiz = courseQuizSchema.parse(res.json());
    expect(quiz).toMatchObject({
      _id: fx.quizId,
      courseId: fx.course.id,
      total: 5,
      attempts: 0,
      bestScore: null,
      latestScore: null,
    });
    expect(quiz.questions).toHaveLength(5);
    expect(Object.keys(quiz.questions[0]!).sort()).toEqual(['_id', 'options', 'question']);
    expect(quiz.questions[0]).toMatchObject({
      question: 'Question 1?',
      options: ['Option 1', 'Option 2', 'Option 3', 'Option 4'],
    });
  });

  it('hides correct answers from an admin account signed in as a learner too', async () => {
    const res = await call('GET', quizUrl(), fx.adminAsLearner);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correctAnswer');
  });

  it('shows them to an admin session', async () => {
    const res = await call('GET', quizUrl(), fx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().questions.map((q: { correctAnswer: number }) => q.correctAnswer)).toEqual(CORRECT);
  });

  it('refuses anonymous callers and learners without the course', async () => {
    expect((await call('GET', quizUrl(), null)).statusCode).toBe(401);
    const stranger = await call('GET', quizUrl(), fx.stranger);
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
    await call('POST', '/api/progress', fx.learner, { videoId: fx.videoIds[0] });
    await call('POST', '/api/progress', fx.learner, { videoId: fx.videoIds[1] });
    const res = await call('POST', attemptsUrl(), fx.learner, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: QUIZ_MESSAGES.locked, code: 'FORBIDDEN' });
    expect(QUIZ_MESSAGES.locked).toBe('Watch all videos to unlock the quiz.');
    const rows = await t.deps.db.select().from(quizAttempts).where(eq(quizAttempts.userId, fx.learnerId));
    expect(rows).toHaveLength(0);
  });

  it('refuses strangers and anonymous callers', async () => {
    expect((await call('POST', attemptsUrl(), fx.stranger, { answers: ALL_RIGHT })).statusCode).toBe(403);
    expect((await call('POST', attemptsUrl(), null, { answers: ALL_RIGHT })).statusCode).toBe(401);
  });

  it('grades on the server once the last video is done, without revealing answers', async () => {
    await call('POST', '/api/progress', fx.learner, { videoId: fx.videoIds[2] });
    const res = await call('POST', attemptsUrl(), fx.learner, { answers: THREE_RIGHT });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('correct');
    expect(quizAttemptResultSchema.parse(res.json())).toEqual({
      score: 3,
      total: 5,
      attempts: 1,
      bestScore: 3,
      latestScore: 3,
    });
  });

  it('stores every attempt and reports the best and the latest score', async () => {
    const best = await call('POST', attemptsUrl(), fx.learner, { answers: ALL_RIGHT });
    expect(best.json()).toEqual({ score: 5, total: 5, attempts: 2, bestScore: 5, latestScore: 5 });
    const worse = await call('POST', attemptsUrl(), fx.learner, { answers: [3, 3, 3, 0, 3] });
    expect(worse.json()).toEqual({ score: 0, total: 5, attempts: 3, bestScore: 5, latestScore: 0 });

    const rows = await t.deps.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, fx.learnerId))
      .orderBy(asc(quizAttempts.createdAt));
    expect(rows.map((r) => [r.score, r.total, r.answers])).toEqual([
      [3, 5, THREE_RIGHT],
      [5, 5, ALL_RIGHT],
      [0, 5, [3, 3, 3, 0, 3]],
    ]);

    const quiz = await call('GET', quizUrl(), fx.learner);
    expect(quiz.json()).toMatchObject({ attempts: 3, bestScore: 5, latestScore: 0 });
    // Each learner sees only their own attempts.
    expect((await call('GET', quizUrl(), fx.admin)).json()).toMatchObject({ attempts: 0, bestScore: null });
  });

  it('needs exactly one answer from 0 to 3 per question', async () => {
    for (const answers of [
      [0, 1, 2, 3],
      [0, 1, 2, 3, 0, 1],
      [],
      [0, 1, 2, 4, 0],
      [0, 1, 2, -1, 0],
      [0, 1.5, 2, 3, 0],
    ]) {
      const res = await call('POST', attemptsUrl(), fx.learner, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().message).toBe(QUIZ_MESSAGES.answersInvalid);
    }
    for (const payload of [{}, { answers: 'abc' }, { answers: ['0', '1', '2', '3', '0'] }]) {
      const res = await call('POST', attemptsUrl(), fx.learner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(QUIZ_MESSAGES.answersInvalid);
    }
    expect((await call('GET', quizUrl(), fx.learner)).json().attempts).toBe(3);
  });

  it('locks the quiz again when a video is added to the course', async () => {
    const [firstModule] = await t.deps.db.query.modules.findMany({
      where: (m, { eq }) => eq(m.courseId, fx.course.id),
    });
    const added = await seedVideo(t.deps.db, { moduleId: firstModule!.id });
    const res = await call('POST', attemptsUrl(), fx.learner, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(403);
    await call('POST', '/api/progress', fx.learner, { videoId: added.id });
    expect((await call('POST', attemptsUrl(), fx.learner, { answers: ALL_RIGHT })).statusCode).toBe(201);
  });

  it('lets an admin take the quiz without buying, once the videos are done', async () => {
    expect((await call('POST', attemptsUrl(), fx.admin, { answers: ALL_RIGHT })).statusCode).toBe(403);
    const progress = await call('GET', `/api/progress/${fx.course.id}`, fx.learner);
    for (const videoId of progress.json().completedVideoIds) await call('POST', '/api/progress', fx.admin, { videoId });
    const res = await call('POST', attemptsUrl(), fx.admin, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 5, attempts: 1 });
  });
});

const question = (n: number, correctAnswer = 1): QuizQuestionInput => ({
  question: `Admin question ${n}?`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer,
});

describe('admin quiz routes: guards', () => {
  // Built lazily: the fixtures exist only once beforeAll has run.
  const routes = (): [Method, string, unknown][] => [
    ['POST', '/api/quiz/quizzes', { courseId: fx.course.id, questions: [question(1)] }],
    ['GET', '/api/quiz/quizzes', undefined],
    ['PUT', `/api/quiz/quizzes/${fx.quizId}/questions/0`, question(1)],
    ['DELETE', `/api/quiz/quizzes/${fx.quizId}/questions/0`, undefined],
  ];

  it('refuses anonymous callers (401) and learners (403), changing nothing', async () => {
    const before = await t.deps.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id));
    for (const [method, url, payload] of routes()) {
      const anonymous = await call(method, url, null, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const token of [fx.learner, fx.adminAsLearner]) {
        const learner = await call(method, url, token, payload);
        expect(learner.statusCode, `${method} ${url}`).toBe(403);
        expect(learner.body).not.toContain('correctAnswer');
      }
    }
    expect(await t.deps.db.select().from(quizQuestions).orderBy(asc(quizQuestions.id))).toEqual(before);
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
    expect(quiz).toMatchObject({ courseId: course.id, courseTitle: 'Mortgages in Dubai' });
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

describe('GET /api/quiz/quizzes', () => {
  it('lists every quiz with its course title and correct answers', async () => {
    const res = await call('GET', '/api/quiz/quizzes', fx.admin);
    expect(res.statusCode).toBe(200);
    const { quizzes: list } = adminQuizListSchema.parse(res.json());
    const seeded = list.find((q) => q._id === fx.quizId);
    expect(seeded).toMatchObject({ courseId: fx.course.id, courseTitle: 'Off Plan Basics' });
    expect(seeded!.questions.map((q) => q.correctAnswer)).toEqual(CORRECT);
    expect(list.some((q) => q.courseTitle === 'Mortgages in Dubai')).toBe(true);
  });
});

describe('PUT /api/quiz/quizzes/:quizId/questions/:index', () => {
  it('replaces one question, and grading follows the new correct answer', async () => {
    const res = await call('PUT', `/api/quiz/quizzes/${fx.quizId}/questions/1`, fx.admin, {
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

    const graded = await call('POST', attemptsUrl(), fx.learner, { answers: [0, 3, 2, 3, 0] });
    expect(graded.json()).toMatchObject({ score: 5, total: 5 });
  });

  it('answers 404 for an unknown quiz or question index, 400 for an invalid question', async () => {
    const unknownQuiz = await call('PUT', '/api/quiz/quizzes/nope/questions/0', fx.admin, question(1));
    expect(unknownQuiz.statusCode).toBe(404);
    expect(unknownQuiz.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    for (const index of ['5', '99', 'abc', '-1', '1.5']) {
      const res = await call('PUT', `/api/quiz/quizzes/${fx.quizId}/questions/${index}`, fx.admin, question(1));
      expect(res.statusCode, index).toBe(404);
      expect(res.json().message).toBe(QUIZ_MESSAGES.questionNotFound);
    }
    const invalid = await call('PUT', `/api/quiz/quizzes/${fx.quizId}/questions/0`, fx.admin, {
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
    await seedEnrolment(t.deps.db, { userId: fx.learnerId, courseId: course.id });
    const { id } = await seedQuiz(t.deps.db, { courseId: course.id, questions: createQuestions(1) });
    const res = await call('DELETE', `/api/quiz/quizzes/${id}/questions/0`, fx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().quiz).toBeNull();
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.id, id))).toHaveLength(0);
    const learnerView = await call('GET', `/api/quiz/course/${course.id}`, fx.learner);
    expect(learnerView.statusCode).toBe(404);
    expect(learnerView.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    const again = await call('DELETE', `/api/quiz/quizzes/${id}/questions/0`, fx.admin);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an index past the end', async () => {
    const res = await call('DELETE', `/api/quiz/quizzes/${fx.quizId}/questions/7`, fx.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(QUIZ_MESSAGES.questionNotFound);
  });
});
