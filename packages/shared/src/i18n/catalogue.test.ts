import { describe, expect, it } from 'vitest';
import { clientMessages, messagesFor, missingTranslations, systemDictionary, translateText } from './catalogue.ts';
import { fmt, type Message, plural } from './define.ts';
import { localeFromPath, localePath, stripLocale, switchLocale } from './locales.ts';
import { NAMESPACES } from './namespaces.ts';
import { formatDay, formatMoney } from './format-locale.ts';

const placeholders = (message: Message) =>
  [
    ...new Set(
      (typeof message === 'string' ? [message] : Object.values(message)).flatMap((m) => m?.match(/\{\w+\}/g) ?? []),
    ),
  ].sort();

describe('the catalogues', () => {
  it('have every English text in Arabic (a missing one falls back to English, and fails here)', () => {
    expect(missingTranslations()).toEqual([]);
  });

  it('keep the placeholders of each English text in its translation, and no text stays English by mistake', () => {
    const problems: string[] = [];
    for (const [name, definition] of Object.entries(NAMESPACES)) {
      const ar = definition.ar as Record<string, Message | undefined>;
      for (const [key, english] of Object.entries(definition.en as Record<string, Message>)) {
        const arabic = ar[key];
        if (arabic === undefined) continue;
        if (JSON.stringify(placeholders(english)) !== JSON.stringify(placeholders(arabic))) {
          problems.push(`${name}.${key}: ${placeholders(english)} ≠ ${placeholders(arabic)}`);
        }
        // A translation with no Arabic letter is a copy of the English, unless the text is a name
        // or a number only (brand names, 'LinkedIn').
        const texts = typeof arabic === 'string' ? [arabic] : Object.values(arabic);
        if (
          texts.some(
            (text) => text && /[A-Za-z]{4}/.test(text.replace(/\{\w+\}/g, '')) && !/[\u0600-\u06FF]/.test(text),
          )
        ) {
          problems.push(`${name}.${key}: not translated`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('fall back to English for a text the translation lacks', () => {
    const ar = messagesFor('ar') as unknown as Record<string, Record<string, string>>;
    const en = messagesFor('en') as unknown as Record<string, Record<string, string>>;
    for (const name of Object.keys(en))
      expect(Object.keys(ar[name] ?? {}).sort()).toEqual(Object.keys(en[name] ?? {}).sort());
    expect(messagesFor('ar').nav.courses).toBe('الدورات');
    expect(messagesFor('en').nav.courses).toBe('Courses');
  });

  it('translate the rules’ English texts for the API and the forms', () => {
    expect(translateText('Please enter a valid email address.', 'ar')).toBe('يرجى إدخال عنوان بريد إلكتروني صالح.');
    expect(translateText('Please enter a valid email address.', 'en')).toBe('Please enter a valid email address.');
    expect(translateText('A text of nobody’s', 'ar')).toBe('A text of nobody’s');
    expect(systemDictionary('en')).toEqual({});
  });

  it('hand the browser only the namespaces asked for', () => {
    expect(Object.keys(clientMessages('ar', ['nav']))).toEqual(['nav']);
    expect(Object.keys(clientMessages('ar'))).toContain('common');
    // The rules' texts travel as the dictionary, not twice.
    expect(Object.keys(clientMessages('ar'))).not.toContain('core');
    expect(Object.keys(systemDictionary('ar', ['leads'])).length).toBeLessThan(
      Object.keys(systemDictionary('ar')).length,
    );
  });
});

describe('texts with values', () => {
  it('fills placeholders and picks the plural form of each language', () => {
    expect(fmt('{a} and {b}', { a: 1, b: 'two' })).toBe('1 and two');
    expect(fmt('{missing}', {})).toBe('{missing}');
    const courses = {
      zero: 'no courses',
      one: '{count} course',
      two: 'two courses',
      few: '{count} few',
      many: '{count} many',
      other: '{count} courses',
    };
    expect(plural(courses, 1, 'en')).toBe('1 course');
    expect(plural(courses, 2, 'en')).toBe('2 courses');
    expect(plural(courses, 0, 'en')).toBe('no courses');
    expect(plural(courses, 2, 'ar')).toBe('two courses');
    expect(plural(courses, 3, 'ar')).toBe('3 few');
    expect(plural(courses, 11, 'ar')).toBe('11 many');
    expect(plural(courses, 1200, 'ar')).toBe('1,200 courses');
  });

  it('writes money and days for ar-AE with Latin digits', () => {
    expect(formatMoney(1888.5, 'en')).toBe('AED 1888.50');
    expect(formatMoney(1888.5, 'ar')).toBe('1,888.50\u00a0AED');
    expect(formatMoney(1888.5, 'ar', 'د.إ')).toBe('1,888.50\u00a0د.إ');
    expect(formatDay('2026-11-25T10:00:00Z', 'ar')).toBe('25 نوفمبر 2026');
    expect(formatDay('2026-11-25T10:00:00Z', 'en')).toBe('25 November 2026');
  });
});

describe('addresses in each language', () => {
  it('reads, adds, removes and switches the /ar prefix', () => {
    for (const path of ['/ar', '/ar/courses?q=x', '/ar.data']) expect(localeFromPath(path), path).toBe('ar');
    for (const path of ['/arabic-course', '/courses/ar']) expect(localeFromPath(path), path).toBe('en');
    const stripped = { '/ar': '/', '/ar?x=1': '/?x=1', '/ar/courses/x': '/courses/x', '/ar.data': '/_root.data' };
    for (const [path, english] of Object.entries(stripped)) expect(stripLocale(path), path).toBe(english);
    // Only the site's own pages take the prefix, once.
    const inArabic = { '/': '/ar', '/?q=1': '/ar?q=1', '/courses': '/ar/courses', '/ar/courses': '/ar/courses' };
    for (const [path, arabic] of Object.entries(inArabic)) expect(localePath('ar', path), path).toBe(arabic);
    for (const path of ['/api/auth', 'https://x.test/']) expect(localePath('ar', path), path).toBe(path);
    expect(localePath('en', '/courses')).toBe('/courses');
    expect(switchLocale('/ar/courses?q=x', 'en')).toBe('/courses?q=x');
    expect(switchLocale('/courses?q=x', 'ar')).toBe('/ar/courses?q=x');
    expect(switchLocale('/', 'ar')).toBe('/ar');
    expect(switchLocale('/ar', 'en')).toBe('/');
  });
});
