import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { filsToAed } from '@oasis/shared/format';
import { type MyOrders, myOrdersSchema } from '@oasis/shared/invoices';
import { orderReference } from '@oasis/shared/payments';
import {
  documentTotals,
  formatDocumentNumber,
  lineAmounts,
  type TaxDocument,
  type TaxDocumentLine,
} from '@oasis/shared/tax-documents';
import { isBusinessBuyer } from '@oasis/shared/vat';
import type { Db } from '../../db/client.ts';
import { courses, documentSeries, orders, taxDocuments } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { getVatSettings } from '../settings/vat.ts';
import { renderTaxDocumentPdf } from './pdf.ts';

/**
 * Tax invoices (docs/product.md#tax-invoices): issued when a VAT-registered seller's order is paid,
 * inside the transaction that marks it paid; stored once and never changed; drawn as a PDF after.
 */

type OrderRow = typeof orders.$inferSelect;
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/** The documents' series; each has its own row in `document_series` from its first number on. */
export type DocumentSeries = 'INV' | 'CN';

/**
 * The next number of `series`, taken inside the caller's transaction: one statement that adds 1 to
 * the series' row (made at 1 on first use) and returns the number taken. Concurrent transactions
 * wait on the row in turn, and one that rolls back gives its number back, so numbers have no gap
 * and no repeat.
 */
export async function takeDocumentNumber(tx: Db, series: DocumentSeries): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ series, next: 2 })
    .onConflictDoUpdate({ target: documentSeries.series, set: { next: sql`${documentSeries.next} + 1` } })
    .returning({ next: documentSeries.next });
  if (!row) throw new Error(`document series ${series} returned no row`);
  return row.next - 1;
}

/**
 * Issues the invoice of an order that has just been marked paid, in the same transaction `tx`;
 * null when the seller is not registered for VAT or nothing was charged (nothing to invoice).
 */
export async function issueInvoice(tx: Db, order: OrderRow, issuedAt: Date): Promise<string | null> {
  const vat = await getVatSettings(tx);
  if (!vat.registered || order.amountFils <= 0) return null;
  const [course] = await tx
    .select({ title: courses.title, titleAr: courses.titleAr })
    .from(courses)
    .where(eq(courses.id, order.courseId));
  const arabic = order.locale === 'ar';
  const pick = (english: string, arabicText: string) => (arabic && arabicText.trim() ? arabicText : english);
  const buyerCountry = order.buyerCountry ?? 'AE';
  const treatment = buyerCountry === 'AE' ? 'standard' : 'out_of_scope';
  const gross = order.amountFils;
  const line: TaxDocumentLine = {
    description: pick(course?.title ?? '', course?.titleAr ?? ''),
    listPriceFils: order.listPriceFils ?? gross + order.discountFils,
    discountFils: order.discountFils,
    grossFils: gross,
    ...lineAmounts(gross, treatment),
    treatment,
  };
  const business = isBusinessBuyer({ company: order.buyerCompany, address: order.buyerAddress, trn: order.buyerTrn });
  const number = formatDocumentNumber('INV', await takeDocumentNumber(tx, 'INV'));
  const document: TaxDocument = {
    kind: 'invoice',
    form: business ? 'full' : 'simplified',
    number,
    issuedAt: issuedAt.toISOString(),
    locale: order.locale,
    currency: 'AED',
    seller: {
      name: pick(vat.legalName, vat.legalNameAr),
      address: pick(vat.address, vat.addressAr),
      trn: vat.trn,
      country: 'AE',
    },
    buyer: business
      ? {
          name: order.buyerCompany ?? '',
          address: order.buyerAddress ?? '',
          trn: order.buyerTrn,
          country: buyerCountry,
        }
      : null,
    buyerCountry,
    orderId: order.id,
    lines: [line],
    totals: documentTotals([line]),
    creditOf: null,
  };
  const [row] = await tx
    .insert(taxDocuments)
    .values({ kind: 'invoice', number, orderId: order.id, issuedAt, document })
    .returning({ id: taxDocuments.id });
  return row?.id ?? null;
}

/** The PDF of a stored document: the stored bytes, or drawn now and stored (the first download). */
export async function taxDocumentPdf(db: Db, id: string): Promise<{ number: string; pdf: Buffer } | null> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  if (!row) return null;
  if (row.pdf) return { number: row.number, pdf: row.pdf };
  const pdf = await renderTaxDocumentPdf(row.document);
  // Only where still missing: the document never changes, so any copy drawn of it is the same.
  await db
    .update(taxDocuments)
    .set({ pdf })
    .where(and(eq(taxDocuments.id, id), sql`${taxDocuments.pdf} is null`));
  return { number: row.number, pdf };
}

/**
 * Draws and stores a just-issued document's PDF after its transaction. A failure is logged, not
 * thrown: the payment is confirmed either way, and the e-mail or a download draws it again.
 */
export async function storeTaxDocumentPdf(deps: Pick<Deps, 'db' | 'log'>, id: string): Promise<void> {
  try {
    await taxDocumentPdf(deps.db, id);
  } catch (error) {
    deps.log.error({ err: error, taxDocumentId: id }, 'tax document PDF could not be drawn; drawn again when needed');
  }
}

/** The invoice numbers of the given orders, by order id. */
export async function invoiceNumbers(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: taxDocuments.orderId, number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, 'invoice'), inArray(taxDocuments.orderId, [...orderIds])));
  return new Map(rows.map((row) => [row.orderId, row.number]));
}

/** Who asks for an invoice: its buyer, or an admin signed in at the admin's sign-in. */
export interface InvoiceViewer {
  id: string;
  admin: boolean;
}

/**
 * `GET /api/orders/{id}/invoice.pdf`: the order's invoice for its buyer or an admin. Anyone else,
 * like an order without an invoice, is answered 404, so order ids are not confirmed to strangers.
 */
export async function invoicePdfForOrder(db: Db, viewer: InvoiceViewer, orderId: string) {
  const [row] = await db
    .select({ id: taxDocuments.id, buyer: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  if (!row || (row.buyer !== viewer.id && !viewer.admin)) throw notFound('tax.invoiceNotFound');
  const found = await taxDocumentPdf(db, row.id);
  if (!found) throw notFound('tax.invoiceNotFound');
  return found;
}

/** `GET /api/orders`: the learner's own orders, newest first, each with its invoice's number. */
export async function listMyOrders(db: Db, userId: string): Promise<MyOrders> {
  const rows = await db
    .select({
      order: orders,
      course: { _id: courses.id, slug: courses.slug, title: courses.title, titleAr: courses.titleAr },
      invoice: taxDocuments.number,
    })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice')))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  return myOrdersSchema.parse({
    orders: rows.map(({ order, course, invoice }) => ({
      _id: order.id,
      reference: orderReference(order.id),
      course,
      createdAt: order.createdAt.toISOString(),
      amount: filsToAed(order.amountFils),
      listPrice: filsToAed(order.listPriceFils ?? order.amountFils + order.discountFils),
      discount: filsToAed(order.discountFils),
      status: order.status,
      invoice: invoice ? { number: invoice } : null,
    })),
  });
}
