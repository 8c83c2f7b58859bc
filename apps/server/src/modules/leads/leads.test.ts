import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAD_MESSAGES, tooLongMessage } from '@oasis/shared/lead-rules';
import { leadListSchema, leadSchema } from '@oasis/shared/leads';
import { MESSAGES } from '@oasis/shared/messages';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { leads, outbox, users } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { DEFAULT_SETTINGS } from '../settings/defaults.ts';
import { OUTBOX, processOutbox, settleMail } from '../mail/outbox.ts';
import { LEAD_LIMIT } from './routes.ts';

const OWNER = 'owner@oasis.test';
let t: TestContext;
let adminToken: string;
let learnerToken: string;
let adminAsLearnerToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CONTACT_EMAIL: OWNER } });
  const [admin] = await t.deps.db
    .insert(users)
    .values({ name: 'Admin', email: 'admin@oasis.test', role: 'admin' })
    .returning();
  const [learner] = await t.deps.db
    .insert(users)
    .values({ name: 'Learner', email: 'learner@oasis.test', role: 'learner' })
    .returning();
  adminToken = (await createSession(t.deps.db, admin!.id, 'admin')).token;
  adminAsLearnerToken = (await createSession(t.deps.db, admin!.id, 'learner')).token;
  learnerToken = (await createSession(t.deps.db, learner!.id, 'learner')).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await settleMail();
  await t.deps.db.delete(outbox);
  await t.deps.db.delete(leads);
  t.deps.mailTransport = t.mail;
  t.mail.sent = [];
  t.mail.fail = false;
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Jane',
  last_name: 'Doe',
  user_email: 'jane@example.com',
  country_code: '+971',
  phone_number: '501234567',
  message: 'I would like to know more about off-plan investments.',
  query_type: 'consultation',
  ...overrides,
});

const consultation = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Omar Haddad',
  email: 'omar@example.com',
  phone: '+971501234567',
  investmentInterest: 'Investment',
  investmentAmount: '3m-5m',
  preferredTime: 'Weekday PM',
  ...overrides,
});

/** Each call comes from its own address unless one is given, so the limit stays out of the way. */
function post(
  url: '/api/contact' | '/api/consultations',
  payload: unknown,
  ip = `10.1.${randomOctet()}.${randomOctet()}`,
) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });
}
const randomOctet = () => Math.floor(Math.random() * 250) + 1;

const errorsOf = async (url: '/api/contact' | '/api/consultations', payload: unknown) => {
  const res = await post(url, payload);
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; code: string; errors: Record<string, string> };
  expect(body.code).toBe('VALIDATION');
  return body.errors;
};

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

describe('a contact message', () => {
  it('is stored first, answered with 201, then e-mailed to the owner and the sender', async () => {
    const res = await post(
      '/api/contact',
      contact({ first_name: ' Jane ', message: 'Hello <b>there</b> & "friends"\nSecond line', query_type: 'course' }),
      '10.9.9.9',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });

    const [row] = await t.deps.db.select().from(leads);
    expect(row).toMatchObject({
      kind: 'contact',
      status: 'new',
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+971501234567',
      message: 'Hello <b>there</b> & "friends"\nSecond line',
      ip: '10.9.9.9',
      details: {
        first_name: 'Jane',
        last_name: 'Doe',
        country_code: '+971',
        phone_number: '501234567',
        query_type: 'course',
      },
    });
    expect(await t.deps.db.select().from(outbox)).toHaveLength(2);

    await settleMail();
    expect(t.mail.sent).toHaveLength(2);
    const owner = t.mail.sent.find((m) => m.to === OWNER)!;
    expect(owner.subject).toBe('New contact message from Jane Doe');
    expect(owner.replyTo).toBe('jane@example.com');
    for (const value of ['Jane', 'Doe', 'jane@example.com', '+971501234567', 'Courses', 'Second line']) {
      expect(owner.text).toContain(value);
    }
    expect(owner.html).toContain('Hello &lt;b&gt;there&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(owner.html).not.toContain('<b>there</b>');

    const ack = t.mail.sent.find((m) => m.to === 'jane@example.com')!;
    expect(ack.subject).toContain('We received your message');
    expect(ack.replyTo).toBe(OWNER);
    // The acknowledgement never repeats the visitor's own text (no spam relay through the form).
    expect(ack.text).not.toContain('Hello');
    expect(ack.text).not.toContain('Jane');
  });

  it('goes to the site settings e-mail when CONTACT_EMAIL is not set', async () => {
    const configured = t.deps.config.mail.contactEmail;
    t.deps.config.mail.contactEmail = undefined;
    try {
      expect((await post('/api/contact', contact())).statusCode).toBe(201);
      await settleMail();
      expect(t.mail.sent.map((m) => m.to).sort()).toEqual([DEFAULT_SETTINGS.email, 'jane@example.com'].sort());
    } finally {
      t.deps.config.mail.contactEmail = configured;
    }
  });
});

