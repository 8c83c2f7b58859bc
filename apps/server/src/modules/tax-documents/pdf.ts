import { createRequire } from 'node:module';
import path from 'node:path';
import { formatAmount, formatDay, fmt, type Locale, type Messages, messagesFor } from '@oasis/shared/i18n';
import type { TaxDocument, TaxDocumentLine, TaxParty } from '@oasis/shared/tax-documents';
import type { Styles } from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { serverDir } from '../../lib/server-dir.ts';

/**
 * A tax invoice or tax credit note as an A4 PDF, with the fields the UAE's tax authority asks of
 * each. English documents carry the Arabic of each heading beside the English; Arabic ones are
 * wholly Arabic, right to left, with numbers, TRNs and amounts in their place inside the Arabic
 * lines. @react-pdf/renderer lays out mixed Arabic and Latin text in reading order (bidi and
 * Arabic shaping through fontkit), which pdfkit or pdf-lib alone do not.
 */

type ReactPdf = typeof import('@react-pdf/renderer');
type Texts = Messages['taxDocument'];
type Style = Styles[string];

/**
 * IBM Plex Sans Arabic, the site's Arabic face, as whole TrueType files: one font holds the Arabic
 * and the Latin letters, so a mixed line is one font. (The web font's subsets split the two
 * scripts under one PostScript name, which made pdfkit embed the font anew at every change of
 * script, and they lack the no-break space's outline.)
 */
export const FONT = 'IBM Plex Sans Arabic';
const FONT_FILES = { 400: '400Regular', 600: '600SemiBold' } as const;

let renderer: Promise<ReactPdf> | undefined;

/**
 * The renderer, loaded on first use (it is large, and most requests never draw a PDF), with the
 * fonts registered once. The font files come from the server's own dependency, found from the
 * server's folder, so the compiled server finds them too.
 */
export function loadRenderer(): Promise<ReactPdf> {
  renderer ??= import('@react-pdf/renderer').then(async (pdf) => {
    const require = createRequire(path.join(serverDir, 'package.json'));
    pdf.Font.register({
      family: FONT,
      fonts: Object.entries(FONT_FILES).map(([weight, name]) => ({
        src: require.resolve(`@expo-google-fonts/ibm-plex-sans-arabic/${name}/IBMPlexSansArabic_${name}.ttf`),
        fontWeight: Number(weight),
      })),
    });
    // No hyphens: an invoice number or a TRN must never be split across lines.
    pdf.Font.registerHyphenationCallback((word) => [word]);
    for (const weight of Object.keys(FONT_FILES)) {
      const descriptor = { fontFamily: FONT, fontWeight: Number(weight) };
      await pdf.Font.load(descriptor);
      keepGlyphText(pdf.Font.getFont(descriptor)?.data as unknown as GlyphSource);
    }
    return pdf;
  });
  return renderer;
}

/** The part of a fontkit font that hands out glyphs, with the characters each one stands for. */
interface GlyphSource {
  getGlyph(id: number, codePoints?: number[]): { codePoints: number[] };
}

/**
 * Makes the text of a PDF read back right. The characters a glyph stands for become the PDF's
 * text of that glyph, but fontkit keeps one glyph object per glyph id with the characters of the
 * first request, which is often none (a part of another glyph): those glyphs read back as
 * nothing. And readers put right-to-left text back in reading order by reversing it character by
 * character, so an Arabic ligature (lam-alef: two letters, one glyph) must list its letters in
 * drawing order, or it reads back reversed ('ال' for 'لا').
 */
function keepGlyphText(font: GlyphSource): void {
  const settled = new WeakSet<object>();
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (codePoints.length > 0 && !settled.has(glyph)) {
      glyph.codePoints = codePoints.length > 1 && codePoints.every(isArabic) ? [...codePoints].reverse() : codePoints;
      settled.add(glyph);
    }
    return glyph;
  };
}

function isArabic(codePoint: number): boolean {
  return (
    (codePoint >= 0x0600 && codePoint <= 0x06ff) ||
    (codePoint >= 0x0750 && codePoint <= 0x077f) ||
    (codePoint >= 0xfb50 && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  );
}

export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const pdf = await loadRenderer();
  return pdf.renderToBuffer(documentElement(pdf, doc) as Parameters<ReactPdf['renderToBuffer']>[0]);
}

