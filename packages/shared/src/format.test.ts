import { describe, expect, it } from 'vitest';
import {
  dubaiDay,
  excerpt,
  formatAed,
  formatDateTime,
  formatPrice,
  slugify,
  stripHtml,
  transliterateArabic,
} from './format.ts';

describe('stripHtml', () => {
  it('keeps words and punctuation together around inline tags', () => {
    expect(stripHtml('<p>A ten-year <strong>Golden Visa</strong>. See <a href="/x">this</a>, <em>now</em>!</p>')).toBe(
      'A ten-year Golden Visa. See this, now!',
    );
  });

  it('separates blocks and drops scripts', () => {
    expect(stripHtml('<h2>Title</h2><p>One</p><ul><li>Two</li></ul><script>alert(1)</script>')).toBe('Title One Two');
    expect(stripHtml('Fish &amp; chips&nbsp;today')).toBe('Fish & chips today');
  });
});

describe('excerpt and price', () => {
  it('cuts to length and adds the suffix only when something was cut', () => {
    expect(excerpt('<p>Short.</p>', 100, '...')).toBe('Short.');
    expect(excerpt(`<p>${'a '.repeat(100)}</p>`, 10, '...')).toBe('a a a a a...');
  });

  it("shows 'POA' for 0 and AED with two decimals otherwise", () => {
    expect(formatPrice(0)).toBe('POA');
    expect(formatPrice(888)).toBe('AED 888.00');
  });
});

describe('amounts and Dubai dates', () => {
  it('shows an amount in AED with two decimals, 0 included', () => {
    expect(formatAed(1250.5)).toBe('AED 1250.50');
    expect(formatAed(0)).toBe('AED 0.00');
  });

  it('shows a moment in Dubai time (UTC+4), day first', () => {
    expect(formatDateTime('2026-11-24T22:05:00.000Z')).toBe('25 Nov 2026, 02:05');
  });

  it('gives the Dubai day of a moment as a date input wants it', () => {
    expect(dubaiDay('2026-11-24T21:00:00.000Z')).toBe('2026-11-25');
    expect(dubaiDay('2026-11-24T19:59:00.000Z')).toBe('2026-11-24');
  });
});

describe('slugify', () => {
  it('makes Latin titles lower-case words joined by dashes, accents and symbols dropped', () => {
    expect(slugify('Off-Plan Investing: A 2026 Guide!')).toBe('off-plan-investing-a-2026-guide');
    expect(slugify('  Café & Co  ')).toBe('cafe-and-co');
    expect(slugify('a'.repeat(100))).toHaveLength(80);
  });

  it('transliterates Arabic titles into readable Latin slugs, digits included', () => {
    expect(slugify('الاستثمار العقاري في دبي')).toBe('alastthmar-alqari-fi-dbi');
    expect(slugify('دبي مارينا ٢٠٢٦')).toBe('dbi-marina-2026');
    expect(slugify('Off-plan في دبي')).toBe('off-plan-fi-dbi');
    // Diacritics and tatweel carry no letters of their own.
    expect(slugify('مُقَدِّمَة')).toBe(slugify('مقدمة'));
    expect(slugify('عقـــار')).toBe(slugify('عقار'));
    // Waw and ya: consonants first in a word or after an alif, vowels elsewhere.
    expect(transliterateArabic('وسيط بيوت مايو')).toBe('wsit biut mayu');
  });

  it('never falls back to one shared slug: a title with nothing to spell gets a tag of its own', () => {
    const house = slugify('🏠');
    expect(house).toMatch(/^t-[0-9a-z]+$/);
    expect(slugify('🏠')).toBe(house);
    expect(slugify('日本語')).not.toBe(house);
    expect(slugify('')).toMatch(/^t-[0-9a-z]+$/);
    expect([house, slugify('日本語'), slugify('')]).not.toContain('item');
  });
});
