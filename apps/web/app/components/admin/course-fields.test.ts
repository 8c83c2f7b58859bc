import { describe, expect, it } from 'vitest';
import { EMPTY_COURSE, offersOldOutcome } from './course-fields';

describe('the older free-text outcomes in the course form', () => {
  it('are not offered for a new course, which has learning points instead', () => {
    expect(offersOldOutcome(EMPTY_COURSE)).toBe(false);
  });

  it('are offered only to a course that has such text and no learning points', () => {
    const old = { courseOutcome: '<p>Read a payment plan</p>', courseOutcomeAr: '', outcomes: [], outcomesAr: [] };
    expect(offersOldOutcome(old)).toBe(true);
    expect(offersOldOutcome({ ...old, outcomes: ['Read a payment plan'] })).toBe(false);
    expect(offersOldOutcome({ ...old, outcomesAr: ['قراءة خطة الدفع'] })).toBe(false);
    // An editor's empty paragraph is no text.
    expect(offersOldOutcome({ ...old, courseOutcome: '<p> </p>' })).toBe(false);
    // Old text in Arabic alone is still old text to keep editable.
    expect(offersOldOutcome({ ...old, courseOutcome: '', courseOutcomeAr: '<p>قراءة خطة الدفع</p>' })).toBe(true);
  });
});
