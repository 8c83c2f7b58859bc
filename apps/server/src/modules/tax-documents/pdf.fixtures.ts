import { documentTotals, lineAmounts, type TaxDocument, type TaxDocumentLine } from '@oasis/shared/tax-documents';

/** Tax documents as the records module stores them, for the PDF's tests and its measurement. */

export const SELLER = {
  name: 'Oasis Real Estate Training LLC',
  address: 'Office 1204, Bay Square 5, Business Bay, Dubai',
  trn: '100123456700003',
  country: 'AE',
};

export const BUYER = {
  name: 'Falcon Properties FZ-LLC',
  address: 'Unit 7, Building 3, Dubai Internet City, Dubai',
  trn: '100987654300003',
  country: 'AE',
};

/** A line of a course bought at `listFils`, less `discountFils`, VAT inside the price. */
export function courseLine(
  description: string,
  listFils: number,
  discountFils = 0,
  treatment: TaxDocumentLine['treatment'] = 'standard',
): TaxDocumentLine {
  const grossFils = listFils - discountFils;
  return {
    description,
    listPriceFils: listFils,
    discountFils,
    grossFils,
    treatment,
    ...lineAmounts(grossFils, treatment),
  };
}

export function taxInvoice(overrides: Partial<TaxDocument> = {}): TaxDocument {
  const lines = overrides.lines ?? [courseLine('Dubai Off-Plan Investing Masterclass', 123_450)];
  return {
    kind: 'invoice',
    form: 'simplified',
    number: 'INV-000042',
    // 21:30 in London's spring is 01:30 the next day in Dubai: the document is dated in Dubai.
    issuedAt: '2026-03-31T21:30:00.000Z',
    locale: 'en',
    currency: 'AED',
    seller: SELLER,
    buyer: null,
    buyerCountry: 'AE',
    orderId: 'ord_7Hq2kLm9',
    creditOf: null,
    ...overrides,
    lines,
    totals: documentTotals(lines),
  };
}
