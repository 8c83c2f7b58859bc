import { describe, expect, it } from 'vitest';
import { requiredText } from './text-fields.ts';

describe('requiredText', () => {
  const title = requiredText(10, 'admin.titleRequired', 'admin.titleTooLong');
  const codeOf = (input: unknown) => title.safeParse(input).error?.issues[0]?.message;

  it('keeps a text within the limit, trimmed', () => {
    expect(title.parse('  Off plan  ')).toBe('Off plan');
    expect(title.parse('x'.repeat(10))).toBe('x'.repeat(10));
  });

  it.each([
    { name: 'missing', input: undefined, code: 'admin.titleRequired' },
    { name: 'not a text', input: 42, code: 'admin.titleRequired' },
    { name: 'blank once trimmed', input: '   ', code: 'admin.titleRequired' },
    { name: 'past the limit', input: 'x'.repeat(11), code: 'admin.titleTooLong' },
  ])('refuses a text $name with its code', ({ input, code }) => {
    expect(codeOf(input)).toBe(code);
  });

  it('uses the one code for every refusal when no other is given', () => {
    const id = requiredText(4, 'quiz.selectCourse');
    expect(id.safeParse('').error?.issues[0]?.message).toBe('quiz.selectCourse');
    expect(id.safeParse('abcde').error?.issues[0]?.message).toBe('quiz.selectCourse');
  });
});
