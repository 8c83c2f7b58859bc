import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryCodesIn } from './country-codes.ts';

describe('countryCodesIn', () => {
  it("names every country in full in the page's language, never by its code", () => {
    for (const locale of ['en', 'ar'] as const) {
      const list = countryCodesIn(locale);
      expect(list).toHaveLength(COUNTRY_CODES.length);
      for (const country of list) {
        expect(country.name.length, `${locale} ${country.iso}`).toBeGreaterThanOrEqual(3);
        expect(country.name).not.toBe(country.iso);
      }
    }
  });

  it('writes the Arabic names in Arabic, the United Arab Emirates first', () => {
    const [first, ...rest] = countryCodesIn('ar');
    expect(first).toMatchObject({ iso: 'AE', dial: '+971' });
    expect(first?.name).toMatch(/[\u0600-\u06FF]/);
    expect(rest.filter((c) => /[\u0600-\u06FF]/.test(c.name)).length).toBeGreaterThan(rest.length * 0.95);
  });
});
