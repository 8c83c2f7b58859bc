import ICAL from 'ical.js';
import { afterAll, beforeEach, expect } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { seedUser } from '../../db/factories.ts';
import { bookings, bookingSettings, leads, outbox } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { settleMail } from '../mail/outbox.ts';

export const OWNER = 'owner@oasis.test';

/** Open every day, all day, hour-long slots and no notice: slots exist whatever the real clock says. */
export const ALWAYS_OPEN = {
  weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
  dateOverrides: [],
  slotMinutes: 60,
  minimumNoticeMinutes: 0,
};

export const visitor = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Omar Haddad',
  email: 'omar@example.com',
  phone: '+971501234567',
  investmentInterest: 'Investment',
  investmentAmount: '3m-5m',
  timeZone: 'Europe/London',
  ...overrides,
});

/** The app for one booking test file, with an admin; each test starts with no bookings, leads or mail. */
export function setUpBookingTests() {
  const t = beforeAllValue(() => createTestApp({ env: { CONTACT_EMAIL: OWNER } }));
  afterAll(() => t.close());
  const fx = beforeAllValue(async () => {
    const admin = await seedUser(t.deps.db, { name: 'Admin', email: 'admin@oasis.test', role: 'admin' });
    return { adminToken: (await createSession(t.deps.db, admin.id, 'admin')).token };
  });
  beforeEach(async () => {
    await settleMail();
    for (const table of [outbox, bookings, leads, bookingSettings]) await t.deps.db.delete(table);
    t.mail.sent = [];
  });

  const octet = () => Math.floor(Math.random() * 250) + 1;
  const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${fx.adminToken}` },
      ...(payload ? { payload } : {}),
    });
  const book = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/booking',
      payload,
      headers,
      remoteAddress: `10.2.${octet()}.${octet()}`,
    });

  async function open(settings: object = ALWAYS_OPEN) {
    const res = await admin('PUT', '/api/booking/availability', settings);
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The free slots of the next `days` days, as the public API gives them. */
  async function slots(days = 3): Promise<{ start: string; end: string }[]> {
    const from = new Date();
    const to = new Date(from.getTime() + days * 86_400_000);
    const res = await t.app.inject({ url: `/api/booking/slots?from=${from.toISOString()}&to=${to.toISOString()}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().slots;
  }

  /** The cancel-or-move token in the newest e-mail to `to`. */
  function linkToken(to: string): string {
    const mail = t.mail.sent.filter((m) => m.to === to).at(-1);
    const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token, 'a cancel-or-move link').toBeDefined();
    return token!;
  }

  return { t, fx, admin, book, open, slots, linkToken };
}

/** The one event of an invitation, read by a strict iCalendar parser. */
export function readInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: time('dtstart'),
    end: time('dtend'),
    rawStart: /^DTSTART:(.*)\r$/m.exec(ics)?.[1],
    summary: event.getFirstPropertyValue('summary'),
    description: event.getFirstPropertyValue('description'),
  };
}
