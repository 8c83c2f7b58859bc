import type { Locale } from './locales.ts';

/**
 * The owner's content in two languages (docs/i18n.md#content): each text field F has an Arabic twin
 * `FAr`, empty until translated. Arabic pages show the Arabic, and the English where it is empty.
 */

/** Letters of the Arabic script (Arabic, its supplements and presentation forms). */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Whether `text` has an Arabic letter in it. */
export function hasArabicLetter(text: string): boolean {
  return ARABIC_LETTER.test(text);
}

/** Letters of the Latin script (basic and accented). */
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

/** Whether `text` is written in Latin letters: it has one, and no Arabic letter. */
export function isLatinText(text: string): boolean {
  return LATIN_LETTER.test(text) && !hasArabicLetter(text);
}

/** What an element showing a content field needs besides its text. */
export interface InLocaleAttrs {
  lang?: string;
  dir?: 'auto';
}

/**
 * The text of a content field in `locale`, and the attributes its element needs:
 * `<h1 {...title.attrs}>{title.text}</h1>`. English pages show the English. Arabic pages show the
 * Arabic when it is not blank; else the English, marked `lang="en" dir="auto"` so it reads left to
 * right inside the Arabic page, or only `dir="auto"` when the owner typed Arabic in the English field.
 */
export function inLocale(
  locale: Locale,
  english: string,
  arabic: string | undefined,
): { text: string; attrs: InLocaleAttrs } {
  if (locale !== 'ar') return { text: english, attrs: {} };
  if (arabic?.trim()) return { text: arabic, attrs: {} };
  return { text: english, attrs: textAttrs(locale, english) };
}

/**
 * The attributes of an element showing a text someone typed (a name, a message, a title without
 * an Arabic twin), which may not be in the page's language. On Arabic pages: `dir="auto"` so that
 * its direction follows its first letter and its punctuation stays at its own end, and `lang="en"`
 * when it is Latin (screen readers, and the English headline face: arabic.css). On English pages:
 * `dir="auto"` only for a text with Arabic letters.
 */
export function textAttrs(locale: Locale, text: string): InLocaleAttrs {
  if (locale !== 'ar') return hasArabicLetter(text) ? { dir: 'auto' } : {};
  return isLatinText(text) ? { lang: 'en', dir: 'auto' } : { dir: 'auto' };
}
