import type { TaxDocument } from '@oasis/shared/tax-documents';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { renderTaxDocumentPdf } from './pdf.ts';
import { BUYER, courseLine, SELLER, taxInvoice } from './pdf.fixtures.ts';

/**
 * The tax documents as a reader gets them back: the text pdf.js (Firefox's PDF reader) extracts,
 * put in reading order (lines from the top; on a line, the pieces left to right in English, right
 * to left in Arabic), must hold every field the UAE's tax authority asks for, in order, with the
 * numbers, TRNs and amounts of an Arabic line where the Arabic sentence puts them.
 */

interface Piece {
  text: string;
  x: number;
  y: number;
}

/** The document's text, a line of the page per line, each line's pieces in reading order. */
async function readingOrder(pdf: Buffer, rtl: boolean): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const pieces: Piece[] = (content.items as TextItem[])
      .filter((item) => 'str' in item && item.str.trim() !== '')
      .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5] }));
    // Pieces whose baselines are within 2 pt of each other share a line.
    pieces.sort((a, b) => b.y - a.y);
    const rows: { y: number; pieces: Piece[] }[] = [];
    for (const piece of pieces) {
      const row = rows.at(-1);
      if (row && row.y - piece.y <= 2) row.pieces.push(piece);
      else rows.push({ y: piece.y, pieces: [piece] });
    }
    for (const { pieces: row } of rows) {
      row.sort((a, b) => (rtl ? b.x - a.x : a.x - b.x));
      lines.push(row.map((piece) => piece.text.trim()).join(' '));
    }
  }
  await document.destroy();
  return lines.join('\n').replace(/[ \u00a0]+/g, ' ');
}

/** Each text in `text`, one after the other; the message names the first one missing or out of order. */
function expectInOrder(text: string, expected: readonly string[]): void {
  let from = 0;
  for (const [index, wanted] of expected.entries()) {
    const at = text.indexOf(wanted, from);
    expect(at, `"${wanted}" (field ${index + 1}) after "${expected[index - 1] ?? ''}" in:\n${text}`).toBeGreaterThan(
      -1,
    );
    from = at + wanted.length;
  }
}

async function textOf(doc: TaxDocument): Promise<string> {
  const pdf = await renderTaxDocumentPdf(doc);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return readingOrder(pdf, doc.locale === 'ar');
}

const ARABIC_COURSE = 'الاستثمار العقاري في دبي';

