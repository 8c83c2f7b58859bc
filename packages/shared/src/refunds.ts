import { z } from 'zod';
import { requiredText } from './text-fields.ts';
import { type TaxDocumentLine, type VatTreatment, vatInsideGross } from './tax-documents.ts';

/**
 * Refunds of paid orders and the tax credit notes they cause (docs/product.md#refunds). Money in
 * the API is AED; the server turns it into fils and enforces every rule again.
 */

/** The longest reason a refund may give (it is printed on the credit note). */
export const REFUND_REASON_MAX = 300;

/** `POST /api/admin/orders/{id}/refunds`: how much to give back (AED, up to what remains) and why. */
export const refundInputSchema = z.object({
  amount: z
    .number({ error: 'tax.refundAmountInvalid' })
    .positive({ error: 'tax.refundAmountInvalid' })
    .max(10_000_000, { error: 'tax.refundAmountInvalid' })
    // Whole fils only: 12.345 AED is not an amount a provider can give back.
    .refine((aed) => Math.abs(Math.round(aed * 100) - aed * 100) < 1e-6, { error: 'tax.refundAmountInvalid' }),
  reason: requiredText(REFUND_REASON_MAX, 'tax.refundReasonRequired', 'tax.refundReasonTooLong'),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** A refund as the admin's answer shows it. */
export const refundSchema = z.object({
  _id: z.string(),
  /** AED. */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  origin: z.enum(['owner', 'provider']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The credit note it caused (registered seller, invoiced order). */
  creditNote: z.object({ _id: z.string(), number: z.string() }).nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A credit note as lists show it; downloaded at `creditNotePath(orderId, _id)`. */
export const creditNoteRefSchema = z.object({ _id: z.string(), number: z.string() });

/** How much of an order has been given back: none, part of it, or all of it. */
export type RefundState = 'none' | 'partly_refunded' | 'refunded';

export function refundState(amountFils: number, refundedFils: number): RefundState {
  if (refundedFils <= 0 || amountFils <= 0) return 'none';
  return refundedFils >= amountFils ? 'refunded' : 'partly_refunded';
}

/** What the owner does to the learner's access when an order is refunded in full. */
export const REFUND_ACCESS = ['revoke', 'keep'] as const;
export type RefundAccess = (typeof REFUND_ACCESS)[number];
export const refundSettingsSchema = z.object({ access: z.enum(REFUND_ACCESS) });
export type RefundSettings = z.infer<typeof refundSettingsSchema>;

/**
 * The line of a credit note that lowers an order's gross from `grossBeforeFils` to
 * `grossAfterFils`: the difference, and as its VAT the VAT of the gross before less the VAT of the
 * gross after (each the rounded VAT of a whole amount). However a full refund is split, the notes'
 * VAT then adds up to the invoice's VAT exactly, and so does their net.
 */
export function creditLineAmounts(
  grossBeforeFils: number,
  grossAfterFils: number,
  treatment: VatTreatment,
  ratePercent: number,
): Pick<TaxDocumentLine, 'grossFils' | 'netFils' | 'vatFils' | 'vatRatePercent'> {
  const rate = treatment === 'standard' ? ratePercent : 0;
  const grossFils = grossBeforeFils - grossAfterFils;
  const vatFils = vatInsideGross(grossBeforeFils, rate) - vatInsideGross(grossAfterFils, rate);
  return { grossFils, netFils: grossFils - vatFils, vatFils, vatRatePercent: rate };
}

/** Where a credit note of an order is downloaded (its buyer, or an admin). */
export function creditNotePath(orderId: string, documentId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(documentId)}.pdf`;
}
