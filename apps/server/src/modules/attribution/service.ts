import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { AttributionDimension, AttributionModel, AttributionReport } from '@oasis/shared/attribution';
import type { Locale } from '@oasis/shared/i18n';
import type { Db } from '../../db/client.ts';
import { leads, orders, refunds, taxDocuments, users, whatsappClicks } from '../../db/schema.ts';
import { dubaiDayRange } from '../revenue/service.ts';

/** Lead kinds that are bookings of the owner's time (consultation requests). */
const BOOKING_KINDS = ['consultation'] as const;

type Figures = AttributionReport['totals'];
const emptyFigures = (): Figures => ({ leads: 0, bookings: 0, registrations: 0, sales: 0, netFils: 0 });

/** The column a table groups by for the chosen touch and dimension (db/schema.ts `attributionColumns`). */
function groupColumn(
  table: typeof leads | typeof users | typeof orders,
  touch: AttributionModel,
  by: AttributionDimension,
): PgColumn {
  const columns = {
    first: { channel: table.firstChannel, source: table.firstSource, campaign: table.firstCampaign },
    last: { channel: table.lastChannel, source: table.lastSource, campaign: table.lastCampaign },
  };
  return columns[touch][by];
}

const creditNotes = alias(taxDocuments, 'credit_notes');

/**
 * The attribution report (docs/product.md#attribution): over a range of Dubai days, leads (and the
 * consultation requests among them) and registrations by the day they were made, sales by the day
 * they were paid, net revenue as the revenue report counts it (paid less VAT, less refunds that
 * succeeded in the range and their VAT), each by the chosen touch's channel, source or campaign.
 */
export async function getAttributionReport(
  db: Db,
  query: { from: string; to: string; touch: AttributionModel; by: AttributionDimension },
): Promise<AttributionReport> {
  const { start, end } = dubaiDayRange(query.from, query.to);
  const leadKey = groupColumn(leads, query.touch, query.by);
  const userKey = groupColumn(users, query.touch, query.by);
  const orderKey = groupColumn(orders, query.touch, query.by);
  const saleVat = sql`coalesce((${taxDocuments.document}->'totals'->>'vatFils')::bigint, 0)`;
  const refundVat = sql`coalesce((${creditNotes.document}->'totals'->>'vatFils')::bigint, 0)`;

  const [leadRows, userRows, saleRows, refundRows, clickRows] = await Promise.all([
    db
      .select({
        value: leadKey,
        leads: sql<string>`count(*)`,
        bookings: sql<string>`count(*) filter (where ${inArray(leads.kind, [...BOOKING_KINDS])})`,
      })
      .from(leads)
      .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end)))
      .groupBy(leadKey),
    db
      .select({ value: userKey, registrations: sql<string>`count(*)` })
      .from(users)
      .where(and(eq(users.role, 'learner'), gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(userKey),
    db
      .select({
        value: orderKey,
        sales: sql<string>`count(*)`,
        netFils: sql<string>`coalesce(sum(${orders.amountFils} - ${saleVat}), 0)`,
      })
      .from(orders)
      .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice')))
      .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .groupBy(orderKey),
    db
      .select({ value: orderKey, netFils: sql<string>`coalesce(sum(${refunds.amountFils} - ${refundVat}), 0)` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.completedAt, start), lt(refunds.completedAt, end)))
      .groupBy(orderKey),
    db
      .select({ page: whatsappClicks.page, clicks: sql<string>`sum(${whatsappClicks.clicks})` })
      .from(whatsappClicks)
      .where(and(gte(whatsappClicks.day, query.from), lt(whatsappClicks.day, nextDay(query.to))))
      .groupBy(whatsappClicks.page)
      .orderBy(desc(sql`sum(${whatsappClicks.clicks})`), whatsappClicks.page)
      .limit(50),
  ]);

  const rows = new Map<string | null, Figures>();
  const row = (value: string | null) => {
    const figures = rows.get(value) ?? emptyFigures();
    rows.set(value, figures);
    return figures;
  };
  for (const r of leadRows) Object.assign(row(r.value), { leads: Number(r.leads), bookings: Number(r.bookings) });
  for (const r of userRows) row(r.value).registrations = Number(r.registrations);
  for (const r of saleRows) Object.assign(row(r.value), { sales: Number(r.sales), netFils: Number(r.netFils) });
  for (const r of refundRows) row(r.value).netFils -= Number(r.netFils);

  const totals = emptyFigures();
  for (const figures of rows.values())
    for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += figures[key];
  const list = [...rows.entries()]
    .map(([value, figures]) => ({ value, ...figures }))
    .sort((a, b) => b.leads - a.leads || b.netFils - a.netFils || String(a.value).localeCompare(String(b.value)));
  return {
    from: query.from,
    to: query.to,
    touch: query.touch,
    by: query.by,
    rows: list,
    totals,
    whatsapp: clickRows.map((r) => ({ page: r.page, clicks: Number(r.clicks) })),
  };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The report as CSV rows (a header, the rows, the total), amounts in AED with two decimals. */
export function attributionCsvRows(report: AttributionReport): string[][] {
  const aed = (fils: number) => (fils / 100).toFixed(2);
  const header = [
    report.by === 'channel' ? 'Channel' : report.by === 'source' ? 'Source' : 'Campaign',
    'Leads',
    'Consultations',
    'Registrations',
    'Sales',
    'Net revenue (AED)',
  ];
  const line = (value: string, f: Figures) => [
    value,
    String(f.leads),
    String(f.bookings),
    String(f.registrations),
    String(f.sales),
    aed(f.netFils),
  ];
  return [header, ...report.rows.map((r) => line(r.value ?? '(not recorded)', r)), line('Total', report.totals)];
}

/** Dubai's calendar day of `at` (UTC+4, no daylight saving). */
export function dubaiDay(at: Date): string {
  return new Date(at.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
}

/** One press of the WhatsApp button on `page`: today's counter for the page goes up by one. */
export async function countWhatsappPress(db: Db, page: string, at = new Date()): Promise<void> {
  await db
    .insert(whatsappClicks)
    .values({ day: dubaiDay(at), page, clicks: 1 })
    .onConflictDoUpdate({
      target: [whatsappClicks.day, whatsappClicks.page],
      set: { clicks: sql`${whatsappClicks.clicks} + 1` },
    });
}

/** The page's language from its path (`/ar/...` is Arabic). */
export function pageLocale(page: string): Locale {
  return page === '/ar' || page.startsWith('/ar/') ? 'ar' : 'en';
}
