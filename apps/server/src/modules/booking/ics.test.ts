import { describe, expect, it } from 'vitest';
import { calendarInvite, foldLine, googleCalendarLink } from './ics.ts';
import { readInvite } from './booking.fixtures.ts';

const event = {
  method: 'REQUEST' as const,
  uid: 'abc@oasis.test',
  sequence: 3,
  start: new Date('2026-03-02T06:00:00Z'),
  end: new Date('2026-03-02T06:30:00Z'),
  stamp: new Date('2026-03-01T10:00:00Z'),
  summary: 'استشارة مع Oasis; A, B',
  description: `سطر أول\nSecond line, with a comma; and a semicolon \\ backslash ${'طويل '.repeat(40)}`,
  organizer: { name: 'Oasis "Dubai"', email: 'owner@oasis.test' },
  attendee: { name: 'عمر حداد', email: 'omar@example.com' },
};

describe('calendar invitations', () => {
  it('folds lines at 75 octets without splitting a character, and a strict parser reads the text back', () => {
    const ics = calendarInvite(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(readInvite(ics)).toMatchObject({
      method: 'REQUEST',
      uid: 'abc@oasis.test',
      sequence: 3,
      start: '2026-03-02T06:00:00.000Z',
      end: '2026-03-02T06:30:00.000Z',
      summary: event.summary,
      description: event.description,
    });
    expect(ics).toContain('ORGANIZER;CN="Oasis Dubai":mailto:owner@oasis.test');
    expect(
      foldLine('x'.repeat(160))
        .split('\r\n ')
        .map((p) => p.length),
    ).toEqual([75, 74, 11]);
  });

  it('writes CANCEL with a cancelled status, and a Google Calendar link in UTC', () => {
    expect(readInvite(calendarInvite({ ...event, method: 'CANCEL' }))).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
    });
    const link = new URL(googleCalendarLink(event));
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('dates')).toBe('20260302T060000Z/20260302T063000Z');
    expect(link.searchParams.get('text')).toBe(event.summary);
  });
});
