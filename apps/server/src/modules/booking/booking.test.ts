import { describe, expect, it } from 'vitest';
import { bookingListSchema } from '@oasis/shared/booking';
import { touchOfVisit } from '@oasis/shared/attribution';
import { bookings, leads } from '../../db/schema.ts';
import { touchesCookie } from '../../lib/attribution.ts';
import { settleMail } from '../mail/outbox.ts';
import { getManagedBooking, moveByToken, sendDueReminders } from './service.ts';
import { OWNER, readInvite, setUpBookingTests, visitor } from './booking.fixtures.ts';

const { t, admin, book, open, slots, linkToken } = setUpBookingTests();
const VISITOR = 'omar@example.com';

describe('free slots and booking', () => {
  it('is closed until the owner sets hours: no slots, and a booking is refused', async () => {
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const res = await t.app.inject({ url: `/api/booking/slots?from=${from}&to=${to}` });
    expect(res.json()).toEqual({ open: false, slotMinutes: 0, slots: [] });
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await book(visitor({ startsAt: to }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('booking.noHours');
  });

  it('books a free slot, which then disappears; both sides get an invitation in UTC', async () => {
    await open();
    const [slot, next] = await slots();
    const res = await book(visitor({ startsAt: slot!.start, message: 'Off-plan in Dubai Hills' }), {
      'accept-language': 'ar',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ startsAt: slot!.start, endsAt: slot!.end });
    expect((await slots()).map((s) => s.start)).not.toContain(slot!.start);
    expect((await slots()).map((s) => s.start)).toContain(next!.start);

    const [lead] = await t.deps.db.select().from(leads);
    expect(lead).toMatchObject({
      kind: 'consultation',
      name: 'Omar Haddad',
      locale: 'ar',
      message: 'Off-plan in Dubai Hills',
    });

    const [mine] = await t.mail.waitForMail(VISITOR);
    const [owners] = await t.mail.waitForMail(OWNER);
    for (const mail of [mine!, owners!]) {
      const attachment = mail.attachments?.find((a) => a.filename === 'invite.ics');
      expect(attachment?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      const invite = readInvite(attachment!.content.toString('utf8'));
      expect(invite).toMatchObject({
        method: 'REQUEST',
        sequence: 0,
        status: 'CONFIRMED',
        start: slot!.start,
        end: slot!.end,
      });
      expect(invite.rawStart).toMatch(/^\d{8}T\d{6}Z$/);
    }
    // The visitor's e-mail is in Arabic, with the Google Calendar link and the one-use link.
    expect(mine!.subject).toContain('تم حجز استشارتك');
    const stamp = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(mine!.text).toContain(`https://calendar.google.com/calendar/render?action=TEMPLATE&text=`);
    expect(mine!.text).toContain(`dates=${stamp(slot!.start)}%2F${stamp(slot!.end)}`);
    expect(linkToken(VISITOR)).toHaveLength(43);
    // The owner's invitation and the visitor's are one event.
    const uid = (m: typeof mine) =>
      readInvite(m!.attachments!.find((a) => a.filename === 'invite.ics')!.content.toString()).uid;
    expect(uid(mine)).toBe(uid(owners));

    const again = await book(visitor({ startsAt: slot!.start, email: 'other@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'booking.slotTaken',
      message: expect.stringContaining('just been taken'),
    });
  });

  it("stores the visitor's first and last touch on the booking's lead", async () => {
    await open();
    const [slot] = await slots(1);
    const at = Date.now();
    const first = touchOfVisit({
      path: '/ar/consult',
      search: '?utm_source=instagram&utm_medium=social',
      ownHost: 'oasis.test',
      limited: false,
      at,
    });
    const last = touchOfVisit({
      path: '/consult',
      search: '?utm_source=google&utm_medium=cpc',
      ownHost: 'oasis.test',
      limited: false,
      at,
    });
    const cookie = touchesCookie({ first, last }, false).split(';', 1)[0]!;
    const res = await book(visitor({ startsAt: slot!.start }), { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const [lead] = await t.deps.db.select().from(leads);
    expect(lead).toMatchObject({
      firstChannel: 'Organic Social',
      firstSource: 'instagram',
      lastChannel: 'Paid Search',
      lastSource: 'google',
    });
    expect(lead!.firstTouch).toMatchObject({ landing: '/ar/consult' });
  });

  it('lets exactly one of 20 simultaneous requests have a slot; the others get 409', async () => {
    await open();
    const [slot] = await slots(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(visitor({ startsAt: slot!.start, email: `v${i}@example.com` }))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('booking.slotTaken');
    expect(await t.deps.db.select().from(bookings)).toHaveLength(1);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('refuses a time off the grid, a bad zone or a bad instant, and keeps buffers around bookings', async () => {
    await open({
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
      dateOverrides: [],
      slotMinutes: 60,
      minimumNoticeMinutes: 0,
      bufferAfterMinutes: 30,
    });
    const [slot, next] = await slots(1);
    const offGrid = new Date(Date.parse(slot!.start) + 60_000).toISOString();
    expect((await book(visitor({ startsAt: offGrid }))).json().code).toBe('booking.slotUnavailable');
    expect((await book(visitor({ startsAt: slot!.start, timeZone: 'Mars/Olympus' }))).statusCode).toBe(400);
    expect((await book(visitor({ startsAt: 'tomorrow' }))).statusCode).toBe(400);
    expect((await book(visitor({ startsAt: slot!.start }))).statusCode).toBe(201);
    // The next slot starts where this one ends: inside its 30-minute buffer.
    expect((await book(visitor({ startsAt: next!.start }))).json().code).toBe('booking.slotUnavailable');
    const bad = await admin('PUT', '/api/booking/availability', {
      weeklyHours: [{ day: 1, start: '12:00', end: '10:00' }],
      dateOverrides: [],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the cancel-or-move link', () => {
  it('moves once (same UID, higher SEQUENCE, a new link), then cancels once', async () => {
    await open();
    const [first, , third] = await slots();
    expect((await book(visitor({ startsAt: first!.start }))).statusCode).toBe(201);
    await settleMail();
    const token = linkToken(VISITOR);
    const created = readInvite(t.mail.sent.find((m) => m.to === VISITOR)!.attachments![0]!.content.toString());

    const page = await t.app.inject({ url: `/api/booking/manage/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.json()).toMatchObject({ status: 'booked', startsAt: first!.start, timeZone: 'Europe/London' });
    expect(page.body).not.toContain(VISITOR);

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/booking/manage/${token}/move`,
      payload: { startsAt: third!.start },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'booked', startsAt: third!.start });
    // The old link is spent.
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/booking/manage/${token}/move`,
      payload: { startsAt: first!.start },
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().code).toBe('booking.linkInvalid');
    expect((await t.app.inject({ url: `/api/booking/manage/${token}` })).statusCode).toBe(404);

    const [, movedMail] = await t.mail.waitForMail(VISITOR, 2);
    const movedInvite = readInvite(movedMail!.attachments![0]!.content.toString());
    expect(movedInvite).toMatchObject({
      method: 'REQUEST',
      uid: created.uid,
      sequence: 1,
      start: third!.start,
      end: third!.end,
    });
    // The first slot is free again.
    expect((await slots()).map((s) => s.start)).toContain(first!.start);

    const second = linkToken(VISITOR);
    expect(second).not.toBe(token);
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/booking/manage/${second}/cancel` });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await cancel()).statusCode).toBe(404);
    const [, , cancelMail] = await t.mail.waitForMail(VISITOR, 3);
    const attachment = cancelMail!.attachments![0]!;
    expect(attachment.contentType).toContain('method=CANCEL');
    expect(readInvite(attachment.content.toString())).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: created.uid,
      sequence: 2,
      start: third!.start,
    });
    // The owner was told of each change too.
    expect(
      (await t.mail.waitForMail(OWNER, 3)).map((m) => readInvite(m.attachments![0]!.content.toString()).sequence),
    ).toEqual([0, 1, 2]);
  });

  it('expires once the slot starts', async () => {
    await open();
    const [slot, later] = await slots();
    await book(visitor({ startsAt: slot!.start }));
    await settleMail();
    const token = linkToken(VISITOR);
    const atStart = new Date(slot!.start);
    await expect(getManagedBooking(t.deps.db, token, new Date(atStart.getTime() - 1000))).resolves.toMatchObject({
      status: 'booked',
    });
    await expect(getManagedBooking(t.deps.db, token, atStart)).rejects.toMatchObject({
      status: 410,
      code: 'booking.linkExpired',
    });
    await expect(moveByToken(t.deps, token, later!.start, atStart)).rejects.toMatchObject({ status: 410 });
    const bogus = await t.app.inject({ url: `/api/booking/manage/${'x'.repeat(43)}` });
    expect(bogus.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/booking/manage/short' })).statusCode).toBe(400);
  });
});

describe('the owner', () => {
  it('lists upcoming bookings and cancels one with a message to the visitor', async () => {
    await open();
    const [a, b] = await slots();
    await book(visitor({ startsAt: b!.start, fullName: 'Later Visitor', email: 'later@example.com' }));
    await book(visitor({ startsAt: a!.start }));
    const list = bookingListSchema.parse((await admin('GET', '/api/booking/upcoming')).json()).bookings;
    expect(list.map((x) => x.name)).toEqual(['Omar Haddad', 'Later Visitor']);
    const res = await admin('POST', `/api/booking/${list[0]!._id}/cancel`, { message: 'I am travelling that day.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const mails = await t.mail.waitForMailAbout(VISITOR, 'cancelled');
    expect(mails[0]!.text).toContain('I am travelling that day.');
    expect(readInvite(mails[0]!.attachments![0]!.content.toString())).toMatchObject({ method: 'CANCEL', sequence: 1 });
    expect((await admin('POST', `/api/booking/${list[0]!._id}/cancel`, {})).statusCode).toBe(409);
    const after = bookingListSchema.parse((await admin('GET', '/api/booking/upcoming')).json()).bookings;
    expect(after.map((x) => x.name)).toEqual(['Later Visitor']);
  });
});

describe('reminders', () => {
  it('sends the 24-hour and the 1-hour reminder once each, however many workers run', async () => {
    await open();
    const far = (await slots(4)).find((s) => Date.parse(s.start) > Date.now() + 26 * 3_600_000)!;
    await book(visitor({ startsAt: far.start }));
    await settleMail();
    const start = Date.parse(far.start);
    const at = (ms: number) => new Date(start - ms);
    // Not yet due 25 hours before.
    expect(await sendDueReminders(t.deps, at(25 * 3_600_000))).toBe(0);
    const day = await Promise.all([1, 2, 3].map(() => sendDueReminders(t.deps, at(23 * 3_600_000))));
    expect(day.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await sendDueReminders(t.deps, at(2 * 3_600_000))).toBe(0);
    const hour = await Promise.all([1, 2].map(() => sendDueReminders(t.deps, at(30 * 60_000))));
    expect(hour.reduce((x, y) => x + y, 0)).toBe(1);
    await settleMail();
    const reminders = t.mail.sent.filter((m) => m.to === VISITOR && m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(2);
    expect(readInvite(reminders[0]!.attachments![0]!.content.toString())).toMatchObject({
      method: 'REQUEST',
      start: far.start,
    });
    // The owner gets no reminder e-mail.
    expect(t.mail.sent.filter((m) => m.to === OWNER)).toHaveLength(1);
  });
});
