import { describe, expect, it } from 'vitest';
import { dubaiDay, excerpt, formatAed, formatDateTime, formatPrice, stripHtml } from './format.ts';

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