describe('the tax invoice as PDF', () => {
  it('simplified, in English: the title with its Arabic, the seller, the number, the Dubai date, the course, its VAT and total', async () => {
    const text = await textOf(taxInvoice({ lines: [courseLine('Off-Plan Investing Masterclass', 123_450)] }));
    expectInOrder(text, [
      'Tax Invoice فاتورة ضريبية',
      'Simplified tax invoice فاتورة ضريبية مبسطة',
      'Invoice number INV-000042',
      'رقم الفاتورة',
      // Issued at 21:30 UTC on 31 March: 01:30 on 1 April in Dubai.
      'Date of issue (Dubai time) 1 April 2026',
      'Seller المورد',
      `Name ${SELLER.name}`,
      `Address ${SELLER.address}`,
      `TRN ${SELLER.trn}`,
      'رقم التسجيل الضريبي',
      'VAT rate VAT amount Total (incl. VAT)',
      'Off-Plan Investing Masterclass',
      '5% AED 58.79 AED 1,234.50',
      'Total VAT AED 58.79',
      'Total including VAT AED 1,234.50',
    ]);
    // A consumer's invoice names no buyer.
    expect(text).not.toContain('Buyer');
  });

  it('full, in English: the buyer, and per line the price, discount, net, rate, VAT and gross; totals in AED', async () => {
    const text = await textOf(
      taxInvoice({
        form: 'full',
        buyer: BUYER,
        lines: [courseLine('Off-Plan Investing Masterclass', 150_000, 26_550), courseLine('Golden Visa Guide', 20_000)],
      }),
    );
    expectInOrder(text, [
      'Tax Invoice فاتورة ضريبية',
      'Full tax invoice',
      'Invoice number INV-000042',
      `TRN ${SELLER.trn}`,
      'Buyer المشتري',
      `Name ${BUYER.name}`,
      `Address ${BUYER.address}`,
      `TRN ${BUYER.trn}`,
      'Price Discount Net (excl. VAT) VAT rate VAT amount Total (incl. VAT)',
      'السعر الخصم الصافي دون الضريبة نسبة الضريبة مبلغ الضريبة الإجمالي شامل الضريبة',
      'Off-Plan Investing Masterclass',
      'AED 1,500.00 AED 265.50 AED 1,175.71 5% AED 58.79 AED 1,234.50',
      'Golden Visa Guide',
      'AED 200.00 AED 0.00 AED 190.48 5% AED 9.52 AED 200.00',
      'Totals in AED الإجماليات بالدرهم الإماراتي',
      'Total discount AED 265.50',
      'Total net (excl. VAT) AED 1,366.19',
      'Total VAT AED 68.31',
      'Total including VAT AED 1,434.50',
    ]);
  });

  it('says on a line outside the scope of UAE VAT that VAT does not apply, instead of a rate', async () => {
    const text = await textOf(
      taxInvoice({
        buyerCountry: 'GB',
        lines: [courseLine('Off-Plan Investing Masterclass', 123_450, 0, 'out_of_scope')],
      }),
    );
    expectInOrder(text, [
      'Buyer’s country GB',
      'Off-Plan Investing Masterclass',
      'Out of scope AED 0.00 AED 1,234.50',
      'VAT does not apply: out of scope (buyer outside the UAE)',
      'Total VAT AED 0.00',
      'Total including VAT AED 1,234.50',
    ]);
    expect(text).not.toContain('5%');
  });

  it('full, in Arabic: wholly Arabic, with the number, the TRNs and the amounts inside the Arabic lines', async () => {
    const text = await textOf(
      taxInvoice({
        locale: 'ar',
        form: 'full',
        buyer: BUYER,
        lines: [courseLine(ARABIC_COURSE, 150_000, 26_550)],
      }),
    );
    expectInOrder(text, [
      'فاتورة ضريبية',
      'فاتورة ضريبية كاملة',
      'بيانات المستند',
      'رقم الفاتورة: INV-000042',
      'تاريخ الإصدار بتوقيت دبي: 1 أبريل 2026',
      'المورد',
      `الاسم: ${SELLER.name}`,
      `العنوان: ${SELLER.address}`,
      `رقم التسجيل الضريبي: ${SELLER.trn}`,
      'المشتري',
      `الاسم: ${BUYER.name}`,
      `رقم التسجيل الضريبي: ${BUYER.trn}`,
      'البنود',
      'السعر الخصم الصافي دون الضريبة نسبة الضريبة مبلغ الضريبة الإجمالي شامل الضريبة',
      ARABIC_COURSE,
      '1,500.00 265.50 1,175.71 5٪ 58.79 1,234.50',
      'الإجماليات بالدرهم الإماراتي',
      'إجمالي الخصم: 265.50',
      'إجمالي الصافي دون الضريبة: 1,175.71',
      'إجمالي ضريبة القيمة المضافة: 58.79',
      'الإجمالي شامل الضريبة: 1,234.50',
    ]);
    // No English heading on an Arabic document.
    expect(text).not.toMatch(/Tax Invoice|Seller|Total/);
  });
});

