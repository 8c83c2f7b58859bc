import { and, eq } from 'drizzle-orm';
import { creditLineAmounts } from '@oasis/shared/refunds';
import {
  documentTotals,
  formatDocumentNumber,
  type TaxDocument,
  type TaxDocumentLine,
} from '@oasis/shared/tax-documents';
import type { Db } from '../../db/client.ts';
import { orders, taxDocuments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { type InvoiceViewer, taxDocumentPdf, takeDocumentNumber } from './service.ts';

/**
 * Tax credit notes (docs/product.md#refunds): one per succeeded refund of an invoiced order, from
 * the `CN` series, issued inside the transaction that applies the refund. The invoice is never
 * changed; the note refers to it and says the amounts before and after, and the VAT on the
 * difference.
 */

type OrderRow = typeof orders.$inferSelect;

export interface CreditNoteInput {
  /** What this refund gives back, and what earlier succeeded refunds of the order gave back. */
  amountFils: number;
  refundedBeforeFils: number;
  reason: string;
}

/**
 * Issues the credit note of a refund in `tx`; null when the order has no invoice (the seller was not
 * registered for VAT when it was paid, or it was free). Seller, buyer, form and language are the
 * invoice's: the note corrects that document.
 */
export async function issueCreditNote(
  tx: Db,
  order: OrderRow,
  input: CreditNoteInput,
  issuedAt: Date,
): Promise<string | null> {
  const [invoice] = await tx
    .select({ number: taxDocuments.number, issuedAt: taxDocuments.issuedAt, document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
  if (!invoice) return null;
  const original = invoice.document;
  const invoiceLine = original.lines[0];
  if (!invoiceLine) return null;
  const before = order.amountFils - input.refundedBeforeFils;
  const after = before - input.amountFils;
  const amounts = creditLineAmounts(before, after, invoiceLine.treatment, invoiceLine.vatRatePercent);
  const line: TaxDocumentLine = {
    description: invoiceLine.description,
    listPriceFils: amounts.grossFils,
    discountFils: 0,
    treatment: invoiceLine.treatment,
    ...amounts,
  };
  const number = formatDocumentNumber('CN', await takeDocumentNumber(tx, 'CN'));
  const document: TaxDocument = {
    kind: 'credit_note',
    form: original.form,
    number,
    issuedAt: issuedAt.toISOString(),
    locale: original.locale,
    currency: 'AED',
    seller: original.seller,
    buyer: original.buyer,
    buyerCountry: original.buyerCountry,
    orderId: order.id,
    lines: [line],
    totals: documentTotals([line]),
    creditOf: {
      invoiceNumber: invoice.number,
      invoiceIssuedAt: invoice.issuedAt.toISOString(),
      originalGrossFils: before,
      correctedGrossFils: after,
      reason: input.reason,
    },
  };
  const [row] = await tx
    .insert(taxDocuments)
    .values({ kind: 'credit_note', number, orderId: order.id, issuedAt, document })
    .returning({ id: taxDocuments.id });
  return row?.id ?? null;
}

/**
 * `GET /api/orders/{id}/credit-notes/{docId}.pdf`: a credit note of the order for its buyer or an
 * admin; anything else is answered 404, so ids are not confirmed to strangers.
 */
export async function creditNotePdfForOrder(db: Db, viewer: InvoiceViewer, orderId: string, documentId: string) {
  const [row] = await db
    .select({ id: taxDocuments.id, buyer: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(
      and(eq(taxDocuments.id, documentId), eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')),
    );
  if (!row || (row.buyer !== viewer.id && !viewer.admin)) throw notFound('tax.creditNoteNotFound');
  const found = await taxDocumentPdf(db, row.id);
  if (!found) throw notFound('tax.creditNoteNotFound');
  return found;
}
