import { and, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  bucketStarts,
  REVENUE_TOP_CODES,
  REVENUE_TOP_COURSES,
  type RevenueBucket,
  type RevenueGranularity,
  type RevenueReport,
} from '@oasis/shared/admin/revenue';
import type { Db } from '../../db/client.ts';
import { courses, orders, refunds, taxDocuments } from '../../db/schema.ts';

/**
 * The owner's revenue over a range of Dubai days (docs/product.md#revenue), in four queries that
 * each read an index range: paid orders by `orders_status_paid_idx`, succeeded refunds by
 * `refunds_completed_idx`. The buckets are counted in SQL; the empty ones are filled in here.
 *
 * VAT comes from the documents: a sale's from its invoice, a refund's from its credit note; a sale
 * without an invoice (a seller not registered for VAT) or a refund without a credit note holds none.
 */
export async function getRevenue(
  db: Db,
  query: { from: string; to: string; by: RevenueGranularity },
): Promise<RevenueReport> {
  const { start, end } = dubaiDayRange(query.from, query.to);
  const paidInRange = and(eq(orders.status, 'paid'), gte(orders.paidAt, start), lt(orders.paidAt, end));
  const refundedInRange = and(
    eq(refunds.status, 'succeeded'),
    gte(refunds.completedAt, start),
    lt(refunds.completedAt, end),
  );
  const saleVat = sql<number>`coalesce((${taxDocuments.document}->'totals'->>'vatFils')::bigint, 0)`;
  const refundVat = sql<number>`coalesce((${creditNotes.document}->'totals'->>'vatFils')::bigint, 0)`;
  const saleBucket = dubaiBucket(orders.paidAt, query.by);
  const refundBucket = dubaiBucket(refunds.completedAt, query.by);
  const invoiceOf = and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice'));

  const [sales, refunded, codes, topCourses] = await Promise.all([
    db
      .select({
        bucket: saleBucket,
        orders: sql<string>`count(*)`,
        grossFils: sql<string>`coalesce(sum(${orders.amountFils}), 0)`,
        vatFils: sql<string>`coalesce(sum(${saleVat}), 0)`,
      })
      .from(orders)
      .leftJoin(taxDocuments, invoiceOf)
      .where(paidInRange)
      .groupBy(saleBucket),
    db
      .select({
        bucket: refundBucket,
        refunds: sql<string>`count(*)`,
        refundsFils: sql<string>`coalesce(sum(${refunds.amountFils}), 0)`,
        refundsVatFils: sql<string>`coalesce(sum(${refundVat}), 0)`,
      })
      .from(refunds)
      .leftJoin(creditNotes, creditNoteOf)
      .where(refundedInRange)
      .groupBy(refundBucket),
    // Every code used in the range (a handful): the totals are their sum, the top list their head.
    db
      .select({
        code: sql<string>`${orders.couponCode}`,
        orders: sql<string>`count(*)`,
        discountFils: sql<string>`coalesce(sum(${orders.discountFils}), 0)`,
      })
      .from(orders)
      .where(and(paidInRange, isNotNull(orders.couponCode)))
      .groupBy(orders.couponCode)
      .orderBy(desc(sql`count(*)`), desc(sql`sum(${orders.discountFils})`), orders.couponCode),
    topCoursesByNet(db, paidInRange, refundedInRange, saleVat, refundVat),
  ]);

  const buckets = new Map<string, RevenueBucket>(
    bucketStarts(query.from, query.to, query.by).map((day) => [day, emptyBucket(day)]),
  );
  for (const row of sales) {
    const bucket = buckets.get(row.bucket);
    if (!bucket) continue;
    bucket.orders = Number(row.orders);
    bucket.grossFils = Number(row.grossFils);
    bucket.vatFils = Number(row.vatFils);
  }
  for (const row of refunded) {
    const bucket = buckets.get(row.bucket);
    if (!bucket) continue;
    bucket.refunds = Number(row.refunds);
    bucket.refundsFils = Number(row.refundsFils);
    bucket.refundsVatFils = Number(row.refundsVatFils);
  }
  const list = [...buckets.values()].map((b) => ({ ...b, netFils: netOf(b) }));
  const totals = emptyBucket('');
  for (const b of list) {
    totals.orders += b.orders;
    totals.grossFils += b.grossFils;
    totals.vatFils += b.vatFils;
    totals.refunds += b.refunds;
    totals.refundsFils += b.refundsFils;
    totals.refundsVatFils += b.refundsVatFils;
  }
  const { start: _start, ...totalFigures } = { ...totals, netFils: netOf(totals) };
  const codeRows = codes.map((row) => ({
    code: row.code,
    orders: Number(row.orders),
    discountFils: Number(row.discountFils),
  }));

  return {
    from: query.from,
    to: query.to,
    by: query.by,
    buckets: list,
    totals: totalFigures,
    coupons: {
      orders: codeRows.reduce((sum, row) => sum + row.orders, 0),
      discountFils: codeRows.reduce((sum, row) => sum + row.discountFils, 0),
      topCodes: codeRows.slice(0, REVENUE_TOP_CODES),
    },
    topCourses,
  };
}