describe('a consultation request', () => {
  it('is stored and e-mailed; the sender is promised a reply within 24 business hours', async () => {
    const res = await post('/api/consultations', consultation());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain('24 business hours');
    const [row] = await t.deps.db.select().from(leads);
    expect(row).toMatchObject({
      kind: 'consultation',
      name: 'Omar Haddad',
      email: 'omar@example.com',
      phone: '+971501234567',
      message: '',
      details: { investmentInterest: 'Investment', investmentAmount: '3m-5m', preferredTime: 'Weekday PM' },
    });
    await settleMail();
    const owner = t.mail.sent.find((m) => m.to === OWNER)!;
    expect(owner.subject).toBe('New consultation request from Omar Haddad');
    expect(owner.replyTo).toBe('omar@example.com');
    for (const value of ['Omar Haddad', 'omar@example.com', '+971501234567', 'Investment', '3m-5m', 'Weekday PM']) {
      expect(owner.text).toContain(value);
    }
    const ack = t.mail.sent.find((m) => m.to === 'omar@example.com')!;
    expect(ack.text).toContain('within 24 business hours');
    expect(ack.text).not.toContain('Omar');
  });
});

describe('when the mail server is down', () => {
  it('still stores the lead and answers 201; the e-mails go out once, after the server is back', async () => {
    // A real SMTP server, stopped: the port refuses connections.
    const smtp = await startSmtpStandIn();
    const port = smtp.port;
    await smtp.close();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    t.deps.mailTransport = transport;
    let back: Awaited<ReturnType<typeof startSmtpStandIn>> | undefined;
    try {
      const res = await post('/api/consultations', consultation());
      expect(res.statusCode).toBe(201);
      await settleMail();
      expect(await t.deps.db.select().from(leads)).toHaveLength(1);
      const pending = await t.deps.db.select().from(outbox);
      expect(pending.map((m) => [m.status, m.attempts])).toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);

      back = await startSmtpStandIn({ port });
      const retryAt = new Date(Date.now() + OUTBOX.baseDelayMs + 1000);
      expect(await processOutbox(t.deps, { now: retryAt })).toMatchObject({ sent: 2 });
      expect(await processOutbox(t.deps, { now: new Date(retryAt.getTime() + OUTBOX.maxDelayMs) })).toMatchObject({
        claimed: 0,
      });
      expect(back.messages.map((m) => m.to[0]).sort()).toEqual(['omar@example.com', OWNER]);
      expect(back.messages.find((m) => m.to[0] === OWNER)!.subject).toBe('New consultation request from Omar Haddad');
    } finally {
      transport.close();
      await back?.close();
    }
  });
});

