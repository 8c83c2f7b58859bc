import { describe, expect, it } from 'vitest';
import { type Availability, dubaiDate, generateSlots, groupSlotsByDay } from './booking-slots.ts';
import { availabilitySchema } from './booking.ts';

const HOUR = 3_600_000;
/** The instant of a Dubai wall-clock time. */
const dubai = (local: string) => Date.parse(`${local}:00+04:00`);
const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '10:00', end: '18:00' }));
/** The hour-long slot starts of one weekday of `weekdays` with nothing booked. */
const FULL_WEEKDAY = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

function availability(overrides: Partial<Availability> = {}): Availability {
  return availabilitySchema.parse({ weeklyHours: weekdays, dateOverrides: [], slotMinutes: 60, ...overrides });
}

/** Dubai `HH:mm` of each slot start on one Dubai date. */
function startsOn(slots: { start: number }[], date: string): string[] {
  return slots
    .filter((s) => dubaiDate(s.start) === date)
    .map((s) => new Date(s.start + 4 * HOUR).toISOString().slice(11, 16));
}

const week = { from: dubai('2026-03-01T00:00'), to: dubai('2026-03-08T00:00'), now: dubai('2026-02-28T00:00') };

describe('generateSlots', () => {
  it('cuts weekly hours into slots and skips days off (the weekend)', () => {
    const slots = generateSlots({ availability: availability(), bookings: [], ...week });
    expect(slots).toHaveLength(5 * 8);
    expect(startsOn(slots, '2026-03-01')).toEqual([]); // Sunday
    expect(startsOn(slots, '2026-03-07')).toEqual([]); // Saturday
    expect(startsOn(slots, '2026-03-02')).toEqual(FULL_WEEKDAY);
    expect(slots[0]).toEqual({ start: Date.parse('2026-03-02T06:00:00Z'), end: Date.parse('2026-03-02T07:00:00Z') });
  });

  it('leaves out blocked dates and uses a date’s own hours in place of the weekday’s', () => {
    const a = availability({
      dateOverrides: [
        { date: '2026-03-03', ranges: [] },
        { date: '2026-03-07', ranges: [{ start: '10:00', end: '12:00' }] },
        { date: '2026-03-04', ranges: [{ start: '15:00', end: '16:30' }] },
      ],
    });
    const slots = generateSlots({ availability: a, bookings: [], ...week });
    expect(startsOn(slots, '2026-03-03')).toEqual([]);
    expect(startsOn(slots, '2026-03-07')).toEqual(['10:00', '11:00']);
    // A range shorter than a slot at its end leaves no partial slot.
    expect(startsOn(slots, '2026-03-04')).toEqual(['15:00']);
  });

  it('keeps a booking’s span and both buffers free', () => {
    const booking = { start: dubai('2026-03-02T12:00'), end: dubai('2026-03-02T13:00') };
    const plain = generateSlots({ availability: availability(), bookings: [booking], ...week });
    expect(startsOn(plain, '2026-03-02')).toEqual(['10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    const buffered = availability({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    const slots = generateSlots({ availability: buffered, bookings: [booking], ...week });
    expect(startsOn(slots, '2026-03-02')).toEqual(['10:00', '14:00', '15:00', '16:00', '17:00']);
  });

  it('starts no slot inside the minimum notice (two hours by default) or beyond the window', () => {
    const now = dubai('2026-03-02T10:30');
    const slots = generateSlots({
      availability: availability(),
      bookings: [],
      from: now,
      to: now + 60 * 24 * HOUR,
      now,
    });
    expect(startsOn(slots, '2026-03-02')[0]).toBe('13:00');
    // 30 days by default: the last slot starts before now + 30 days.
    expect(Math.max(...slots.map((s) => s.start))).toBeLessThan(now + 30 * 24 * HOUR);
    expect(startsOn(slots, '2026-03-31')).toEqual(FULL_WEEKDAY);
    expect(startsOn(slots, '2026-04-01')).toEqual(['10:00']);
    const short = generateSlots({
      availability: availability({ windowDays: 1, minimumNoticeMinutes: 0 }),
      bookings: [],
      from: now,
      to: now + 7 * 24 * HOUR,
      now,
    });
    expect(short.map((s) => dubaiDate(s.start))).not.toContain('2026-03-04');
    expect(startsOn(short, '2026-03-03')).toEqual(['10:00']);
  });

  it('offers nothing on a day that holds the daily cap of bookings', () => {
    const a = availability({ dailyCap: 2 });
    const one = [{ start: dubai('2026-03-02T10:00'), end: dubai('2026-03-02T11:00') }];
    const two = [...one, { start: dubai('2026-03-02T15:00'), end: dubai('2026-03-02T16:00') }];
    expect(startsOn(generateSlots({ availability: a, bookings: one, ...week }), '2026-03-02')).toHaveLength(7);
    const full = generateSlots({ availability: a, bookings: two, ...week });
    expect(startsOn(full, '2026-03-02')).toEqual([]);
    expect(startsOn(full, '2026-03-03')).toHaveLength(8);
  });
});

describe('slots in the visitor’s time zone', () => {
  const everyDay = availability({
    weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '10:00', end: '12:00' })),
    minimumNoticeMinutes: 0,
  });
  const local = (at: number, timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const around = (date: string) => {
    const mid = dubai(`${date}T00:00`);
    return { from: mid - 2 * 24 * HOUR, to: mid + 3 * 24 * HOUR, now: mid - 3 * 24 * HOUR };
  };

  it('Europe/London: the same Dubai hour reads an hour later after the clocks go forward', () => {
    const slots = generateSlots({ availability: everyDay, bookings: [], ...around('2026-03-29') });
    const days = groupSlotsByDay(slots, 'Europe/London');
    const byDate = Object.fromEntries(days.map((d) => [d.date, d.slots.map((s) => local(s.start, 'Europe/London'))]));
    expect(byDate['2026-03-28']).toEqual(['06:00', '07:00']);
    expect(byDate['2026-03-30']).toEqual(['07:00', '08:00']);
    // And back in October.
    const autumn = groupSlotsByDay(
      generateSlots({ availability: everyDay, bookings: [], ...around('2026-10-25') }),
      'Europe/London',
    );
    const oct = Object.fromEntries(autumn.map((d) => [d.date, d.slots.map((s) => local(s.start, 'Europe/London'))]));
    expect(oct['2026-10-24']).toEqual(['07:00', '08:00']);
    expect(oct['2026-10-26']).toEqual(['06:00', '07:00']);
  });

  it('America/New_York: slots stay on the same UTC instants across the change', () => {
    const slots = generateSlots({ availability: everyDay, bookings: [], ...around('2026-03-08') });
    const days = groupSlotsByDay(slots, 'America/New_York');
    const byDate = Object.fromEntries(
      days.map((d) => [d.date, d.slots.map((s) => local(s.start, 'America/New_York'))]),
    );
    expect(byDate['2026-03-07']).toEqual(['01:00', '02:00']);
    expect(byDate['2026-03-09']).toEqual(['02:00', '03:00']);
    expect(slots.every((s) => new Date(s.start).getUTCHours() === 6 || new Date(s.start).getUTCHours() === 7)).toBe(
      true,
    );
  });

  it('Pacific/Auckland: a Dubai day falls on two of the visitor’s days, and moves when New Zealand’s summer ends', () => {
    const late = availability({
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '17:00', end: '19:00' })),
      minimumNoticeMinutes: 0,
    });
    const slots = generateSlots({ availability: late, bookings: [], ...around('2026-04-05') });
    const days = groupSlotsByDay(slots, 'Pacific/Auckland');
    const byDate = Object.fromEntries(
      days.map((d) => [d.date, d.slots.map((s) => local(s.start, 'Pacific/Auckland'))]),
    );
    // Dubai 3 April 17:00 and 18:00 are 4 April 02:00 and 03:00 in Auckland (UTC+13)...
    expect(byDate['2026-04-04']).toEqual(['02:00', '03:00']);
    // ... and after the change (UTC+12) Dubai 6 April 17:00 is 7 April 01:00.
    expect(byDate['2026-04-07']).toEqual(['01:00', '02:00']);
    // A Dubai day whose hours cross the visitor's midnight is split between two days.
    const split = groupSlotsByDay(
      generateSlots({
        availability: availability({
          weeklyHours: [{ day: 1, start: '10:00', end: '18:00' }],
          minimumNoticeMinutes: 0,
        }),
        bookings: [],
        ...week,
      }),
      'Pacific/Auckland',
    );
    expect(split.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-03-02', 5],
      ['2026-03-03', 3],
    ]);
  });
});

