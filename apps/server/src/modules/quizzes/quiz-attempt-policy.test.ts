import { describe, expect, it } from 'vitest';
import { courseQuizSchema, QUIZ_MESSAGES, quizAttemptResultSchema } from '@oasis/shared/quiz';
import { getAttemptStatus, submitQuizAttempt } from './service.ts';
import { ALL_RIGHT, hoursLater, NONE_RIGHT, setUpQuizTests, T0, THREE_RIGHT } from './quizzes.fixtures.ts';

const { t, fx, call, seedQuizCourse, storedAttempts } = setUpQuizTests();

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
    await submitQuizAttempt(t.deps, learner, course.id, { answers: NONE_RIGHT }, T0);
    await submitQuizAttempt(t.deps, learner, course.id, { answers: NONE_RIGHT }, hoursLater(1));
    await expect(
      submitQuizAttempt(t.deps, learner, course.id, { answers: ALL_RIGHT }, hoursLater(24.9)),
    ).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 360,
    });
    const next = await submitQuizAttempt(t.deps, learner, course.id, { answers: ALL_RIGHT }, hoursLater(25));
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
    expect(courseQuizSchema.parse((await call('GET', quizUrl, fx.adminToken)).json()).lastAttempt).toBeNull();
  });
});
