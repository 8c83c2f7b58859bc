import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_VALUES, type ErrorCode, errorText, errorValueNames, isErrorCode } from './error-codes.ts';
import { errorTexts } from './i18n/catalogue.ts';
import type { Message } from './i18n/define.ts';
import { NAMESPACES } from './i18n/namespaces.ts';

/** The `{names}` of a text, sorted. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** A code's own text in one language: no fallback, so a gap shows as `undefined`. */
function ownText(code: ErrorCode, side: 'en' | 'ar'): Message | undefined {
  const dot = code.indexOf('.');
  const definition = NAMESPACES[code.slice(0, dot) as keyof typeof NAMESPACES] as unknown as {
    en: Record<string, Message>;
    ar: Record<string, Message | undefined>;
  };
  return definition[side][code.slice(dot + 1)];
}

describe('the error codes', () => {
  it('are many, and the general ones are among them', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(100);
    for (const code of ['core.notFound', 'core.validationFailed', 'validation.tooLong', 'api.quizAttemptsUsedUp'])
      expect(isErrorCode(code), code).toBe(true);
    expect(isErrorCode('NOT_FOUND')).toBe(false);
  });

  it('each have a text in English and in Arabic', () => {
    const missing = ERROR_CODES.flatMap((code) =>
      (['en', 'ar'] as const)
        .filter((side) => {
          const text = ownText(code, side);
          return typeof text !== 'string' || !text.trim();
        })
        .map((side) => `${side}:${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('each have the placeholders of their declared values, no more and no fewer, in both languages', () => {
    const wrong: string[] = [];
    for (const code of ERROR_CODES) {
      const declared = [...errorValueNames(code)].sort();
      for (const side of ['en', 'ar'] as const) {
        const text = ownText(code, side);
        if (typeof text === 'string' && placeholders(text).join() !== declared.join())
          wrong.push(`${side}:${code} has {${placeholders(text).join('}, {')}} for [${declared.join(', ')}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declare values only for codes that exist', () => {
    for (const code of Object.keys(ERROR_VALUES)) expect(isErrorCode(code), code).toBe(true);
  });

  it('render their texts with the values filled in', () => {
    const detail = { code: 'validation.tooLong', values: { max: 200 } } as const;
    expect(errorText(detail, 'en')).toBe('Please keep this under 200 characters.');
    expect(errorText(detail, 'ar')).toContain('200');
    expect(errorText(detail, 'ar')).not.toContain('{max}');
  });

  it('travel to the browser by code, each with the text the server renders, in both languages', () => {
    for (const locale of ['en', 'ar'] as const) {
      const texts = errorTexts(locale);
      expect(Object.keys(texts).sort()).toEqual([...ERROR_CODES].sort());
      for (const code of ERROR_CODES) expect(texts[code], `${locale}:${code}`).toBe(errorText({ code }, locale));
    }
    // An islands page carries its namespaces' codes only.
    expect(Object.keys(errorTexts('ar', ['leads'])).every((code) => code.startsWith('leads.'))).toBe(true);
  });
});
