/**
 * Free consultation slots (docs/product.md#booking), written without zod so that the public slot
 * picker can use the same helpers. All arithmetic is on UTC instants: the owner's hours are Dubai
 * wall-clock times (UTC+4 all year, no daylight saving), and the visitor's zone only changes how a
 * slot is shown and which day it is listed under, never which slots exist.
 */
import { DUBAI_OFFSET_MS } from './dubai-time.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A span of one day, as Dubai clock times `HH:mm` (`end` may be `24:00`). */
export interface TimeRange {
  start: string;
  end: string;
}

/** Weekly hours: one or more ranges on a weekday (0 Sunday … 6 Saturday). A weekday without any is a day off. */
export interface WeeklyRange extends TimeRange {
  day: number;
}

/** One Dubai date's own hours in place of the weekday's; no ranges makes the date a blocked day. */
export interface DateOverride {
  date: string;
  ranges: TimeRange[];
}

export interface Availability {
  weeklyHours: WeeklyRange[];
  dateOverrides: DateOverride[];
  slotMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** No slot starts sooner than this after now. */
  minimumNoticeMinutes: number;
  /** No slot starts later than this many days after now. */
  windowDays: number;
  /** Bookings a Dubai day takes at most; null for no cap. */
  dailyCap: number | null;
}

export const BOOKING_DEFAULTS = {
  slotMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 120,
  windowDays: 30,
  dailyCap: null,
} as const satisfies Omit<Availability, 'weeklyHours' | 'dateOverrides'>;

/** Minutes after midnight of an `HH:mm` clock time (`24:00` is 1440). */
export function clockMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** True when the owner has set at least one weekly range: without any, the free-text form stays. */
export function hasHours(availability: Pick<Availability, 'weeklyHours'>): boolean {
  return availability.weeklyHours.length > 0;
}

/** A booking as slot generation sees it: the span it holds, in epoch milliseconds. */
export interface BusySpan {
  start: number;
  end: number;
}

export interface Slot {
  start: number;
  end: number;
}

/** The Dubai date (`YYYY-MM-DD`) an instant falls on. */
export function dubaiDate(at: number): string {
  return new Date(at + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of a Dubai date's midnight. */
function dubaiMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - DUBAI_OFFSET_MS;
}

function rangesOn(availability: Availability, date: string): TimeRange[] {
  const override = availability.dateOverrides.find((o) => o.date === date);
  if (override) return override.ranges;
  const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
  return availability.weeklyHours.filter((r) => r.day === weekday);
}

/**
 * The free slots that start in [from, to): the weekly hours (or a date's override) cut into slots
 * of the set length, less those whose span with its buffers meets a booking's span with its
 * buffers, less those inside the minimum notice or beyond the window, and none on a Dubai day
 * that already holds `dailyCap` bookings.
 */
export function generateSlots(input: {
  availability: Availability;
  bookings: readonly BusySpan[];
  from: number;
  to: number;
  now: number;
}): Slot[] {
  const { availability: a, bookings } = input;
  const earliest = Math.max(input.from, input.now + a.minimumNoticeMinutes * MINUTE);
  const latest = Math.min(input.to, input.now + a.windowDays * DAY);
  if (earliest >= latest || a.slotMinutes <= 0) return [];
  const length = a.slotMinutes * MINUTE;
  const before = a.bufferBeforeMinutes * MINUTE;
  const after = a.bufferAfterMinutes * MINUTE;
  const perDay = new Map<string, number>();
  for (const b of bookings) perDay.set(dubaiDate(b.start), (perDay.get(dubaiDate(b.start)) ?? 0) + 1);
  const slots: Slot[] = [];
  for (let day = dubaiMidnight(dubaiDate(earliest)); day < latest; day += DAY) {
    const date = dubaiDate(day);
    if (a.dailyCap !== null && (perDay.get(date) ?? 0) >= a.dailyCap) continue;
    const ranges = [...rangesOn(a, date)].sort((x, y) => clockMinutes(x.start) - clockMinutes(y.start));
    for (const range of ranges) {
      const end = day + clockMinutes(range.end) * MINUTE;
      for (let start = day + clockMinutes(range.start) * MINUTE; start + length <= end; start += length) {
        if (start < earliest || start >= latest) continue;
        const held = { start: start - before, end: start + length + after };
        const clash = bookings.some((b) => b.start - before < held.end && b.end + after > held.start);
        if (!clash && !slots.some((s) => s.start === start)) slots.push({ start, end: start + length });
      }
    }
  }
  return slots.sort((x, y) => x.start - y.start);
}

/** A day of slots as a visitor in `timeZone` reads it. */
export interface SlotDay {
  /** `YYYY-MM-DD` in the visitor's zone. */
  date: string;
  slots: Slot[];
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (`YYYY-MM-DD`) of an instant in a time zone. */
export function dateInZone(at: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** Slots grouped by the visitor's calendar day, in order: a Dubai day can fall on two of them. */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const date = dateInZone(slot.start, timeZone);
    const last = days[days.length - 1];
    if (last && last.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

/** True when `timeZone` is a zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
