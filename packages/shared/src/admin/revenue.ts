import { z } from 'zod';

/**
 * `GET /api/admin/revenue` (docs/product.md#revenue): the owner's revenue over a chosen range of
 * Dubai calendar days, in buckets of a day, a week (Monday to Sunday, as ISO weeks run) or a
 * calendar month. Money is in fils (100 fils = 1 AED).
 *
 * A sale counts in the bucket of the day it was paid; a refund in the bucket of the day it
 * succeeded, which may be another bucket than its sale's. Net revenue is what was paid less its
 * VAT, less what refunds gave back less their VAT.
 */
export const REVENUE_GRANULARITIES = ['day', 'week', 'month'] as const;
export type RevenueGranularity = (typeof REVENUE_GRANULARITIES)[number];

/** The longest range one request may ask for, in days (a year and a day: 'this year' in a leap year fits). */
export const REVENUE_MAX_DAYS = 366;
export const REVENUE_TOP_COURSES = 5;
export const REVENUE_TOP_CODES = 5;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` that exists (no 31 February). */
export const calendarDay = z.string({ error: 'revenueRules.dateInvalid' }).refine(isCalendarDay, {
  error: 'revenueRules.dateInvalid',
});

export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The days from `from` to `to`, both included (1 when they are the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A range of days, both included: refused when reversed or longer than REVENUE_MAX_DAYS. */
export const dayRangeSchema = z.object({ from: calendarDay, to: calendarDay }).superRefine((range, ctx) => {
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return;
  const days = daysInRange(range.from, range.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'revenueRules.rangeReversed' });
  else if (days > REVENUE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'revenueRules.rangeTooLong' });
});
export type DayRange = z.infer<typeof dayRangeSchema>;

export const revenueQuerySchema = z
  .object({ from: calendarDay, to: calendarDay, by: z.enum(REVENUE_GRANULARITIES).default('day') })
  .superRefine((query, ctx) => {
    const range = dayRangeSchema.safeParse(query);
    if (!range.success) for (const issue of range.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });
export type RevenueQuery = z.input<typeof revenueQuerySchema>;

const fils = z.number().int();

export const revenueBucketSchema = z.object({
  /** The bucket's first Dubai day (a week's Monday, a month's 1st), possibly before the range starts. */
  start: z.string(),
  /** Paid orders in the bucket, what they paid (VAT included) and the VAT inside. */
  orders: z.number().int(),
  grossFils: fils,
  vatFils: fils,
  /** Refunds that succeeded in the bucket: what they gave back (VAT included) and the VAT inside. */
  refunds: z.number().int(),
  refundsFils: fils,
  refundsVatFils: fils,
  /** grossFils - vatFils - (refundsFils - refundsVatFils). */
  netFils: fils,
});
export type RevenueBucket = z.infer<typeof revenueBucketSchema>;

export const revenueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REVENUE_GRANULARITIES),
  /** Every bucket of the range in order, the empty ones too. */
  buckets: z.array(revenueBucketSchema),
  totals: revenueBucketSchema.omit({ start: true }),
  coupons: z.object({
    /** Paid orders in the range that used a code, and the discounts they got. */
    orders: z.number().int(),
    discountFils: fils,
    /** The most used codes, most orders first. */
    topCodes: z.array(z.object({ code: z.string(), orders: z.number().int(), discountFils: fils })),
  }),
  /** The courses that earned most in the range, net of VAT and refunds. */
  topCourses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      titleAr: z.string(),
      orders: z.number().int(),
      netFils: fils,
    }),
  ),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** Exports for the accountant: `GET /api/admin/exports/{kind}.csv?from&to`. */
export const EXPORT_KINDS = ['orders', 'invoices', 'credit-notes'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A bucket's first day for a Dubai calendar day: the day, its week's Monday or its month's 1st. */
export function bucketStart(day: string, by: RevenueGranularity): string {
  if (by === 'day') return day;
  if (by === 'month') return `${day.slice(0, 8)}01`;
  const date = new Date(`${day}T00:00:00Z`);
  // getUTCDay: Sunday 0 … Saturday 6; Monday starts the week.
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/** The first days of every bucket that meets the range, in order. */
export function bucketStarts(from: string, to: string, by: RevenueGranularity): string[] {
  const starts: string[] = [];
  let day = bucketStart(from, by);
  while (day <= to) {
    starts.push(day);
    const date = new Date(`${day}T00:00:00Z`);
    if (by === 'day') date.setUTCDate(date.getUTCDate() + 1);
    else if (by === 'week') date.setUTCDate(date.getUTCDate() + 7);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    day = date.toISOString().slice(0, 10);
  }
  return starts;
}

/** The dashboard's ready-made ranges; `custom` takes the from and to typed in. */
export const REVENUE_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type RevenuePreset = (typeof REVENUE_PRESETS)[number];

/** The Dubai calendar day of an instant, `YYYY-MM-DD` (Dubai is UTC+4 all year). */
export function dubaiDay(now: Date): string {
  return new Date(now.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
}

/** A preset's days, both ends included, ending today in Dubai (last month ends on its last day). */
export function presetRange(preset: Exclude<RevenuePreset, 'custom'>, now: Date): DayRange {
  const today = dubaiDay(now);
  const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'last7':
      return { from: shift(-6), to: today };
    case 'last30':
      return { from: shift(-29), to: today };
    case 'last90':
      return { from: shift(-89), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = new Date(Date.parse(`${monthStart}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}
