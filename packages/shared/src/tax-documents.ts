import type { Locale } from './i18n/locales.ts';

/**
 * UAE VAT on course sales (docs/product.md#tax-invoices): the one rule for the VAT inside a price,
 * and the shape of a tax invoice or credit note as it is stored, drawn as a PDF and mapped to
 * e-invoicing data. Consumer prices include VAT; the server computes every amount here.
 */
export const UAE_VAT_RATE_PERCENT = 5;

/** A UAE Tax Registration Number: 15 digits. */
export const TRN_PATTERN = /^\d{15}$/;

/**
 * How VAT applies to a line: `standard` (5 % inside the price), `out_of_scope` (a buyer outside the
 * UAE: same price, no VAT, the invoice says so), `not_registered` (the seller charges no VAT).
 */
export const VAT_TREATMENTS = ['standard', 'out_of_scope', 'not_registered'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/**
 * The VAT inside a VAT-inclusive amount in fils: gross × rate / (100 + rate), rounded half up to the
 * fils, in integers so that no float decides a half. 105.00 AED holds 5.00 AED; 99.95 AED holds
 * 4.759 AED, so 476 fils.
 */
export function vatInsideGross(grossFils: number, ratePercent: number = UAE_VAT_RATE_PERCENT): number {
  if (grossFils <= 0 || ratePercent <= 0) return 0;
  const divisor = 100 + ratePercent;
  return Math.floor((2 * grossFils * ratePercent + divisor) / (2 * divisor));
}

/** One line's amounts: net + VAT = gross, VAT only under the standard treatment. */
export function lineAmounts(
  grossFils: number,
  treatment: VatTreatment,
): { netFils: number; vatFils: number; vatRatePercent: number } {
  const vatRatePercent = treatment === 'standard' ? UAE_VAT_RATE_PERCENT : 0;
  const vatFils = vatInsideGross(grossFils, vatRatePercent);
  return { netFils: grossFils - vatFils, vatFils, vatRatePercent };
}

/** The seller or a business buyer as printed on the document (a snapshot: later edits do not change it). */
export interface TaxParty {
  name: string;
  address: string;
  /** 15 digits; null for a consumer buyer. */
  trn: string | null;
  /** ISO 3166-1 alpha-2, e.g. 'AE'. */
  country: string;
}

/** One line of a document. For a credit note the amounts are the difference (what is refunded). */
export interface TaxDocumentLine {
  description: string;
  /** The course's price before the discount, and the discount (0 on a credit note). */
  listPriceFils: number;
  discountFils: number;
  /** After the discount, VAT included; net + VAT = gross. */
  grossFils: number;
  netFils: number;
  vatFils: number;
  vatRatePercent: number;
  treatment: VatTreatment;
}

/** What a credit note corrects: the invoice it refers to and the amounts before and after. */
export interface CreditReference {
  invoiceNumber: string;
  /** ISO date-time of the invoice. */
  invoiceIssuedAt: string;
  originalGrossFils: number;
  correctedGrossFils: number;
  reason: string;
}

/**
 * A tax invoice or tax credit note as stored (immutable once issued). `form` is `simplified` for a
 * consumer and `full` for a buyer who gave a company name, address and TRN. `locale` is the
 * language of the checkout: an Arabic buyer gets the document in Arabic, an English one in English
 * with Arabic headings.
 */
export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  form: 'simplified' | 'full';
  /** From the kind's own gap-free series, e.g. 'INV-000042', 'CN-000003'. */
  number: string;
  /** ISO date-time of issue. */
  issuedAt: string;
  locale: Locale;
  currency: 'AED';
  seller: TaxParty;
  /** The business buyer on a full document; on a simplified one the buyer's country only. */
  buyer: TaxParty | null;
  buyerCountry: string;
  orderId: string;
  lines: TaxDocumentLine[];
  totals: { netFils: number; vatFils: number; grossFils: number; discountFils: number };
  creditOf: CreditReference | null;
}

/** The document's totals from its lines. */
export function documentTotals(lines: readonly TaxDocumentLine[]): TaxDocument['totals'] {
  const sum = (pick: (line: TaxDocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    netFils: sum((l) => l.netFils),
    vatFils: sum((l) => l.vatFils),
    grossFils: sum((l) => l.grossFils),
    discountFils: sum((l) => l.discountFils),
  };
}

/** A series number as printed: the prefix and six digits at least ('INV-000042'). */
export function formatDocumentNumber(prefix: 'INV' | 'CN', sequence: number): string {
  return `${prefix}-${String(sequence).padStart(6, '0')}`;
}
