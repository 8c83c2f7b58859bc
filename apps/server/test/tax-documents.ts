import type { TaxDocument } from '@oasis/shared/tax-documents';

/** A tax document as stored, with only the totals that matter here. */
export function taxDocument(input: {
  kind: 'invoice' | 'credit_note';
  orderId: string;
  number: string;
  grossFils: number;
  vatFils: number;
  treatment?: 'standard' | 'out_of_scope' | 'not_registered';
  buyer?: TaxDocument['buyer'];
  creditOf?: TaxDocument['creditOf'];
}): TaxDocument {
  const netFils = input.grossFils - input.vatFils;
  return {
    kind: input.kind,
    form: input.buyer ? 'full' : 'simplified',
    number: input.number,
    issuedAt: new Date().toISOString(),
    locale: 'en',
    currency: 'AED',
    seller: { name: 'Oasis', address: 'Dubai', trn: '100000000000003', country: 'AE' },
    buyer: input.buyer ?? null,
    buyerCountry: input.buyer?.country ?? 'AE',
    orderId: input.orderId,
    lines: [
      {
        description: 'Course',
        listPriceFils: input.grossFils,
        discountFils: 0,
        grossFils: input.grossFils,
        netFils,
        vatFils: input.vatFils,
        vatRatePercent: input.vatFils > 0 ? 5 : 0,
        treatment: input.treatment ?? 'standard',
      },
    ],
    totals: { netFils, vatFils: input.vatFils, grossFils: input.grossFils, discountFils: 0 },
    creditOf: input.creditOf ?? null,
  };
}
