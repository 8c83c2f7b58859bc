import { documentTotals, type TaxDocument } from '@oasis/shared/tax-documents';
import { describe, expect, it } from 'vitest';
import {
  fatalRuleFailures,
  pintAeRuleFailures,
  readPintFixture,
  ublSchemaErrors,
} from '../../../test/pint-ae-validation.ts';
import { BUYER, courseLine, SELLER, taxInvoice } from './pdf.fixtures.ts';
import { amount, creditNoteReasonCode, emirateOf, toPintAeXml } from './pint-ae.ts';
import { escapeXml } from './xml-writer.ts';

// The first run compiles the two rule sets (tens of seconds on a busy machine); later runs reuse them.
const SLOW = 240_000;

const fullInvoice = (overrides: Partial<TaxDocument> = {}) => taxInvoice({ form: 'full', buyer: BUYER, ...overrides });

function creditNote(correctedGrossFils: number): TaxDocument {
  const refunded = courseLine('Dubai Off-Plan Investing Masterclass', 123_450 - correctedGrossFils);
  return {
    ...fullInvoice(),
    kind: 'credit_note',
    number: 'CN-000003',
    issuedAt: '2026-04-10T08:00:00.000Z',
    lines: [refunded],
    totals: documentTotals([refunded]),
    creditOf: {
      invoiceNumber: 'INV-000042',
      invoiceIssuedAt: '2026-03-31T21:30:00.000Z',
      originalGrossFils: 123_450,
      correctedGrossFils,
      reason: 'Refund: course cancelled',
    },
  };
}

/** Both checks at once: the UBL 2.1 schema, then the fatal PINT AE rules (by id and text). */
async function problems(xml: string): Promise<string[]> {
  const schema = await ublSchemaErrors(xml);
  const rules = fatalRuleFailures(xml).map((failure) => `${failure.id}: ${failure.text}`);
  return [...schema, ...rules];
}