/** Tax documents joined a second time, as the credit note a refund caused. */
const creditNotes = alias(taxDocuments, 'credit_notes');
const creditNoteOf = eq(creditNotes.id, refunds.creditNoteId);

/** The courses with most net revenue: their sales in the range less the refunds that succeeded in it. */
async function topCoursesByNet(
  db: Db,
  paidInRange: SQL | undefined,
  refundedInRange: SQL | undefined,
  saleVat: SQL,
  refundVat: SQL,
) {
  const sales = db
    .select({
      courseId: orders.courseId,
      sale: sql<number>`1`.as('sale'),
      netFils: sql<number>`${orders.amountFils} - ${saleVat}`.as('net_fils'),
    })
    .from(orders)
    .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice')))
    .where(paidInRange);
  const refunded = db
    .select({
      courseId: orders.courseId,
      sale: sql<number>`0`.as('sale'),
      netFils: sql<number>`${refundVat} - ${refunds.amountFils}`.as('net_fils'),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(creditNotes, creditNoteOf)
    .where(refundedInRange);
  const moves = sales.unionAll(refunded).as('moves');
  const rows = await db
    .select({
      courseId: moves.courseId,
      title: courses.title,
      titleAr: courses.titleAr,
      orders: sql<string>`sum(${moves.sale})`,
      netFils: sql<string>`sum(${moves.netFils})`,
    })
    .from(moves)
    .innerJoin(courses, eq(courses.id, moves.courseId))
    .groupBy(moves.courseId, courses.title, courses.titleAr)
    .orderBy(desc(sql`sum(${moves.netFils})`), courses.title)
    .limit(REVENUE_TOP_COURSES);
  return rows.map((row) => ({ ...row, orders: Number(row.orders), netFils: Number(row.netFils) }));
}

/** Written into the query as literals (one text for SELECT and GROUP BY): fixed texts, never input. */
const DUBAI_OFFSET = sql.raw("interval '4 hours'");
const UNITS: Record<RevenueGranularity, SQL> = {
  day: sql.raw("'day'"),
  week: sql.raw("'week'"),
  month: sql.raw("'month'"),
};

/**
 * The first Dubai day of the bucket an instant falls in, as `YYYY-MM-DD`: the instant moved to
 * Dubai's wall clock (UTC+4 all year), then cut to its day, ISO week (from Monday) or month.
 */
function dubaiBucket(column: PgColumn, by: RevenueGranularity): SQL<string> {
  return sql<string>`to_char(date_trunc(${UNITS[by]}, timezone('UTC', ${column}) + ${DUBAI_OFFSET}), 'YYYY-MM-DD')`;
}

/** The instants a range of Dubai days covers: from midnight of `from` to midnight after `to`. */
export function dubaiDayRange(from: string, to: string): { start: Date; end: Date } {
  const start = new Date(`${from}T00:00:00+04:00`);
  const end = new Date(`${to}T00:00:00+04:00`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

function emptyBucket(start: string): RevenueBucket {
  return { start, orders: 0, grossFils: 0, vatFils: 0, refunds: 0, refundsFils: 0, refundsVatFils: 0, netFils: 0 };
}

function netOf(b: RevenueBucket): number {
  return b.grossFils - b.vatFils - (b.refundsFils - b.refundsVatFils);
}