describe('the tax credit note as PDF', () => {
  it('in Arabic: its own number, the invoice it corrects, the amounts before and after, the VAT on the difference, the reason', async () => {
    const reason = 'خصم متفق عليه بعد الشراء';
    const text = await textOf(
      taxInvoice({
        kind: 'credit_note',
        number: 'CN-000003',
        locale: 'ar',
        issuedAt: '2026-04-10T08:00:00.000Z',
        lines: [courseLine(ARABIC_COURSE, 50_000)],
        creditOf: {
          invoiceNumber: 'INV-000042',
          invoiceIssuedAt: '2026-03-31T21:30:00.000Z',
          originalGrossFils: 123_450,
          correctedGrossFils: 73_450,
          reason,
        },
      }),
    );
    expectInOrder(text, [
      'إشعار دائن ضريبي',
      'رقم الإشعار الدائن: CN-000003',
      'تاريخ الإصدار بتوقيت دبي: 10 أبريل 2026',
      `رقم التسجيل الضريبي: ${SELLER.trn}`,
      'إشعار دائن للفاتورة',
      'الفاتورة INV-000042 بتاريخ 1 أبريل 2026',
      'المبلغ الأصلي شامل الضريبة: 1,234.50',
      'المبلغ المصحح شامل الضريبة: 734.50',
      'الفرق المردود شامل الضريبة: 500.00',
      'الضريبة على الفرق: 23.81',
      `السبب: ${reason}`,
      ARABIC_COURSE,
      '5٪ 23.81 500.00',
      'إجمالي ضريبة القيمة المضافة: 23.81',
      'الإجمالي شامل الضريبة: 500.00',
    ]);
    expect(text).not.toContain('فاتورة ضريبية');
  });

  it('in English: the title with its Arabic and the invoice it corrects', async () => {
    const text = await textOf(
      taxInvoice({
        kind: 'credit_note',
        number: 'CN-000004',
        lines: [courseLine('Off-Plan Investing Masterclass', 23_450)],
        creditOf: {
          invoiceNumber: 'INV-000042',
          invoiceIssuedAt: '2026-03-31T21:30:00.000Z',
          originalGrossFils: 123_450,
          correctedGrossFils: 100_000,
          reason: 'Coupon applied after payment',
        },
      }),
    );
    expectInOrder(text, [
      'Tax Credit Note إشعار دائن ضريبي',
      'Credit note number CN-000004',
      'Credit for invoice إشعار دائن للفاتورة',
      'Invoice INV-000042 of 1 April 2026',
      'Original amount (incl. VAT) AED 1,234.50',
      'Corrected amount (incl. VAT) AED 1,000.00',
      'Difference credited (incl. VAT) AED 234.50',
      'VAT on the difference AED 11.17',
      'Reason Coupon applied after payment',
    ]);
  });
});

describe('a document over several pages', () => {
  it('keeps every line and the totals, each page naming the document and the page', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => courseLine(`Course ${index + 1}`, 10_000));
    const text = await textOf(taxInvoice({ form: 'full', buyer: BUYER, lines }));
    expectInOrder(text, [
      'Course 1\n',
      'INV-000042, page 1 of 3',
      'Course 30\n',
      'Total including VAT AED 3,000.00',
      'INV-000042, page 3 of 3',
    ]);
    expect(text.match(/^Course \d+$/gm)).toHaveLength(30);
  });
});

describe('what a buyer typed', () => {
  it('is drawn as text, whatever its script or characters, without failing the document', async () => {
    const name = '<b>Grin</b> 😀 北京 עברית \u202e\u0000 Ltd https://example.com';
    const doc = taxInvoice({ form: 'full', buyer: { ...BUYER, name }, lines: [courseLine(name, 10_000)] });
    const pdf = await renderTaxDocumentPdf(doc);
    expectInOrder(await readingOrder(pdf, false), [
      'Buyer',
      'Name <b>Grin</b>',
      `TRN ${BUYER.trn}`,
      '<b>Grin</b>',
      'AED 100.00',
    ]);
    // No script, link, form or action: the dictionaries of a PDF are plain text, only streams are packed.
    expect(pdf.toString('latin1')).not.toMatch(/\/(JavaScript|JS|URI|Launch|AcroForm|OpenAction|Annots)\b/);
  });
});

describe('the order check', () => {
  it('fails for two fields swapped and for an Arabic line read backwards', async () => {
    const text = await textOf(taxInvoice({ locale: 'ar', lines: [courseLine(ARABIC_COURSE, 123_450)] }));
    const trnLine = `رقم التسجيل الضريبي: ${SELLER.trn}`;
    expectInOrder(text, ['رقم الفاتورة: INV-000042', trnLine]);
    expect(() => expectInOrder(text, [trnLine, 'رقم الفاتورة: INV-000042'])).toThrow();
    expect(() => expectInOrder(text, [[...trnLine].reverse().join('')])).toThrow();
    // The TRN's digits in the order written, not mirrored.
    expect(() => expectInOrder(text, [[...SELLER.trn].reverse().join('')])).toThrow();
  });
});