/** What every part of the drawing needs: the primitives, the document, its texts and direction. */
interface Context {
  pdf: ReactPdf;
  doc: TaxDocument;
  locale: Locale;
  t: Texts;
  /** The Arabic headings beside the English ones (English documents only). */
  ar: Texts | null;
  rtl: boolean;
}

/** A4 in points. */
const A4_HEIGHT = 841.89;

const COLOURS = { ink: '#1c1c1c', muted: '#5b5b5b', rule: '#c9c9c9', band: '#f1f1ef' };

const base: Style = {
  fontFamily: FONT,
  fontFeatureSettings: { kern: false },
  fontSize: 9,
  lineHeight: 1.45,
  color: COLOURS.ink,
};

function documentElement(pdf: ReactPdf, doc: TaxDocument): ReactElement {
  const t = messagesFor(doc.locale).taxDocument;
  const cx: Context = {
    pdf,
    doc,
    locale: doc.locale,
    t,
    ar: doc.locale === 'ar' ? null : messagesFor('ar').taxDocument,
    rtl: doc.locale === 'ar',
  };
  const title = doc.kind === 'invoice' ? 'invoiceTitle' : 'creditNoteTitle';
  return h(
    pdf.Document,
    { title: `${t[title]} ${doc.number}`, language: doc.locale, creator: doc.seller.name, producer: doc.seller.name },
    h(
      pdf.Page,
      { size: 'A4', style: { ...base, padding: 40 } },
      // One column, in the order a reader (or a screen reader, or a program reading the text) takes.
      titleBlock(cx, title),
      detailsBlock(cx),
      partyBlock(cx, 'seller', doc.seller),
      doc.form === 'full' && doc.buyer ? partyBlock(cx, 'buyer', doc.buyer) : buyerCountryBlock(cx),
      doc.creditOf ? creditBlock(cx) : null,
      linesBlock(cx),
      totalsBlock(cx),
      paragraph(cx, { color: COLOURS.muted, marginTop: 18 }, t.amountsInAed),
      pageFooter(cx),
    ),
  );
}

/** On every page: the document's number and the page, for a document that runs over pages. */
function pageFooter(cx: Context): ReactElement {
  const { doc, t } = cx;
  return h(cx.pdf.Text, {
    fixed: true,
    // Placed from the top: with a line height set on the page, a text placed from the bottom is
    // not drawn at all.
    style: {
      ...direction(cx.rtl),
      position: 'absolute',
      top: A4_HEIGHT - 32,
      left: 40,
      right: 40,
      color: COLOURS.muted,
      fontSize: 8,
    },
    render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
      fmt(t.pageOf, { number: doc.number, page: pageNumber, pages: totalPages }),
  });
}

/** A text in the document's direction. */
function paragraph(cx: Context, style: Style, ...children: ReactNode[]): ReactElement {
  return h(cx.pdf.Text, { style: { ...direction(cx.rtl), ...style } }, ...children);
}

/** Text as the font can draw it: it has no narrow no-break space, so that becomes a no-break space. */
function printable(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}

function direction(rtl: boolean): Style {
  return rtl ? { direction: 'rtl', textAlign: 'right' } : { direction: 'ltr', textAlign: 'left' };
}

/** A heading, with its Arabic beside it on an English document. */
function heading(cx: Context, key: keyof Texts, style: Style = {}): ReactElement {
  const { pdf } = cx;
  const strong: Style = { fontWeight: 600, ...style };
  if (!cx.ar) return paragraph(cx, strong, cx.t[key]);
  return h(
    pdf.View,
    { style: { flexDirection: 'row', justifyContent: 'space-between', gap: 8 } },
    h(pdf.Text, { style: { ...strong, ...direction(false) } }, cx.t[key]),
    h(pdf.Text, { style: { ...strong, ...direction(true) } }, cx.ar[key]),
  );
}

function sectionHeading(cx: Context, key: keyof Texts): ReactElement {
  return h(
    cx.pdf.View,
    { style: { borderBottom: `0.75pt solid ${COLOURS.rule}`, paddingBottom: 2, marginBottom: 4, marginTop: 14 } },
    heading(cx, key, { fontSize: 10 }),
  );
}