describe('availabilitySchema', () => {
  it('refuses overlapping ranges, a range ending before it starts and a date listed twice', () => {
    const bad = (input: object) =>
      availabilitySchema.safeParse({ weeklyHours: [], dateOverrides: [], ...input }).success;
    expect(
      bad({
        weeklyHours: [
          { day: 1, start: '10:00', end: '12:00' },
          { day: 1, start: '11:00', end: '13:00' },
        ],
      }),
    ).toBe(false);
    expect(bad({ weeklyHours: [{ day: 1, start: '12:00', end: '10:00' }] })).toBe(false);
    expect(bad({ weeklyHours: [{ day: 1, start: '10:00', end: '25:00' }] })).toBe(false);
    expect(
      bad({
        dateOverrides: [
          { date: '2026-01-01', ranges: [] },
          { date: '2026-01-01', ranges: [] },
        ],
      }),
    ).toBe(false);
    expect(
      bad({
        weeklyHours: [
          { day: 1, start: '10:00', end: '12:00' },
          { day: 2, start: '11:00', end: '13:00' },
        ],
      }),
    ).toBe(true);
    expect(availabilitySchema.parse({ weeklyHours: [], dateOverrides: [] })).toMatchObject({
      minimumNoticeMinutes: 120,
      windowDays: 30,
    });
  });
});
