import { z } from 'zod';
import { leadPipelineSchema } from '../leads.ts';

/**
 * `GET /api/admin/dashboard`: the owner's figures at a glance (docs/product.md#admin-dashboard).
 * Money is in fils (100 fils = 1 AED). An order counts in the Dubai calendar month it was placed
 * (its `createdAt`), once it is paid: the Orders screen lists orders by that date, so a figure and
 * the list it links to agree.
 */
export const adminDashboardSchema = z.object({
  /** The start of this Dubai month, as an ISO date-time (midnight in Dubai). */
  monthStart: z.string(),
  revenue: z.object({
    thisMonthFils: z.number().int(),
    lastMonthFils: z.number().int(),
    paidOrdersThisMonth: z.number().int(),
    paidOrdersLastMonth: z.number().int(),
  }),
  /** Learner accounts created this Dubai month. */
  newLearners: z.number().int(),
  /** Leads still awaiting an answer (status 'new'). */
  newLeads: z.number().int(),
  /** Leads per pipeline stage, and those due for a follow-up today (Dubai). */
  pipeline: leadPipelineSchema,
  /** The best sellers this Dubai month: at most DASHBOARD_TOP_COURSES, most paid orders first. */
  topCourses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      titleAr: z.string(),
      paidOrders: z.number().int(),
      revenueFils: z.number().int(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const DASHBOARD_TOP_COURSES = 5;

/** Dubai keeps UTC+4 all year (no daylight saving). */
const DUBAI_OFFSET_MS = 4 * 60 * 60_000;

/**
 * The Dubai calendar months around `now`: where last month, this month and next month start, as
 * instants (midnight in Dubai is 20:00 UTC the day before).
 */
export function dubaiMonths(now: Date): { lastMonth: Date; thisMonth: Date; nextMonth: Date } {
  const dubai = new Date(now.getTime() + DUBAI_OFFSET_MS);
  const year = dubai.getUTCFullYear();
  const month = dubai.getUTCMonth();
  // Date.UTC carries month -1 and 12 into the neighbouring years.
  const start = (m: number) => new Date(Date.UTC(year, m, 1) - DUBAI_OFFSET_MS);
  return { lastMonth: start(month - 1), thisMonth: start(month), nextMonth: start(month + 1) };
}