/**
 * A labelled value. Arabic: 'label: value' as one line, so that the number, TRN or amount sits
 * inside the Arabic sentence. English: the label with its Arabic under it, the value beside them.
 */
function field(cx: Context, key: keyof Texts, value: string, valueStyle: Style = {}): ReactElement {
  const { pdf } = cx;
  value = printable(value);
  if (!cx.ar) {
    // The direction on the inner text too: it starts the line, and the line takes its direction.
    // The label in its own weight is its own run of text for a reader, which then puts label and
    // value in the page's reading order whatever the value's script.
    const label = h(pdf.Text, { style: { ...direction(cx.rtl), fontWeight: 600 } }, `${cx.t[key]}: `);
    return paragraph(cx, valueStyle, label, value);
  }
  return h(
    pdf.View,
    { style: { flexDirection: 'row', gap: 8, marginBottom: 2 } },
    h(
      pdf.View,
      { style: { width: 150 } },
      h(pdf.Text, { style: { ...direction(false), fontWeight: 600 } }, cx.t[key]),
      h(pdf.Text, { style: { ...direction(true), textAlign: 'left', color: COLOURS.muted, fontSize: 8 } }, cx.ar[key]),
    ),
    h(pdf.Text, { style: { ...direction(false), flex: 1, ...valueStyle } }, value),
  );
}

function titleBlock(cx: Context, title: 'invoiceTitle' | 'creditNoteTitle'): ReactElement {
  const { pdf, doc } = cx;
  const form = doc.kind === 'invoice' ? (doc.form === 'full' ? 'fullForm' : 'simplifiedForm') : null;
  return h(
    pdf.View,
    { style: { borderBottom: `1.5pt solid ${COLOURS.ink}`, paddingBottom: 6 } },
    heading(cx, title, { fontSize: 18, lineHeight: 1.4 }),
    form ? heading(cx, form, { fontWeight: 400, color: COLOURS.muted }) : null,
  );
}

function partyBlock(cx: Context, role: 'seller' | 'buyer', party: TaxParty): ReactElement {
  return h(
    cx.pdf.View,
    { wrap: false },
    sectionHeading(cx, role),
    field(cx, 'name', party.name),
    field(cx, 'address', party.address),
    party.trn ? field(cx, 'trn', party.trn) : null,
  );
}

/** A simplified document names no buyer; their country says why a line is out of scope. */
function buyerCountryBlock(cx: Context): ReactElement | null {
  if (!cx.doc.lines.some((line) => line.treatment === 'out_of_scope')) return null;
  return h(cx.pdf.View, { style: { marginTop: 8 } }, field(cx, 'buyerCountry', cx.doc.buyerCountry));
}

function detailsBlock(cx: Context): ReactElement {
  const { doc } = cx;
  return h(
    cx.pdf.View,
    { wrap: false },
    sectionHeading(cx, 'details'),
    field(cx, doc.kind === 'invoice' ? 'invoiceNumber' : 'creditNoteNumber', doc.number),
    field(cx, 'issuedAt', formatDay(doc.issuedAt, cx.locale)),
    field(cx, 'orderReference', doc.orderId),
  );
}

function creditBlock(cx: Context): ReactElement | null {
  const { doc, t } = cx;
  const credit = doc.creditOf;
  if (!credit) return null;
  const invoice = fmt(t.creditOfInvoice, {
    number: credit.invoiceNumber,
    date: formatDay(credit.invoiceIssuedAt, cx.locale),
  });
  return h(
    cx.pdf.View,
    { wrap: false },
    sectionHeading(cx, 'creditReference'),
    paragraph(cx, {}, invoice),
    field(cx, 'originalAmount', money(cx, credit.originalGrossFils)),
    field(cx, 'correctedAmount', money(cx, credit.correctedGrossFils)),
    field(cx, 'difference', money(cx, credit.originalGrossFils - credit.correctedGrossFils)),
    field(cx, 'vatOnDifference', money(cx, doc.totals.vatFils)),
    field(cx, 'reason', credit.reason),
  );
}

