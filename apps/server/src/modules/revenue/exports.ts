import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dateToDubaiLocal } from '@oasis/shared/dubai-time';
import type { ExportKind } from '@oasis/shared/admin/revenue';
import type { TaxDocument } from '@oasis/shared/tax-documents';
import type { Db } from '../../db/client.ts';
import { courses, orders, taxDocuments, users } from '../../db/schema.ts';
import { toCsv } from '../../lib/csv.ts';
import { keyText, type RowKey } from '../../lib/keyset.ts';
import { dubaiDayRange } from './service.ts';

/**
 * CSV exports for the accountant (docs/product.md#revenue): orders by the day they were placed,
 * invoices and credit notes by the day they were issued, oldest first. Each is read in batches that
 * follow the last row seen (its date, then its id), never by OFFSET, and written batch by batch:
 * the export holds one batch at a time however many rows the range has. Every cell goes through
 * `csvCell` (lib/csv.ts). Dates are Dubai wall-clock times; amounts are AED with two decimals.
 */
export const EXPORT_BATCH_ROWS = 1000;

export function exportCsv(
  db: Db,
  kind: ExportKind,
  range: { from: string; to: string },
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<string> {
  if (kind === 'orders') return exportOrders(db, range, batchRows);
  return exportDocuments(db, kind === 'invoices' ? 'invoice' : 'credit_note', range, batchRows);
}

const ORDER_HEADER = [
  'Order',
  'Placed (Dubai)',
  'Paid (Dubai)',
  'Status',
  'Buyer',
  'E-mail',
  'Course',
  'List price (AED)',
  'Discount (AED)',
  'Coupon',
  'Amount (AED)',
  'Refunded (AED)',
  'Buyer country',
  'Provider',
  'Provider reference',
  'Invoice',
];

async function* exportOrders(db: Db, range: { from: string; to: string }, batchRows: number) {
  yield toCsv([ORDER_HEADER]);
  const { start, end } = dubaiDayRange(range.from, range.to);
  const where = and(gte(orders.createdAt, start), lt(orders.createdAt, end));
  yield* inBatches(batchRows, orders.createdAt, orders.id, async (after) => {
    const rows = await db
      .select({
        order: orders,
        at: keyText(orders.createdAt),
        buyer: users.name,
        course: courses.title,
        invoice: taxDocuments.number,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(courses, eq(courses.id, orders.courseId))
      .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice')))
      .where(and(where, after))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchRows);
    return {
      rows: rows.map(({ order, buyer, course, invoice }) => [
        order.id,
        dubaiTime(order.createdAt),
        order.paidAt ? dubaiTime(order.paidAt) : '',
        order.status,
        buyer,
        order.email,
        course,
        aed(order.listPriceFils ?? order.amountFils + order.discountFils),
        aed(order.discountFils),
        order.couponCode ?? '',
        aed(order.amountFils),
        aed(order.refundedFils),
        order.buyerCountry ?? '',
        order.provider,
        order.providerRef ?? '',
        invoice ?? '',
      ]),
      last: rows.length > 0 ? keyOf(rows[rows.length - 1]?.at, rows[rows.length - 1]?.order.id) : null,
    };
  });
}

const INVOICE_HEADER = [
  'Invoice',
  'Date (Dubai)',
  'Form',
  'Buyer',
  'Buyer TRN',
  'Country',
  'Net (AED)',
  'VAT (AED)',
  'Gross (AED)',
  'Out of scope (AED)',
  'Order',
];
const CREDIT_NOTE_HEADER = [
  'Credit note',
  'Date (Dubai)',
  'Invoice corrected',
  'Net (AED)',
  'VAT (AED)',
  'Gross difference (AED)',
  'Reason',
  'Order',
];

async function* exportDocuments(
  db: Db,
  kind: 'invoice' | 'credit_note',
  range: { from: string; to: string },
  batchRows: number,
) {
  yield toCsv([kind === 'invoice' ? INVOICE_HEADER : CREDIT_NOTE_HEADER]);
  const { start, end } = dubaiDayRange(range.from, range.to);
  const where = and(eq(taxDocuments.kind, kind), gte(taxDocuments.issuedAt, start), lt(taxDocuments.issuedAt, end));
  yield* inBatches(batchRows, taxDocuments.issuedAt, taxDocuments.id, async (after) => {
    const rows = await db
      .select({
        id: taxDocuments.id,
        at: keyText(taxDocuments.issuedAt),
        document: taxDocuments.document,
        issuedAt: taxDocuments.issuedAt,
        buyer: users.name,
      })
      .from(taxDocuments)
      .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, after))
      .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
      .limit(batchRows);
    return {
      rows: rows.map((row) =>
        kind === 'invoice'
          ? invoiceRow(row.document, row.issuedAt, row.buyer)
          : creditNoteRow(row.document, row.issuedAt),
      ),
      last: rows.length > 0 ? keyOf(rows[rows.length - 1]?.at, rows[rows.length - 1]?.id) : null,
    };
  });
}

/** A consumer's invoice names no buyer party: the account's name stands in for it. */
function invoiceRow(doc: TaxDocument, issuedAt: Date, accountName: string): string[] {
  const outOfScope = doc.lines
    .filter((line) => line.treatment === 'out_of_scope')
    .reduce((sum, line) => sum + line.grossFils, 0);
  return [
    doc.number,
    dubaiTime(issuedAt),
    doc.form,
    doc.buyer?.name ?? accountName,
    doc.buyer?.trn ?? '',
    doc.buyerCountry,
    aed(doc.totals.netFils),
    aed(doc.totals.vatFils),
    aed(doc.totals.grossFils),
    aed(outOfScope),
    doc.orderId,
  ];
}

/** A credit note's amounts are what it takes back, written as positive numbers. */
function creditNoteRow(doc: TaxDocument, issuedAt: Date): string[] {
  return [
    doc.number,
    dubaiTime(issuedAt),
    doc.creditOf?.invoiceNumber ?? '',
    aed(Math.abs(doc.totals.netFils)),
    aed(Math.abs(doc.totals.vatFils)),
    aed(Math.abs(doc.totals.grossFils)),
    doc.creditOf?.reason ?? '',
    doc.orderId,
  ];
}

/**
 * Reads batch after batch, each starting after the last row of the one before, and yields each as
 * CSV text; stops after a short batch.
 */
async function* inBatches(
  batchRows: number,
  at: PgColumn,
  id: PgColumn,
  read: (after: SQL | undefined) => Promise<{ rows: string[][]; last: RowKey | null }>,
): AsyncGenerator<string> {
  let after: SQL | undefined;
  for (;;) {
    const { rows, last } = await read(after);
    if (rows.length > 0) yield toCsv(rows);
    if (rows.length < batchRows || !last) return;
    after = sql`(${at}, ${id}) > (${last.at}::timestamptz, ${last.id})`;
  }
}

function keyOf(at: string | undefined, id: string | undefined): RowKey | null {
  return at && id ? { at, id } : null;
}

/** `YYYY-MM-DD HH:mm` on a Dubai clock. */
function dubaiTime(date: Date): string {
  return dateToDubaiLocal(date).replace('T', ' ');
}

/** Fils as AED with two decimals, exactly (no float on the way). */
export function aed(fils: number): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fils));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
