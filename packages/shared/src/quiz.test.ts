import { describe, expect, it } from 'vitest';
import { parseWatchSharePercent } from './admin/courses.ts';
import {
  completedPercent,
  nextUnfinishedId,
  requiredWatchSeconds,
  WATCH_RULES,
  watchReportInputSchema,
} from './progress.ts';
import {
  DEFAULT_QUIZ_SETTINGS,
  formatNextAttemptAt,
  hasPassed,
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  quizQuestionInputSchema,
  quizSettingsSchema,
  scorePercent,
} from './quiz.ts';

describe('quiz attempt settings', () => {
  it('start with unlimited retakes, the score only, a 70 % pass mark, in order, every question', () => {
    expect(quizSettingsSchema.parse(DEFAULT_QUIZ_SETTINGS)).toEqual({
      attemptPolicy: 'unlimited',
      attemptCount: 3,
      waitHours: 24,
      showQuestionResults: false,
      passPercent: 70,
      shuffle: false,
      drawCount: null,
    });
  });

  it('leave the pass mark out when a client does (the quiz keeps its own; a new one starts at 70)', () => {
    const { passPercent: _, ...older } = DEFAULT_QUIZ_SETTINGS;
    expect(quizSettingsSchema.parse(older).passPercent).toBeUndefined();
    expect(DEFAULT_QUIZ_SETTINGS.passPercent).toBe(70);
  });

  it.each([
    [{ attemptCount: 1 }, true],
    [{ attemptCount: 100 }, true],
    [{ attemptCount: 0 }, false],
    [{ attemptCount: 101 }, false],
    [{ waitHours: 1 }, true],
    [{ waitHours: 720 }, true],
    [{ waitHours: 721 }, false],
    [{ waitHours: 1.5 }, false],
    [{ attemptPolicy: 'never' }, false],
    [{ passPercent: 1 }, true],
    [{ passPercent: 100 }, true],
    [{ passPercent: 0 }, false],
    [{ passPercent: 101 }, false],
    [{ passPercent: 70.5 }, false],
    [{ passPercent: '70' }, false],
  ])('%j valid: %s', (change, valid) => {
    expect(quizSettingsSchema.safeParse({ ...DEFAULT_QUIZ_SETTINGS, ...change }).success).toBe(valid);
  });

  it('tell the learner when the next attempt opens, in Dubai time', () => {
    expect(formatNextAttemptAt('2030-01-01T20:30:00Z')).toBe('2 January 2030 at 00:30 (Dubai time)');
    expect(QUIZ_MESSAGES.waitForNextAttempt('2030-01-01T08:05:00Z')).toBe(
      'You have used your attempts for now. You can take the quiz again on 1 January 2030 at 12:05 (Dubai time).',
    );
    expect(QUIZ_MESSAGES.attemptsUsedUp(1)).toBe('You have used your one attempt at this quiz.');
    expect(QUIZ_MESSAGES.attemptsUsedUp(3)).toBe('You have used all 3 attempts at this quiz.');
  });
});

describe('quiz results', () => {
  it('give the score as a whole percentage', () => {
    expect(scorePercent(7, 10)).toBe(70);
    expect(scorePercent(2, 3)).toBe(67);
    expect(scorePercent(0, 4)).toBe(0);
    expect(scorePercent(0, 0)).toBe(0);
  });

  it('pass at or above the mark, compared exactly', () => {
    expect(hasPassed(7, 10, 70)).toBe(true);
    expect(hasPassed(6, 10, 70)).toBe(false);
    // 66.7 % rounds to 67 % but does not reach a 67 % mark.
    expect(hasPassed(2, 3, 67)).toBe(false);
    expect(hasPassed(3, 3, 100)).toBe(true);
    expect(hasPassed(0, 0, 1)).toBe(false);
  });
});

describe('quiz questions', () => {
  const question = { question: 'Q?', options: ['a', 'b', 'c', 'd'] };
  it('need a chosen correct answer, with its own message', () => {
    for (const missing of [{}, { correctAnswer: null }]) {
      const parsed = quizQuestionInputSchema.safeParse({ ...question, ...missing });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('quiz.correctAnswerRequired');
    }
    const outOfRange = quizQuestionInputSchema.safeParse({ ...question, correctAnswer: QUIZ_LIMITS.options });
    expect(outOfRange.error?.issues[0]?.message).toBe('quiz.correctAnswerRange');
    expect(quizQuestionInputSchema.safeParse({ ...question, correctAnswer: 0 }).success).toBe(true);
  });
});

describe('watching', () => {
  it('needs the share of the length, rounded up', () => {
    expect(requiredWatchSeconds(600, 90)).toBe(540);
    expect(requiredWatchSeconds(101, 90)).toBe(91);
    expect(requiredWatchSeconds(60, 100)).toBe(60);
  });

  it('takes a share from 50 to 100 %, whole', () => {
    expect(parseWatchSharePercent(' 90 ')).toBe(90);
    for (const input of ['49', '101', '90.5', '', 'ninety', '-90']) expect(parseWatchSharePercent(input)).toBeNull();
  });

  it('accepts reports within a day, the length optional', () => {
    expect(watchReportInputSchema.safeParse({ position: 12.5 }).success).toBe(true);
    expect(watchReportInputSchema.safeParse({ position: 0, duration: WATCH_RULES.maxDurationSeconds }).success).toBe(
      true,
    );
    for (const bad of [{}, { position: -1 }, { position: Number.POSITIVE_INFINITY }, { position: 1, duration: 86_401 }])
      expect(watchReportInputSchema.safeParse(bad).success).toBe(false);
  });
});

describe('moving through a course', () => {
  const videos = ['a', 'b', 'c', 'd'].map((_id) => ({ _id }));
  it('goes on to the first unfinished lesson after the one completed, then back to one skipped', () => {
    expect(nextUnfinishedId(videos, 'a', new Set(['a']))).toBe('b');
    expect(nextUnfinishedId(videos, 'a', new Set(['a', 'b']))).toBe('c');
    // Lesson b was skipped: after the last one, back to it.
    expect(nextUnfinishedId(videos, 'd', new Set(['a', 'c', 'd']))).toBe('b');
    // All done: the quiz (or the course's end).
    expect(nextUnfinishedId(videos, 'c', new Set(['a', 'b', 'c', 'd']))).toBeNull();
  });

  it('counts progress in whole percent, 100 only when every lesson is done', () => {
    expect(completedPercent(1, 3)).toBe(33);
    expect(completedPercent(2, 3)).toBe(66);
    expect(completedPercent(199, 200)).toBe(99);
    expect(completedPercent(3, 3)).toBe(100);
    expect(completedPercent(0, 0)).toBe(100);
  });
});
