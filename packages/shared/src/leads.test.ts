import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './country-codes.ts';
import { COUNTRY_CODE_PATTERN, validateConsultationForm, validateContactForm } from './lead-rules.ts';
import { consultationInputSchema, contactInputSchema } from './leads.ts';

/** Field → message from the zod schema, in the same shape as the browser checks. */
function zodErrors(schema: typeof contactInputSchema | typeof consultationInputSchema, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const contactCases: Record<string, unknown>[] = [
  {},
  {
    first_name: 'A',
    last_name: 'B',
    user_email: 'a@b.co',
    country_code: '+971',
    phone_number: '501234567',
    message: 'x',
    query_type: 'course',
  },
  {
    first_name: ' ',
    last_name: 'B'.repeat(101),
    user_email: 'a@b',
    country_code: '971',
    phone_number: '12 34',
    message: '\n',
    query_type: 'x',
  },
  { country_code: '+12345', phone_number: '123456789012345' },
];

const consultationCases: Record<string, unknown>[] = [
  {},
  {
    fullName: 'Omar',
    email: 'o@x.ae',
    phone: '+971 50 123 4567',
    investmentInterest: 'Holiday Home',
    investmentAmount: '6m+',
    preferredTime: 'Weekend PM',
  },
  { phone: '+971' },
  { phone: '971501234567' },
  { phone: '+97150123456789012' },
  { investmentInterest: 'investment', investmentAmount: '1m - 2m', preferredTime: 'weekday am' },
];

describe('the browser checks and the server schemas agree', () => {
  it.each(contactCases)('contact form %#', (input) => {
    expect(validateContactForm(input)).toEqual(zodErrors(contactInputSchema, input));
  });
  it.each(consultationCases)('consultation form %#', (input) => {
    expect(validateConsultationForm(input)).toEqual(zodErrors(consultationInputSchema, input));
  });
});

describe('COUNTRY_CODES', () => {
  it('lists about 200 countries, the United Arab Emirates first, each once with a valid code', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(195);
    expect(COUNTRY_CODES[0]).toEqual({ iso: 'AE', name: 'United Arab Emirates', dial: '+971' });
    expect(new Set(COUNTRY_CODES.map((c) => c.iso)).size).toBe(COUNTRY_CODES.length);
    expect(new Set(COUNTRY_CODES.map((c) => c.name)).size).toBe(COUNTRY_CODES.length);
    for (const country of COUNTRY_CODES) expect(country.dial).toMatch(COUNTRY_CODE_PATTERN);
  });
});
