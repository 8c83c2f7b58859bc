import { describe, expect, it } from 'vitest';
import { fmt, plural } from '../define.ts';
import { PROGRESS_MESSAGES } from '../../progress.ts';
import { nextAttemptParts, QUIZ_MESSAGES } from '../../quiz.ts';
import learning from './learning.ts';

/**
 * The watch page writes the rules' sentences that hold a value from these templates: in English
 * they must read exactly as the functions of QUIZ_MESSAGES and PROGRESS_MESSAGES write them.
 */
describe('the learning templates', () => {
  const en = learning.en;

  it('say what QUIZ_MESSAGES says about attempts, word for word in English', () => {
    for (const n of [0, 1, 2, 3, 11, 100]) {
      expect(plural(en.attemptsUsedUp, n, 'en')).toBe(QUIZ_MESSAGES.attemptsUsedUp(n));
      expect(plural(en.attemptsLeft, n, 'en')).toBe(QUIZ_MESSAGES.attemptsLeft(n));
    }
    for (const iso of ['2030-01-01T20:30:00Z', '2030-01-01T08:05:00Z']) {
      expect(fmt(en.waitForNextAttempt, nextAttemptParts(iso, 'en'))).toBe(QUIZ_MESSAGES.waitForNextAttempt(iso));
    }
  });

  it('say what PROGRESS_MESSAGES says about watching, word for word in English', () => {
    for (const percent of [50, 90, 100]) {
      expect(fmt(en.completesWhenWatched, { percent })).toBe(PROGRESS_MESSAGES.completesWhenWatched(percent));
    }
  });

  it('write the day and time of the next attempt in Arabic, Dubai time', () => {
    const { day, time } = nextAttemptParts('2030-01-01T20:30:00Z', 'ar');
    expect(day).toBe('2 يناير 2030');
    expect(time).toMatch(/^12:30/);
    const ar = { ...learning.en, ...learning.ar };
    expect(plural(ar.attemptsLeft, 2, 'ar')).toBe('تبقّت لديك محاولتان.');
    expect(plural(ar.attemptsLeft, 5, 'ar')).toBe('تبقّت لديك 5 محاولات.');
  });
});
