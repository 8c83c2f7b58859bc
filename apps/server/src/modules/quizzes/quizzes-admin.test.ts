import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import {
  adminQuizListSchema,
  adminQuizSchema,
  DEFAULT_QUIZ_SETTINGS,
  QUIZ_MESSAGES,
  type QuizSettings,
} from '@oasis/shared/quiz';
import { createQuestions, seedCourse, seedEnrolment, seedQuiz, seedUser } from '../../db/factories.ts';
import { quizQuestions, quizzes } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { CORRECT, type Method, question, setUpQuizTests } from './quizzes.fixtures.ts';

const { t, fx, call, seedQuizCourse } = setUpQuizTests();

describe('admin quiz routes: guards', () => {
  it('refuses anonymous callers (401) and learners (403), changing nothing', async () => {
    const { course, quizId, token } = await seedQuizCourse();
    const adminAsLearner = (await createSession(t.deps.db, fx.admin.id, 'learner')).token;
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
      const res = await call('POST', '/api/quiz/quizzes', fx.adminToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(QUIZ_MESSAGES.selectCourse);
      expect(res.json().errors.courseId).toBe(QUIZ_MESSAGES.selectCourse);
    }
    const unknown = await call('POST', '/api/quiz/quizzes', fx.adminToken, {
      courseId: 'nope',
      questions: [question(1)],
    });
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
      const res = await call('POST', '/api/quiz/quizzes', fx.adminToken, { courseId: course.id, questions });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course.id))).toHaveLength(0);
  });

  it('creates the quiz (201), then appends to it (200) keeping positions contiguous', async () => {
    const course = await seedCourse(t.deps.db, { title: 'Mortgages in Dubai' });
    const created = await call('POST', '/api/quiz/quizzes', fx.adminToken, {
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

    const appended = await call('POST', '/api/quiz/quizzes', fx.adminToken, {
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
      shuffle: false,
      drawCount: null,
    };
    const bad = await call('POST', '/api/quiz/quizzes', fx.adminToken, {
      courseId: course.id,
      questions: [question(1)],
      settings: { ...settings, waitHours: 721 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['settings.waitHours']).toBe(QUIZ_MESSAGES.waitHoursRange);
    const res = await call('POST', '/api/quiz/quizzes', fx.adminToken, {
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
        call('POST', '/api/quiz/quizzes', fx.adminToken, {
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
      shuffle: false,
      drawCount: null,
    };
    const res = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.adminToken, settings);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(adminQuizSchema.parse(res.json())).toMatchObject({ _id: quizId, settings });
    const list = adminQuizListSchema.parse((await call('GET', '/api/quiz/quizzes', fx.adminToken)).json());
    expect(list.quizzes.find((q) => q._id === quizId)?.settings).toEqual(settings);
    expect((await call('GET', quizUrl, token)).json()).toMatchObject({ attemptPolicy: 'limit', attemptsLeft: 1 });
  });

  it('an update without the pass mark (an older client) keeps the quiz’s mark', async () => {
    const { quizId } = await seedQuizCourse({ settings: { passPercent: 85 } });
    const res = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.adminToken, {
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
      const res = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.adminToken, {
        ...DEFAULT_QUIZ_SETTINGS,
        ...change,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    const [row] = await t.deps.db.select().from(quizzes).where(eq(quizzes.id, quizId));
    expect(row).toMatchObject(DEFAULT_QUIZ_SETTINGS);
    const unknown = await call('PUT', '/api/quiz/quizzes/nope/settings', fx.adminToken, DEFAULT_QUIZ_SETTINGS);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
  });
});

describe('GET /api/quiz/quizzes', () => {
  it('lists every quiz with its course title, correct answers and settings', async () => {
    const { quizId, course } = await seedQuizCourse({ title: 'Off Plan Basics' });
    const other = await seedQuizCourse({ title: 'Golden Visa' });
    const res = await call('GET', '/api/quiz/quizzes', fx.adminToken);
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
    const res = await call('PUT', `/api/quiz/quizzes/${quizId}/questions/1`, fx.adminToken, {
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
    const unknownQuiz = await call('PUT', '/api/quiz/quizzes/nope/questions/0', fx.adminToken, question(1));
    expect(unknownQuiz.statusCode).toBe(404);
    expect(unknownQuiz.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    for (const index of ['5', '99', 'abc', '-1', '1.5']) {
      const res = await call('PUT', `/api/quiz/quizzes/${quizId}/questions/${index}`, fx.adminToken, question(1));
      expect(res.statusCode, index).toBe(404);
      expect(res.json().message).toBe(QUIZ_MESSAGES.questionNotFound);
    }
    const invalid = await call('PUT', `/api/quiz/quizzes/${quizId}/questions/0`, fx.adminToken, {
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
    const res = await call('DELETE', `/api/quiz/quizzes/${id}/questions/1`, fx.adminToken);
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
    await call('POST', '/api/quiz/quizzes', fx.adminToken, { courseId: course.id, questions: [question(9)] });
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
    const res = await call('DELETE', `/api/quiz/quizzes/${id}/questions/0`, fx.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().quiz).toBeNull();
    expect(await t.deps.db.select().from(quizzes).where(eq(quizzes.id, id))).toHaveLength(0);
    const learnerView = await call('GET', `/api/quiz/course/${course.id}`, learnerToken);
    expect(learnerView.statusCode).toBe(404);
    expect(learnerView.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    const again = await call('DELETE', `/api/quiz/quizzes/${id}/questions/0`, fx.adminToken);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an index past the end', async () => {
    const { quizId } = await seedQuizCourse();
    const res = await call('DELETE', `/api/quiz/quizzes/${quizId}/questions/7`, fx.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(QUIZ_MESSAGES.questionNotFound);
  });
});