describe('spam defence', () => {
  it('answers a filled honeypot like a real lead but stores and sends nothing', async () => {
    const real = await post('/api/contact', contact());
    await t.deps.db.delete(leads);
    await settleMail();
    await t.deps.db.delete(outbox);
    t.mail.sent = [];

    const spam = await post('/api/contact', contact({ website: 'http://spam.example' }));
    expect(spam.statusCode).toBe(201);
    expect(spam.json()).toEqual(real.json());
    const spam2 = await post('/api/consultations', consultation({ website: 'x' }));
    expect(spam2.statusCode).toBe(201);
    await settleMail();
    expect(await t.deps.db.select().from(leads)).toHaveLength(0);
    expect(await t.deps.db.select().from(outbox)).toHaveLength(0);
    expect(t.mail.sent).toHaveLength(0);
  });

  it('stores a lead whose honeypot is present but empty', async () => {
    expect((await post('/api/contact', contact({ website: '' }))).statusCode).toBe(201);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('limits each address to 5 submissions per form in 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ip = '10.77.0.1';
      for (let i = 0; i < LEAD_LIMIT.max; i++) expect((await post('/api/contact', contact(), ip)).statusCode).toBe(201);
      const refused = await post('/api/contact', contact(), ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: MESSAGES.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await t.deps.db.select().from(leads)).toHaveLength(LEAD_LIMIT.max);

      // Other addresses and the other form are not affected.
      expect((await post('/api/contact', contact(), '10.77.0.2')).statusCode).toBe(201);
      expect((await post('/api/consultations', consultation(), ip)).statusCode).toBe(201);
      // Invalid submissions do not use up the limit, but are still refused as invalid.
      expect((await post('/api/contact', contact({ user_email: 'x' }), ip)).statusCode).toBe(400);

      vi.setSystemTime(Date.now() + LEAD_LIMIT.windowMs + 1000);
      expect((await post('/api/contact', contact(), ip)).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts in the database, so two instances of the app share one limit', async () => {
    const other = await buildApp({ deps: t.deps });
    try {
      const ip = '10.77.1.1';
      for (let i = 0; i < LEAD_LIMIT.max; i++) expect((await post('/api/contact', contact(), ip)).statusCode).toBe(201);
      const elsewhere = await other.inject({
        method: 'POST',
        url: '/api/contact',
        payload: contact(),
        remoteAddress: ip,
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('the admin inbox API', () => {
  const adminRoutes = [
    ['GET', '/api/leads'],
    ['GET', '/api/leads/count?status=new'],
    ['GET', '/api/leads/export.csv'],
    ['GET', `/api/leads/${randomUUID()}`],
    ['PATCH', `/api/leads/${randomUUID()}`],
  ] as const;

  it.each(adminRoutes)(
    '%s %s: 401 anonymous, 403 for learners and for an admin signed in as a learner',
    async (method, url) => {
      const call = (token?: string) =>
        t.app.inject({
          method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(method === 'PATCH' ? { payload: { status: 'handled' } } : {}),
        });
      expect((await call()).statusCode).toBe(401);
      expect((await call('not-a-token')).statusCode).toBe(401);
      expect((await call(learnerToken)).statusCode).toBe(403);
      expect((await call(adminAsLearnerToken)).statusCode).toBe(403);
    },
  );

  const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` }, ...(payload ? { payload } : {}) });

  async function seed() {
    const base = Date.UTC(2025, 0, 1, 8);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await t.deps.db.insert(leads).values([
      {
        kind: 'contact',
        name: 'Alice Able',
        email: 'alice@example.com',
        phone: '+971501111111',
        message: 'Question about 100% financing',
        details: { query_type: 'course' },
        createdAt: at(1),
      },
      {
        kind: 'consultation',
        name: 'Bob Brown',
        email: 'bob@example.com',
        phone: '+447700900123',
        details: { investmentInterest: 'Relocation', investmentAmount: '6m+', preferredTime: 'Weekend AM' },
        createdAt: at(2),
      },
      {
        kind: 'contact',
        status: 'handled',
        name: 'Carol Chen',
        email: 'carol@example.org',
        phone: '+6591234567',
        message: 'Golden visa timeline?',
        details: { query_type: 'consultation' },
        createdAt: at(3),
        handledAt: at(10),
      },
    ]);
  }

  it('lists leads newest first, filtered by kind, status and a search', async () => {
    await seed();
    const names = async (query: string) => {
      const res = await asAdmin('GET', `/api/leads${query}`);
      expect(res.statusCode).toBe(200);
      return leadListSchema.parse(res.json()).leads.map((l) => l.name);
    };
    expect(await names('')).toEqual(['Carol Chen', 'Bob Brown', 'Alice Able']);
    expect(await names('?kind=contact')).toEqual(['Carol Chen', 'Alice Able']);
    expect(await names('?kind=consultation&status=new')).toEqual(['Bob Brown']);
    expect(await names('?status=handled')).toEqual(['Carol Chen']);
    expect(await names('?kind=&status=&q=')).toHaveLength(3);
    expect(await names('?q=BOB')).toEqual(['Bob Brown']);
    expect(await names('?q=example.org')).toEqual(['Carol Chen']);
    expect(await names('?q=golden')).toEqual(['Carol Chen']);
    expect(await names(`?q=${encodeURIComponent('+44 7700 900')}`)).toEqual(['Bob Brown']);
    // % is a character, not a wildcard.
    expect(await names(`?q=${encodeURIComponent('100%')}`)).toEqual(['Alice Able']);
    expect(await names(`?q=${encodeURIComponent('%')}`)).toEqual(['Alice Able']);
    expect(await names('?q=nobody')).toEqual([]);
    const body = leadListSchema.parse((await asAdmin('GET', '/api/leads')).json());
    expect(body).toMatchObject({ total: 3, totalCapped: false, offset: 0, pageSize: 20, next: null, prev: null });
    expect((await asAdmin('GET', '/api/leads?kind=spam')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/leads?cursor=2')).statusCode).toBe(400);
  });

  it('shows one lead, marks it handled and new again, and counts the new ones', async () => {
    await seed();
    const list = leadListSchema.parse((await asAdmin('GET', '/api/leads?q=Bob')).json());
    const id = list.leads[0]!._id;
    const one = leadSchema.parse((await asAdmin('GET', `/api/leads/${id}`)).json());
    expect(one).toMatchObject({
      name: 'Bob Brown',
      status: 'new',
      handledAt: null,
      details: { preferredTime: 'Weekend AM' },
    });
    expect((await asAdmin('GET', '/api/leads/count?status=new')).json()).toEqual({ count: 2 });
    expect((await asAdmin('GET', '/api/leads/count')).json()).toEqual({ count: 3 });

    const handled = await asAdmin('PATCH', `/api/leads/${id}`, { status: 'handled' });
    expect(handled.statusCode).toBe(200);
    expect(leadSchema.parse(handled.json())).toMatchObject({ status: 'handled', handledAt: expect.any(String) });
    expect((await asAdmin('GET', '/api/leads/count?status=new')).json()).toEqual({ count: 1 });

    const reopened = leadSchema.parse((await asAdmin('PATCH', `/api/leads/${id}`, { status: 'new' })).json());
    expect(reopened).toMatchObject({ status: 'new', handledAt: null });

    expect((await asAdmin('PATCH', `/api/leads/${id}`, { status: 'done' })).statusCode).toBe(400);
    expect((await asAdmin('GET', `/api/leads/${randomUUID()}`)).statusCode).toBe(404);
    expect((await asAdmin('PATCH', `/api/leads/${randomUUID()}`, { status: 'handled' })).statusCode).toBe(404);
  });

  it('exports CSV with a header row, quoting and formula-safe cells', async () => {
    await seed();
    await t.deps.db.insert(leads).values({
      kind: 'contact',
      name: '=HYPERLINK("http://evil.example","click")',
      email: '@SUM(A1:A2)',
      phone: '+971500000000',
      message: 'Line one, with comma\nLine "two"',
      details: { query_type: 'course' },
      createdAt: new Date(Date.UTC(2025, 0, 2)),
    });
    const res = await asAdmin('GET', '/api/leads/export.csv?kind=contact');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = res.body.replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Received,Kind,Status,Name,Email,Phone,Message,Query type,Investment interest,Investment amount,Preferred time,Handled at',
    );
    expect(lines[1]).toBe(
      `2025-01-02T00:00:00.000Z,Contact message,New,"'=HYPERLINK(""http://evil.example"",""click"")",'@SUM(A1:A2),'+971500000000,"Line one, with comma\nLine ""two""",Courses,,,,`,
    );
    // Only contact messages (the filter), newest first, and a final line break.
    expect(csv).not.toContain('Bob Brown');
    expect(csv.indexOf('Carol Chen')).toBeLessThan(csv.indexOf('Alice Able'));
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
