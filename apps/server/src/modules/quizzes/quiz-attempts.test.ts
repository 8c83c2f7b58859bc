import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import { courseQuizSchema, QUIZ_MESSAGES, quizAttemptResultSchema } from '@oasis/shared/quiz';
import { seedCourse, seedVideo } from '../../db/factories.ts';
import { createSession } from '../auth/sessions.ts';
import { gradeAnswers } from './service.ts';
import { ALL_RIGHT, CORRECT, NONE_RIGHT, setUpQuizTests, THREE_RIGHT } from './quizzes.fixtures.ts';

const { t, fx, call, seedQuizCourse, storedAttempts } = setUpQuizTests();

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
    expect(Object.keys(quiz.questions[0]!).sort()).toEqual([
      '_id',
      'optionIds',
      'options',
      'optionsAr',
      'question',
      'questionAr',
    ]);
    expect(quiz.questions[0]).toMatchObject({
      question: 'Question 1?',
      options: ['Option 1', 'Option 2', 'Option 3', 'Option 4'],
    });
  });

  it('hides correct answers from an admin account signed in as a learner too', async () => {
    const { quizUrl } = await seedQuizCourse();
    const adminAsLearner = (await createSession(t.deps.db, fx.admin.id, 'learner')).token;
    const res = await call('GET', quizUrl, adminAsLearner);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correctAnswer');
  });

  it('shows them to an admin session', async () => {
    const { quizUrl } = await seedQuizCourse();
    const res = await call('GET', quizUrl, fx.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().questions.map((q: { correctAnswer: number }) => q.correctAnswer)).toEqual(CORRECT);
  });

  it('refuses anonymous callers and learners without the course', async () => {
    const { quizUrl } = await seedQuizCourse();
    expect((await call('GET', quizUrl, null)).statusCode).toBe(401);
    const stranger = await call('GET', quizUrl, fx.strangerToken);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Question 1?');
  });

  it("answers 404 'Quiz not found' for a course without a quiz", async () => {
    const bare = await seedCourse(t.deps.db);
    const res = await call('GET', `/api/quiz/course/${bare.id}`, fx.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(QUIZ_MESSAGES.quizNotFound);
    const unknown = await call('GET', '/api/quiz/course/no-such-course', fx.adminToken);
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
    expect((await call('POST', attemptsUrl, fx.strangerToken, { answers: ALL_RIGHT })).statusCode).toBe(403);
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
    expect((await call('GET', quizUrl, fx.adminToken)).json()).toMatchObject({ attempts: 0, bestScore: null });
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
    expect((await call('POST', attemptsUrl, fx.adminToken, { answers: ALL_RIGHT })).statusCode).toBe(403);
    for (const videoId of videoIds) await call('POST', '/api/progress', fx.adminToken, { videoId });
    const res = await call('POST', attemptsUrl, fx.adminToken, { answers: ALL_RIGHT });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 5, attempts: 1 });
  });
});
