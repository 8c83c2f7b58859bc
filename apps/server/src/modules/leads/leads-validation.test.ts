import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, tooLongMessage } from '@oasis/shared/lead-rules';
import { MESSAGES } from '@oasis/shared/messages';
import { leads } from '../../db/schema.ts';
import { consultation, contact, setUpLeadTests } from './leads.fixtures.ts';

const { t, post, errorsOf } = setUpLeadTests();

describe('POST /api/contact validation', () => {
  it('names every missing field with its own message', async () => {
    expect(await errorsOf('/api/contact', {})).toEqual({
      first_name: LEAD_MESSAGES.firstNameRequired,
      last_name: LEAD_MESSAGES.lastNameRequired,
      user_email: LEAD_MESSAGES.emailRequired,
      country_code: LEAD_MESSAGES.countryCode,
      phone_number: LEAD_MESSAGES.phoneNumber,
      message: LEAD_MESSAGES.messageRequired,
      query_type: LEAD_MESSAGES.queryTypeRequired,
    });
  });

  it('treats blank text as missing', async () => {
    const errors = await errorsOf('/api/contact', contact({ first_name: '   ', last_name: '\n', message: ' \t ' }));
    expect(errors).toEqual({
      first_name: LEAD_MESSAGES.firstNameRequired,
      last_name: LEAD_MESSAGES.lastNameRequired,
      message: LEAD_MESSAGES.messageRequired,
    });
  });

  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@exa mple.com'])(
    'rejects the e-mail %j',
    async (email) => {
      expect(await errorsOf('/api/contact', contact({ user_email: email }))).toEqual({
        user_email: MESSAGES.invalidEmail,
      });
    },
  );

  it.each(['971', '+', '+12345', '++971', '+97a', ''])('rejects the country code %j', async (code) => {
    expect(await errorsOf('/api/contact', contact({ country_code: code }))).toEqual({
      country_code: 'Country code must start with + followed by 1 to 4 digits',
    });
  });

  it.each(['12345', '123456789012345', '50123456x', '+971501234567', ''])(
    'rejects the phone number %j',
    async (phone) => {
      expect(await errorsOf('/api/contact', contact({ phone_number: phone }))).toEqual({
        phone_number: 'Enter a valid phone number (6 to 14 digits)',
      });
    },
  );

  it('rejects a query type other than consultation or course', async () => {
    expect(await errorsOf('/api/contact', contact({ query_type: 'other' }))).toEqual({
      query_type: LEAD_MESSAGES.queryTypeRequired,
    });
  });

  it('limits the length of names, e-mail and message', async () => {
    expect(
      await errorsOf(
        '/api/contact',
        contact({ first_name: 'a'.repeat(101), message: 'm'.repeat(5001), user_email: `${'e'.repeat(250)}@x.com` }),
      ),
    ).toEqual({
      first_name: tooLongMessage(100),
      message: tooLongMessage(5000),
      user_email: MESSAGES.invalidEmail,
    });
  });

  it('rejects values that are not text, with the field message', async () => {
    expect(await errorsOf('/api/contact', contact({ phone_number: 501234567, first_name: ['x'] }))).toEqual({
      first_name: LEAD_MESSAGES.firstNameRequired,
      phone_number: LEAD_MESSAGES.phoneNumber,
    });
  });

  it('accepts the shortest and longest phone numbers, with spaces and dashes', async () => {
    expect((await post('/api/contact', contact({ phone_number: '123456', country_code: '+1' }))).statusCode).toBe(201);
    expect(
      (await post('/api/contact', contact({ phone_number: '1234 5678-901234', country_code: '+1876' }))).statusCode,
    ).toBe(201);
    const rows = await t.deps.db.select().from(leads);
    expect(rows.map((r) => r.phone).sort()).toEqual(['+1123456', '+187612345678901234']);
  });
});

describe('POST /api/consultations validation', () => {
  it('names every missing field with its own message', async () => {
    expect(await errorsOf('/api/consultations', {})).toEqual({
      fullName: LEAD_MESSAGES.fullNameRequired,
      email: LEAD_MESSAGES.emailRequired,
      phone: 'Invalid number. Include a valid phone number after country code.',
      investmentInterest: LEAD_MESSAGES.investmentInterestRequired,
      investmentAmount: LEAD_MESSAGES.investmentAmountRequired,
      preferredTime: LEAD_MESSAGES.preferredTimeRequired,
    });
  });

  it.each(['+971', '+97150', '+', ''])('asks for a number after the country code: %j', async (phone) => {
    expect(await errorsOf('/api/consultations', consultation({ phone }))).toEqual({
      phone: 'Invalid number. Include a valid phone number after country code.',
    });
  });

  it.each(['971501234567', '+97150123abc', '+971+501234567', '+1234567890123456', '00971501234567'])(
    'rejects the badly formed phone %j',
    async (phone) => {
      expect(await errorsOf('/api/consultations', consultation({ phone }))).toEqual({
        phone: 'Invalid phone number. Please use correct format.',
      });
    },
  );

  it('accepts a phone written with spaces, and stores it without them', async () => {
    expect((await post('/api/consultations', consultation({ phone: '+971 50 123 4567' }))).statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(leads);
    expect(row!.phone).toBe('+971501234567');
  });

  it('rejects an invalid e-mail and choices outside the lists', async () => {
    expect(
      await errorsOf(
        '/api/consultations',
        consultation({
          email: 'omar@',
          investmentInterest: 'Speculation',
          investmentAmount: '10m+',
          preferredTime: 'Sunday night',
          fullName: 'x'.repeat(201),
        }),
      ),
    ).toEqual({
      email: MESSAGES.invalidEmail,
      investmentInterest: LEAD_MESSAGES.investmentInterestRequired,
      investmentAmount: LEAD_MESSAGES.investmentAmountRequired,
      preferredTime: LEAD_MESSAGES.preferredTimeRequired,
      fullName: tooLongMessage(200),
    });
  });

  it.each([
    ['investmentInterest', ['Investment', 'Relocation', 'Holiday Home']],
    ['investmentAmount', ['1m-2m', '3m-5m', '6m+']],
    ['preferredTime', ['Weekday AM', 'Weekday PM', 'Weekend AM', 'Weekend PM']],
  ])('accepts every %s option', async (fieldName, options) => {
    for (const option of options as string[]) {
      expect((await post('/api/consultations', consultation({ [fieldName as string]: option }))).statusCode).toBe(201);
    }
  });
});
