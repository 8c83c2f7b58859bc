import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import { buildApp } from '../../app.ts';
import { startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { leads, outbox } from '../../db/schema.ts';
import { DEFAULT_SETTINGS } from '../settings/defaults.ts';
import { OUTBOX, processOutbox, settleMail } from '../mail/outbox.ts';
import { LEAD_LIMIT } from './routes.ts';
import { consultation, contact, OWNER, setUpLeadTests } from './leads.fixtures.ts';

const { t, post } = setUpLeadTests();

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
