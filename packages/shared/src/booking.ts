/**
 * Booking consultations (docs/product.md#booking): the owner's availability, the public slots and
 * the booking request, and the admin's list. Slot generation itself is in booking-slots.ts.
 */
import { z } from 'zod';
import { BOOKING_DEFAULTS, clockMinutes, isTimeZone } from './booking-slots.ts';
import { BOOKING_MESSAGES, SLOTS_MAX_DAYS } from './booking-rules.ts';
import { consultationInputSchema } from './leads.ts';

const CLOCK = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const clock = z.string().regex(CLOCK, BOOKING_MESSAGES.timeFormat);
const timeRangeSchema = z
  .object({ start: clock, end: clock })
  .refine((r) => clockMinutes(r.end) > clockMinutes(r.start), { message: BOOKING_MESSAGES.rangeOrder, path: ['end'] });

/** True when two ranges of one day share a minute. */
function overlapping(ranges: readonly { start: string; end: string }[]): boolean {
  const sorted = [...ranges].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
  return sorted.some((r, i) => i > 0 && clockMinutes(r.start) < clockMinutes(sorted[i - 1]!.end));
}

export const availabilitySchema = z
  .object({
    weeklyHours: z
      .array(timeRangeSchema.safeExtend({ day: z.number().int().min(0).max(6) }))
      .max(42)
      .refine((list) => [0, 1, 2, 3, 4, 5, 6].every((d) => !overlapping(list.filter((r) => r.day === d))), {
        message: BOOKING_MESSAGES.rangesOverlap,
      }),
    dateOverrides: z
      .array(
        z.object({
          date: z.string().regex(DATE, BOOKING_MESSAGES.dateFormat),
          ranges: z
            .array(timeRangeSchema)
            .max(6)
            .refine((r) => !overlapping(r), BOOKING_MESSAGES.rangesOverlap),
        }),
      )
      .max(366)
      .refine((list) => new Set(list.map((o) => o.date)).size === list.length, BOOKING_MESSAGES.dateTwice),
    slotMinutes: z.number().int().min(10).max(240).default(BOOKING_DEFAULTS.slotMinutes),
    bufferBeforeMinutes: z.number().int().min(0).max(240).default(BOOKING_DEFAULTS.bufferBeforeMinutes),
    bufferAfterMinutes: z.number().int().min(0).max(240).default(BOOKING_DEFAULTS.bufferAfterMinutes),
    minimumNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 60)
      .default(BOOKING_DEFAULTS.minimumNoticeMinutes),
    windowDays: z.number().int().min(1).max(365).default(BOOKING_DEFAULTS.windowDays),
    dailyCap: z.number().int().min(1).max(100).nullable().default(BOOKING_DEFAULTS.dailyCap),
  })
  .strict();
export type AvailabilityInput = z.input<typeof availabilitySchema>;

const instant = z.iso.datetime({ offset: true });

export const slotsQuerySchema = z
  .object({ from: instant, to: instant })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: BOOKING_MESSAGES.rangeOrder, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= SLOTS_MAX_DAYS * 86_400_000, {
    message: BOOKING_MESSAGES.spanTooLong,
    path: ['to'],
  });

export const slotListSchema = z.object({
  /** False when the owner has set no hours: the form asks for a preferred time instead. */
  open: z.boolean(),
  slotMinutes: z.number().int(),
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type SlotList = z.infer<typeof slotListSchema>;

const timeZoneField = z.string().max(64).refine(isTimeZone, BOOKING_MESSAGES.timeZoneUnknown);

/** A booking request: the consultation form's contact fields and choices, a slot and the visitor's zone. */
export const bookingInputSchema = consultationInputSchema.omit({ preferredTime: true }).extend({
  startsAt: instant,
  timeZone: timeZoneField,
  message: z.string().trim().max(2000).default(''),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const BOOKING_STATUSES = ['booked', 'cancelled'] as const;

export const bookingSchema = z.object({
  _id: z.string(),
  leadId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  timeZone: z.string(),
  sequence: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });

export const bookingCreatedSchema = z.object({ message: z.string(), startsAt: z.string(), endsAt: z.string() });

/** What the page behind a cancel-or-move link shows: no name, e-mail or phone. */
export const managedBookingSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

export const bookingTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const bookingMoveSchema = z.object({ startsAt: instant, timeZone: timeZoneField.optional() });
export const bookingCancelSchema = z.object({ message: z.string().trim().max(1000).default('') });
