import type { TaxDocument } from '@oasis/shared/tax-documents';

/**
 * A tax document as a PDF. This stand-in draws the document's number, date, seller, TRN and total
 * in Helvetica (Latin letters only; any other character prints as '?'), one line each: enough for
 * a real, openable file until the full bilingual layout replaces it.
 */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const aed = (fils: number) => `AED ${(fils / 100).toFixed(2)}`;
  const lines = [
    doc.kind === 'invoice' ? 'Tax Invoice' : 'Tax Credit Note',
    `Number: ${doc.number}`,
    `Date: ${doc.issuedAt.slice(0, 10)}`,
    `Seller: ${doc.seller.name}`,
    `TRN: ${doc.seller.trn ?? ''}`,
    ...doc.lines.map((line) => `${line.description}: ${aed(line.grossFils)}`),
    `VAT: ${aed(doc.totals.vatFils)}`,
    `Total: ${aed(doc.totals.grossFils)}`,
  ];
  const pdfString = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 56 780 Td 16 TL ${lines.map((line) => `(${pdfString(line)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