/**
 * 'AED 1,234.50' in English; '1,234.50' in Arabic, under headings that say the amounts are in
 * dirhams: a Latin 'AED' beside the number in Arabic text reads back from the PDF as 'AED 1,234.50'
 * where the line says '1,234.50 AED', and 'د.إ' reads back before the number.
 */
function money(cx: Context, fils: number): string {
  const aed = fils / 100;
  return cx.locale === 'en' ? `AED ${formatAmount(aed, 'en')}` : formatAmount(aed, cx.locale);
}

/** The rate of a line, or in short why no VAT applies to it (said in full under the line). */
function rateText(cx: Context, line: TaxDocumentLine): string {
  if (line.treatment === 'out_of_scope') return cx.t.outOfScopeShort;
  if (line.treatment === 'not_registered') return cx.t.notRegisteredShort;
  return fmt(cx.t.ratePercent, { rate: line.vatRatePercent });
}

interface Column {
  key: keyof Texts;
  value: (line: TaxDocumentLine) => string;
}

/** A line's figures: the full form shows each step from the price to the total. */
function columns(cx: Context): Column[] {
  const amount = (pick: (line: TaxDocumentLine) => number) => (line: TaxDocumentLine) => money(cx, pick(line));
  const rate: Column = { key: 'vatRate', value: (line) => rateText(cx, line) };
  const vat: Column = { key: 'vatAmount', value: amount((l) => l.vatFils) };
  const gross: Column = { key: 'gross', value: amount((l) => l.grossFils) };
  if (cx.doc.form === 'simplified') return [rate, vat, gross];
  return [
    { key: 'listPrice', value: amount((l) => l.listPriceFils) },
    { key: 'discount', value: amount((l) => l.discountFils) },
    { key: 'net', value: amount((l) => l.netFils) },
    rate,
    vat,
    gross,
  ];
}

/**
 * The lines: each its description across the page (course titles are long), its figures under it
 * in columns, and, where no VAT applies, why.
 */
function linesBlock(cx: Context): ReactElement {
  const { pdf } = cx;
  const cols = columns(cx);
  const row = (cells: ReactNode[], style: Style = {}) =>
    h(pdf.View, { style: { flexDirection: cx.rtl ? 'row-reverse' : 'row', gap: 6, ...style } }, ...cells);
  const cell = (children: ReactNode[]) => h(pdf.View, { style: { flex: 1 } }, ...children);
  const header = row(
    cols.map((col) =>
      cell([
        paragraph(cx, { fontWeight: 600 }, cx.t[col.key]),
        cx.ar ? h(pdf.Text, { style: { ...direction(true), color: COLOURS.muted } }, cx.ar[col.key]) : null,
      ]),
    ),
    { backgroundColor: COLOURS.band, padding: 4 },
  );
  const note = (line: TaxDocumentLine) => {
    if (line.treatment === 'standard') return null;
    const text = line.treatment === 'out_of_scope' ? cx.t.outOfScope : cx.t.notRegistered;
    return paragraph(cx, { color: COLOURS.muted }, text);
  };
  const body = cx.doc.lines.map((line) =>
    h(
      pdf.View,
      { wrap: false, style: { borderBottom: `0.5pt solid ${COLOURS.rule}`, padding: 4 } },
      paragraph(cx, { fontWeight: 600 }, printable(line.description)),
      row(cols.map((col) => cell([paragraph(cx, {}, col.value(line))]))),
      note(line),
    ),
  );
  return h(pdf.View, null, sectionHeading(cx, 'items'), header, ...body);
}

function totalsBlock(cx: Context): ReactElement {
  const { doc } = cx;
  const { totals } = doc;
  const rows: [keyof Texts, number][] =
    doc.form === 'full'
      ? [
          ['totalDiscount', totals.discountFils],
          ['totalNet', totals.netFils],
          ['totalVat', totals.vatFils],
          ['totalGross', totals.grossFils],
        ]
      : [
          ['totalVat', totals.vatFils],
          ['totalGross', totals.grossFils],
        ];
  return h(
    cx.pdf.View,
    { wrap: false, style: { width: '60%', alignSelf: cx.rtl ? 'flex-start' : 'flex-end' } },
    sectionHeading(cx, 'totals'),
    ...rows.map(([key, fils]) => field(cx, key, money(cx, fils), cx.rtl ? {} : { textAlign: 'right' })),
  );
}
