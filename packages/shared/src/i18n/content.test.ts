import { describe, expect, it } from 'vitest';
import { hasArabicLetter, inLocale, isLatinText, textAttrs } from './content.ts';

describe('inLocale', () => {
  it('shows the English on English pages, with no attributes', () => {
    expect(inLocale('en', 'Dubai property', 'عقارات دبي')).toEqual({ text: 'Dubai property', attrs: {} });
    expect(inLocale('en', 'Dubai property', undefined)).toEqual({ text: 'Dubai property', attrs: {} });
  });

  it('shows the Arabic on Arabic pages when there is one', () => {
    expect(inLocale('ar', 'Dubai property', 'عقارات دبي')).toEqual({ text: 'عقارات دبي', attrs: {} });
  });

  it('falls back to the English, marked as English, when the Arabic is missing or blank', () => {
    const english = { text: 'Dubai property', attrs: { lang: 'en', dir: 'auto' } };
    expect(inLocale('ar', 'Dubai property', undefined)).toEqual(english);
    expect(inLocale('ar', 'Dubai property', '')).toEqual(english);
    expect(inLocale('ar', 'Dubai property', '  \n ')).toEqual(english);
  });

  it('does not mark as English an English field the owner wrote in Arabic', () => {
    expect(inLocale('ar', 'دورة العقارات', '')).toEqual({ text: 'دورة العقارات', attrs: { dir: 'auto' } });
    expect(inLocale('ar', 'Course: عقارات', undefined)).toEqual({ text: 'Course: عقارات', attrs: { dir: 'auto' } });
  });
});

describe('hasArabicLetter', () => {
  it('finds Arabic letters, including presentation forms, and nothing else', () => {
    for (const text of ['مرحبا', '\uFEFB']) expect(hasArabicLetter(text), text).toBe(true);
    for (const text of ['abc 123', '']) expect(hasArabicLetter(text), text).toBe(false);
  });
});

describe('isLatinText', () => {
  it('is true for text with Latin letters and no Arabic one', () => {
    for (const text of ['Will the conference be held in Dubai?', 'Café Société']) {
      expect(isLatinText(text), text).toBe(true);
    }
    for (const text of ['مرحبا Dubai', '2026 - 10:30', '']) expect(isLatinText(text), text).toBe(false);
  });
});

describe('textAttrs', () => {
  it('isolates every typed text on Arabic pages, and marks Latin as English', () => {
    expect(textAttrs('ar', 'Is it held in Dubai?')).toEqual({ lang: 'en', dir: 'auto' });
    expect(textAttrs('ar', 'هل يقام في دبي؟')).toEqual({ dir: 'auto' });
    expect(textAttrs('ar', '+971 50 000 0000')).toEqual({ dir: 'auto' });
  });

  it('on English pages isolates only a text with Arabic letters', () => {
    expect(textAttrs('en', 'Is it held in Dubai?')).toEqual({});
    expect(textAttrs('en', 'أحمد')).toEqual({ dir: 'auto' });
  });
});