describe('the validators', () => {
  it(
    'pass the UAE sample invoice and credit note published with the PINT AE rules',
    async () => {
      expect(await problems(readPintFixture('sample-standard-tax-invoice.xml'))).toEqual([]);
      expect(await problems(readPintFixture('sample-standard-tax-credit-note.xml'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'fail a document that breaks the schema or a rule',
    async () => {
      const sample = readPintFixture('sample-standard-tax-invoice.xml');
      const badDate = sample.replace(
        '<cbc:IssueDate>2025-02-06</cbc:IssueDate>',
        '<cbc:IssueDate>6 Feb</cbc:IssueDate>',
      );
      expect((await ublSchemaErrors(badDate)).join()).toMatch(/IssueDate/);
      // A seller TRN that is not a UAE TRN (15 digits, 1 first, 03 last) breaks ibr-132-ae.
      const badTrn = sample.replace(
        '<cbc:CompanyID>198765432102003</cbc:CompanyID>',
        '<cbc:CompanyID>298765432102004</cbc:CompanyID>',
      );
      expect(fatalRuleFailures(badTrn).map((failure) => failure.id)).toContain('ibr-132-ae');
    },
    SLOW,
  );
});

describe('PINT AE XML of our documents', () => {
  it(
    'maps a business invoice that passes the UBL 2.1 schema and the PINT AE rules',
    async () => {
      const xml = toPintAeXml(fullInvoice());
      expect(await problems(xml)).toEqual([]);
      expect(xml).toContain('<cbc:CustomizationID>urn:peppol:pint:billing-1@ae-1</cbc:CustomizationID>');
      expect(xml).toContain('<cbc:ProfileID>urn:peppol:bis:billing</cbc:ProfileID>');
      expect(xml).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
      // Seller and buyer on the network by their TIN (scheme 0235), with their TRNs for VAT.
      expect(xml).toContain('<cbc:EndpointID schemeID="0235">1001234567</cbc:EndpointID>');
      expect(xml).toContain('<cbc:EndpointID schemeID="0235">1009876543</cbc:EndpointID>');
      expect(xml).toContain('<cbc:CompanyID>100123456700003</cbc:CompanyID>');
      expect(xml).toContain('<cbc:CompanyID>100987654300003</cbc:CompanyID>');
      // Dated in Dubai: 21:30 UTC on 31 March is 01:30 on 1 April there.
      expect(xml).toContain('<cbc:IssueDate>2026-04-01</cbc:IssueDate>');
      expect(xml).toContain('<cbc:IssueTime>01:30:00+04:00</cbc:IssueTime>');
      // 1234.50 AED with VAT: 1175.71 net, 58.79 VAT, all paid at checkout.
      expect(xml).toContain('<cbc:TaxExclusiveAmount currencyID="AED">1175.71</cbc:TaxExclusiveAmount>');
      expect(xml).toContain('<cbc:TaxAmount currencyID="AED">58.79</cbc:TaxAmount>');
      expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="AED">1234.50</cbc:TaxInclusiveAmount>');
      expect(xml).toContain('<cbc:PayableAmount currencyID="AED">0.00</cbc:PayableAmount>');
    },
    SLOW,
  );

  it.each([
    {
      case: 'a simplified invoice (a consumer in the UAE) that passes both checks',
      document: () => taxInvoice(),
      expected: ['<cbc:EndpointID schemeID="0235">9900000098</cbc:EndpointID>'],
    },
    {
      // 2000 AED list (1904.76 net), 500 AED off: 1500 AED paid, 1428.57 net, 71.43 VAT.
      case: 'a discounted line: gross price, discount and net price reconcile without VAT',
      document: () => fullInvoice({ lines: [courseLine('Masterclass', 200_000, 50_000)] }),
      expected: [
        '<cbc:PriceAmount currencyID="AED">1428.57</cbc:PriceAmount>',
        '<cbc:Amount currencyID="AED">476.19</cbc:Amount>',
        '<cbc:BaseAmount currencyID="AED">1904.76</cbc:BaseAmount>',
      ],
    },
    {
      case: 'an out-of-scope line as category O without a rate, beside a standard-rated one',
      document: () =>
        fullInvoice({
          lines: [courseLine('Masterclass', 105_000), courseLine('Workshop abroad', 40_000, 0, 'out_of_scope')],
        }),
      expected: [
        /<cac:TaxCategory>\s*<cbc:ID>O<\/cbc:ID>\s*<cac:TaxScheme>/,
        '<cbc:TaxableAmount currencyID="AED">400.00</cbc:TaxableAmount>',
      ],
    },
  ])(
    'maps $case',
    async ({ document, expected }) => {
      const xml = toPintAeXml(document());
      expect(await problems(xml)).toEqual([]);
      // A string is looked for as it is, a pattern matched.
      for (const part of expected) expect(xml).toMatch(part);
    },
    SLOW,
  );

  it(
    'maps a partial and a full refund as credit notes referring to the invoice, with the UAE reason code',
    async () => {
      const partial = toPintAeXml(creditNote(100_000));
      expect(await problems(partial)).toEqual([]);
      expect(partial).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
      expect(partial).toContain('<cbc:ResponseCode>DL8.61.1.C</cbc:ResponseCode>');
      expect(partial).toMatch(
        /<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-000042<\/cbc:ID>\s*<cbc:IssueDate>2026-04-01</,
      );
      expect(partial).toContain('<cbc:PayableAmount currencyID="AED">234.50</cbc:PayableAmount>');
      const full = toPintAeXml(creditNote(0));
      expect(await problems(full)).toEqual([]);
      expect(creditNoteReasonCode(creditNote(0))).toBe('DL8.61.1.A');
    },
    SLOW,
  );

  it(
    'reports the rule a broken mapping would break (a credit note without its reason code)',
    async () => {
      const xml = toPintAeXml(creditNote(100_000)).replace(
        /<cac:DiscrepancyResponse>[\s\S]*?<\/cac:DiscrepancyResponse>\s*/,
        '',
      );
      expect(pintAeRuleFailures(xml).map((failure) => failure.id)).toContain('ibr-158-ae');
    },
    SLOW,
  );

  it('escapes text and writes amounts to the fils', () => {
    const xml = toPintAeXml(fullInvoice({ buyer: { ...BUYER, name: 'Tom & Jerry <Trading> "LLC"' } }));
    expect(xml).toContain('Tom &amp; Jerry &lt;Trading&gt; &quot;LLC&quot;');
    expect(escapeXml('a\u0001b')).toBe('ab');
    expect([amount(0), amount(5), amount(123_450), amount(-5)]).toEqual(['0.00', '0.05', '1234.50', '-0.05']);
  });

  it('reads the emirate of an address in English or Arabic', () => {
    expect(emirateOf(SELLER.address)?.code).toBe('DXB');
    expect(emirateOf('مكتب 4، الشارقة')?.code).toBe('SHJ');
    expect(emirateOf('Corniche Road, Abu Dhabi')?.code).toBe('AUH');
    expect(emirateOf('Riyadh')).toBeNull();
  });
});
