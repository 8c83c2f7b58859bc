import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type AdminDashboard, DASHBOARD_TOP_COURSES, dubaiMonths } from '@oasis/shared/admin/dashboard';
import type { CourseCompletionFigures } from '@oasis/shared/progress';
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

/**
 * Completion by course (docs/product.md#admin-dashboard): enrolled, started (a lesson completed or
 * watched), completed (a recorded completion), and the median days from enrolment to completion.
 * One grouped pass per table, joined by course; courses without enrolments are left out.
 */
export async function getCompletionFigures(db: Db): Promise<CourseCompletionFigures> {
  const result = await db.execute(sql`
    with enrolled as (
      select course_id, count(*)::int as n from enrolments group by course_id
    ), started as (
      select m.course_id, count(distinct a.user_id)::int as n
      from (
        select user_id, video_id from video_progress
        union select user_id, video_id from video_watch_time
      ) a
      join videos v on v.id = a.video_id
      join modules m on m.id = v.module_id
      join enrolments e on e.user_id = a.user_id and e.course_id = m.course_id
      group by m.course_id
    ), completed as (
      select cc.course_id, count(*)::int as n,
        percentile_cont(0.5) within group (
          order by extract(epoch from (cc.completed_at - e.created_at)) / 86400.0
        ) as median_days
      from course_completions cc
      join enrolments e on e.user_id = cc.user_id and e.course_id = cc.course_id
      group by cc.course_id
    )
    select c.id as "courseId", c.title, c.title_ar as "titleAr", enrolled.n as enrolled,
      coalesce(started.n, 0) as started, coalesce(completed.n, 0) as completed,
      completed.median_days as "medianDays"
    from enrolled
    join courses c on c.id = enrolled.course_id
    left join started on started.course_id = c.id
    left join completed on completed.course_id = c.id
    order by enrolled.n desc, c.title
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    courses: rows.map((row) => ({
      courseId: String(row.courseId),
      title: String(row.title),
      titleAr: String(row.titleAr),
      enrolled: Number(row.enrolled),
      started: Number(row.started),
      completed: Number(row.completed),
      // Days with one decimal: a median of hours reads as 0.2 days, not 0.
      medianDays: row.medianDays === null ? null : Math.round(Number(row.medianDays) * 10) / 10,
    })),
  };
}
