import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type AdminDashboard, DASHBOARD_TOP_COURSES, dubaiMonths } from '@oasis/shared/admin/dashboard';
import type { Db } from '../../db/client.ts';
import { courses, orders, users } from '../../db/schema.ts';
import { leadPipeline } from '../leads/service.ts';

/**
 * The admin dashboard's figures (docs/product.md#admin-dashboard). Each query reads a range of an
 * index rather than a whole table: paid orders by `orders_status_created_id_idx` (status, then the
 * two months' creation range), leads per stage by `leads_status_created_id_idx`. An order counts in the
 * month it was placed, as the Orders screen dates it.
 */
export async function getAdminDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const { lastMonth, thisMonth, nextMonth } = dubaiMonths(now);
  const paidBetween = (from: Date, to: Date) =>
    and(eq(orders.status, 'paid'), gte(orders.createdAt, from), lt(orders.createdAt, to));
  const thisMonthOrder = sql<boolean>`${orders.createdAt} >= ${thisMonth}`;

  const [[revenue], [learners], pipeline, topCourses] = await Promise.all([
    // Both months in one pass over the index range.
    db
      .select({
        thisMonthFils: sql<string>`coalesce(sum(${orders.amountFils}) filter (where ${thisMonthOrder}), 0)`,
        lastMonthFils: sql<string>`coalesce(sum(${orders.amountFils}) filter (where not ${thisMonthOrder}), 0)`,
        paidOrdersThisMonth: sql<string>`count(*) filter (where ${thisMonthOrder})`,
        paidOrdersLastMonth: sql<string>`count(*) filter (where not ${thisMonthOrder})`,
      })
      .from(orders)
      .where(paidBetween(lastMonth, nextMonth)),
    db
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, 'learner'), gte(users.createdAt, thisMonth), lt(users.createdAt, nextMonth))),
    leadPipeline(db, now),
    // Grouped over this month's paid orders only, then joined to the few courses that remain.
    db
      .select({
        courseId: orders.courseId,
        title: courses.title,
        titleAr: courses.titleAr,
        paidOrders: sql<string>`count(*)`,
        revenueFils: sql<string>`coalesce(sum(${orders.amountFils}), 0)`,
      })
      .from(orders)
      .innerJoin(courses, eq(courses.id, orders.courseId))
      .where(paidBetween(thisMonth, nextMonth))
      .groupBy(orders.courseId, courses.title, courses.titleAr)
      .orderBy(desc(sql`count(*)`), desc(sql`sum(${orders.amountFils})`), courses.title)
      .limit(DASHBOARD_TOP_COURSES),
  ]);

  // Postgres answers sums and counts of bigint as strings.
  return {
    monthStart: thisMonth.toISOString(),
    revenue: {
      thisMonthFils: Number(revenue?.thisMonthFils ?? 0),
      lastMonthFils: Number(revenue?.lastMonthFils ?? 0),
      paidOrdersThisMonth: Number(revenue?.paidOrdersThisMonth ?? 0),
      paidOrdersLastMonth: Number(revenue?.paidOrdersLastMonth ?? 0),
    },
    newLearners: learners?.value ?? 0,
    newLeads: pipeline.stages.new,
    pipeline,
    topCourses: topCourses.map((row) => ({
      ...row,
      paidOrders: Number(row.paidOrders),
      revenueFils: Number(row.revenueFils),
    })),
  };
}
