import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CourseQuiz, courseQuizSchema, QUIZ_MESSAGES } from '@oasis/shared/quiz';
import { quizDraws } from '../../db/schema.ts';
import { setUpQuizTests } from './quizzes.fixtures.ts';

const { t, fx, call, seedQuizCourse, storedAttempts } = setUpQuizTests();

/**
 * The right option's id of each question handed out. The fixture's question n ('Question n?') has
 * its right answer at stored place (n - 1) % 4, whose text is 'Option k' with k = place + 1.
 */
function rightAnswers(quiz: CourseQuiz) {
  return quiz.questions.map((q) => {
    const n = Number(/Question (\d+)\?/.exec(q.question)?.[1]);
    const text = `Option ${((n - 1) % 4) + 1}`;
    return { questionId: q._id, optionId: q.optionIds[q.options.indexOf(text)]! };
  });
}

async function handOut(url: string, token: string) {
  const res = await call('GET', url, token);
  expect(res.statusCode).toBe(200);
  return courseQuizSchema.parse(res.json());
}

describe('shuffled quizzes', () => {
  it('grades the same answers right whatever order the questions and options were handed out in', async () => {
    const { token, quizUrl, attemptsUrl } = await seedQuizCourse({ watched: true, settings: { shuffle: true } });
    const orders = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const quiz = await handOut(quizUrl, token);
      expect(quiz.attemptId).not.toBeNull();
      expect(quiz.questions).toHaveLength(5);
      orders.add(JSON.stringify(quiz.questions.map((q) => [q._id, q.optionIds])));
      // Each question's options keep their texts and ids together, whatever the order.
      for (const q of quiz.questions)
        expect([...q.options].sort()).toEqual(['Option 1', 'Option 2', 'Option 3', 'Option 4']);
      const res = await call('POST', attemptsUrl, token, { attemptId: quiz.attemptId, answers: rightAnswers(quiz) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ score: 5, total: 5, passed: true });
    }
    // Four attempts in one order of 5! × (4!)^5 possible: the order is the attempt's own.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('grades by id: the answer at the right place of the stored order is wrong once the options moved', async () => {
    const { token, quizUrl, attemptsUrl } = await seedQuizCourse({
      watched: true,
      settings: { shuffle: true, showQuestionResults: true },
    });
    const quiz = await handOut(quizUrl, token);
    const answers = quiz.questions.map((q) => ({ questionId: q._id, optionId: q.optionIds[0]! }));
    const res = await call('POST', attemptsUrl, token, { attemptId: quiz.attemptId, answers });
    const expected = quiz.questions.filter((q, i) => q.optionIds[0] === rightAnswers(quiz)[i]!.optionId).length;
    expect(res.json().score).toBe(expected);
    // The result names the right option by its place in the order this attempt showed.
    for (const [i, result] of (res.json().questions as { correctAnswer: number }[]).entries()) {
      expect(quiz.questions[i]!.optionIds[result.correctAnswer]).toBe(rightAnswers(quiz)[i]!.optionId);
    }
  });

  it('refuses answers by position for a shuffled quiz, and keeps accepting them for a plain one', async () => {
    const shuffledQuiz = await seedQuizCourse({ watched: true, settings: { shuffle: true } });
    const refused = await call('POST', shuffledQuiz.attemptsUrl, shuffledQuiz.token, { answers: [0, 1, 2, 3, 0] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QUIZ_MESSAGES.attemptRequired);
    expect(await storedAttempts(shuffledQuiz.learner.id)).toHaveLength(0);

    const plain = await seedQuizCourse({ watched: true });
    const graded = await call('POST', plain.attemptsUrl, plain.token, { answers: [0, 1, 2, 3, 0] });
    expect(graded.statusCode).toBe(201);
    expect(graded.json()).toMatchObject({ score: 5, total: 5 });
  });
});

describe('question banks', () => {
  it('draws N of M per attempt, keeps the draw for that attempt, and grades against it only', async () => {
    const { learner, token, quizUrl, attemptsUrl } = await seedQuizCourse({
      watched: true,
      settings: { drawCount: 3, passPercent: 100 },
    });
    const quiz = await handOut(quizUrl, token);
    expect(quiz.questions).toHaveLength(3);
    expect(quiz.total).toBe(3);
    // A reload hands out the same attempt.
    const again = await handOut(quizUrl, token);
    expect(again.attemptId).toBe(quiz.attemptId);
    expect(again.questions.map((q) => q._id)).toEqual(quiz.questions.map((q) => q._id));

    // A question of the quiz that was not drawn for this attempt is refused; nothing is stored.
    const drawn = new Set(quiz.questions.map((q) => q._id));
    const admin = (await call('GET', quizUrl, fx.adminToken)).json() as CourseQuiz;
    const [all] = (await call('GET', '/api/quiz/quizzes', fx.adminToken))
      .json()
      .quizzes.filter((q: { _id: string }) => q._id === quiz._id);
    expect(admin.questions).toHaveLength(3);
    const undrawn = (all.questions as { _id: string; optionIds: string[] }[]).find((q) => !drawn.has(q._id))!;
    const swapped = [...rightAnswers(quiz).slice(1), { questionId: undrawn._id, optionId: undrawn.optionIds[0]! }];
    const refused = await call('POST', attemptsUrl, token, { attemptId: quiz.attemptId, answers: swapped });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.answers).toBe(QUIZ_MESSAGES.answersNotDrawn);
    expect(await storedAttempts(learner.id)).toHaveLength(0);

    // The pass mark applies to the 3 drawn.
    const graded = await call('POST', attemptsUrl, token, { attemptId: quiz.attemptId, answers: rightAnswers(quiz) });
    expect(graded.statusCode).toBe(201);
    expect(graded.json()).toMatchObject({ score: 3, total: 3, percent: 100, passed: true });
    const [stored] = await storedAttempts(learner.id);
    expect(stored!.questionIds).toEqual(quiz.questions.map((q) => q._id));

    // An attempt is submitted once; the next one is a new draw.
    const twice = await call('POST', attemptsUrl, token, { attemptId: quiz.attemptId, answers: rightAnswers(quiz) });
    expect(twice.statusCode).toBe(409);
    const next = await handOut(quizUrl, token);
    expect(next.attemptId).not.toBe(quiz.attemptId);
    expect(await t.deps.db.select().from(quizDraws).where(eq(quizDraws.userId, learner.id))).toHaveLength(2);
  });

  it("refuses another learner's attempt", async () => {
    const mine = await seedQuizCourse({ watched: true, settings: { drawCount: 2 } });
    const quiz = await handOut(mine.quizUrl, mine.token);
    const other = await seedQuizCourse({ watched: true, settings: { drawCount: 2 } });
    const res = await call('POST', other.attemptsUrl, other.token, {
      attemptId: quiz.attemptId,
      answers: rightAnswers(quiz),
    });
    expect(res.statusCode).toBe(409);
  });

  it('saves the shuffle and the draw with the quiz settings, and checks them', async () => {
    const { quizId } = await seedQuizCourse();
    const base = { attemptPolicy: 'unlimited', attemptCount: 3, waitHours: 24, showQuestionResults: false };
    const saved = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.adminToken, {
      ...base,
      shuffle: true,
      drawCount: 4,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ shuffle: true, drawCount: 4 });
    const bad = await call('PUT', `/api/quiz/quizzes/${quizId}/settings`, fx.adminToken, { ...base, drawCount: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.drawCount).toBe(QUIZ_MESSAGES.drawCountRange);
  });
});
