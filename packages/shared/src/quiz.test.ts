import { describe, expect, it } from 'vitest';
import { parseWatchSharePercent } from './admin/courses.ts';
import { requiredWatchSeconds, WATCH_RULES, watchReportInputSchema } from './progress.ts';
import { DEFAULT_QUIZ_SETTINGS, formatNextAttemptAt, QUIZ_MESSAGES, quizSettingsSchema } from './quiz.ts';

describe('quiz attempt settings', () => {
  it('start as today: unlimited retakes, the score only', () => {
    expect(quizSettingsSchema.parse(DEFAULT_QUIZ_SETTINGS)).toEqual({
      attemptPolicy: 'unlimited',
      attemptCount: 3,
      waitHours: 24,
      showQuestionResults: false,
    });
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
