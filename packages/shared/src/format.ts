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

/** The first `length` characters of the text, with `suffix` added only when something was cut. */
export function excerpt(html: string | null | undefined, length: number, suffix = ''): string {
  const text = stripHtml(html);
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}${suffix}`;
}

/** URL-safe slug from a title: lower case, ASCII letters and digits joined by single dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'item';
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
