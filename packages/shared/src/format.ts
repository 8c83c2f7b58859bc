import { LIMITS } from './limits.ts';

/** 1 AED = 100 fils. Money is stored in fils and shown in AED. */
export function filsToAed(fils: number): number {
  return Math.round(fils) / 100;
}

export function aedToFils(aed: number): number {
  return Math.round(aed * 100);
}

/** An amount of money: 'AED 888.00', always two decimals (an order's amount, a price). */
export function formatAed(aed: number): string {
  return `AED ${aed.toFixed(2)}`;
}

/** A course's price: 'POA' for 0, otherwise 'AED 888.00' (two decimals on list, checkout and success). */
export function formatPrice(aed: number): string {
  return aed ? formatAed(aed) : 'POA';
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
};

/** Plain text from HTML: tags removed, common entities decoded, whitespace collapsed. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return '';
  return (
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      // Inline tags sit inside words and sentences ('<strong>Visa</strong>.'): drop them without a space.
      .replace(/<\/?(a|abbr|b|code|em|i|mark|s|small|span|strong|sub|sup|u)(\s[^>]*)?>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (m) => ENTITIES[m] ?? m)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A course's description as its card's summary: stripped of HTML and cut to 100 characters. */
export function courseSummary(html: string): string {
  return excerpt(html, LIMITS.teaserExcerptLength, '…');
}

/** The first `length` characters of the text, with `suffix` added only when something was cut. */
export function excerpt(html: string | null | undefined, length: number, suffix = ''): string {
  const text = stripHtml(html);
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}${suffix}`;
}

/**
 * Arabic letters in Latin, for slugs: one consonant each (Arabic writes no short vowels, so none
 * are guessed), long vowels as a, i/y and u/w (see `transliterateArabic`). Readable to either
 * reader and plain ASCII in every link (docs/decisions/017-arabic-slugs.md).
 */
const ARABIC_LETTERS: Readonly<Record<string, string>> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ى: 'a',
  ة: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ء: '',
  ؤ: 'u',
  ئ: 'i',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
  ڤ: 'v',
  ک: 'k',
  ی: 'y',
};
/** After these (alif), waw and ya are consonants: 'مايو' → 'mayu'. */
const ALIFS = new Set(['ا', 'أ', 'إ', 'آ', 'ٱ']);

/**
 * Arabic script in Latin letters: 'الاستثمار العقاري في دبي' → 'alastthmar alaqari fi dbi'. Waw
 * and ya are consonants (w, y) at the start of a word or after an alif, vowels (u, i)
 * elsewhere; Arabic-Indic digits become 0-9; diacritics and tatweel are dropped; anything else
 * is kept as it is.
 */
export function transliterateArabic(text: string): string {
  let out = '';
  let previous = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    let latin: string;
    if (code >= 0x0660 && code <= 0x0669) latin = String(code - 0x0660);
    else if (code >= 0x06f0 && code <= 0x06f9) latin = String(code - 0x06f0);
    else if ((code >= 0x064b && code <= 0x065f) || code === 0x0670 || code === 0x0640) latin = '';
    else if (char === 'و' || char === 'ي' || char === 'ی') {
      const consonant = !/[\u0600-\u06ff]/.test(previous) || ALIFS.has(previous);
      latin = char === 'و' ? (consonant ? 'w' : 'u') : consonant ? 'y' : 'i';
    } else latin = ARABIC_LETTERS[char] ?? char;
    out += latin;
    if (latin !== '' || !/[\u064b-\u065f\u0670\u0640]/.test(char)) previous = char;
  }
  return out;
}

/** A short stable tag of any text (FNV-1a, base 36): the slug of a title with no Latin or Arabic letters. */
function textTag(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * URL-safe slug from a title: lower case, ASCII letters and digits joined by single dashes, Arabic
 * transliterated ('دورة الاستثمار' → 'dura-alastthmar'). A title with nothing to spell (emoji, a
 * script without a table here) gets a short tag made from it: never an empty or shared slug.
 */
export function slugify(title: string): string {
  const slug = transliterateArabic(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || `t-${textTag(title.trim())}`;
}

const DUBAI = 'Asia/Dubai';

/** A moment as the admin screens list it, in Dubai time: '25 Nov 2026, 14:05'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: DUBAI });
}

/** The day of a moment in Dubai as YYYY-MM-DD (what a date input holds). */
export function dubaiDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { timeZone: DUBAI });
}

export function formatDate(iso: string, locale = 'en-GB'): string {
  return new Date(iso).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: DUBAI,
  });
}

export function catalogRange(page: number, total: number, pageSize: number = LIMITS.catalogPageSize) {
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return { from, to, total };
}
