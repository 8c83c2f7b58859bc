import { describe, expect, it } from 'vitest';
import { checkCourseForm, parseFaq, parseOutcomes } from './courses.ts';
import { checkBulkModules, formatLessonLength, parseLessonLength } from './modules.ts';

describe('lesson length', () => {
  it.each([
    ['12:05', 725],
    ['0:45', 45],
    ['1:02:03', 3723],
    ['12', 720],
    ['', null],
    ['  ', null],
  ])('%j is %j seconds', (input, seconds) => expect(parseLessonLength(input)).toBe(seconds));

  it.each(['5:7', '1:60', '1:60:00', 'abc', '0:00', '11:00:00', '1:2:3:4', '-5'])('refuses %j', (input) =>
    expect(parseLessonLength(input)).toBeUndefined(),
  );

  it('formats back what it reads', () => {
    for (const text of ['12:05', '0:45', '1:02:03']) expect(formatLessonLength(parseLessonLength(text))).toBe(text);
    expect(formatLessonLength(null)).toBe('');
  });

  it('Add Modules marks a bad length on its field', () => {
    const check = checkBulkModules([
      { title: 'M', videos: [{ title: 'V', videoUrl: 'https://vimeo.com/76979871', length: '5:7' }] },
    ]);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors).toHaveProperty('modules.0.videos.0.length');
  });
});

describe('course selling fields', () => {
  it('outcomes: trimmed, empty lines dropped, limits kept', () => {
    expect(parseOutcomes(JSON.stringify([' a ', '', 'b']))).toEqual(['a', 'b']);
    expect(parseOutcomes('{}')).toBeNull();
    expect(parseOutcomes(JSON.stringify([1]))).toBeNull();
    expect(parseOutcomes(JSON.stringify(Array(13).fill('x')))).toBeNull();
  });

  it('FAQ: empty rows dropped; a question needs its answer', () => {
    const row = { question: 'Q', answer: 'A', questionAr: '', answerAr: '' };
    expect(parseFaq(JSON.stringify([row, { question: '', answer: '' }]))).toEqual([row]);
    expect(parseFaq(JSON.stringify([{ question: 'Q', answer: '' }]))).toBeNull();
    expect(parseFaq(JSON.stringify([{ question: '', answer: '', questionAr: 'س', answerAr: 'ج' }]))).toBeNull();
  });

  it('the course form refuses an unknown level or language', () => {
    const check = checkCourseForm(
      { title: 'T', level: 'expert', language: 'fr' },
      { mode: 'update', hasThumbnail: false },
    );
    expect(check).toMatchObject({
      ok: false,
      errors: { level: 'courseRules.levelInvalid', language: 'courseRules.languageInvalid' },
    });
  });
});
