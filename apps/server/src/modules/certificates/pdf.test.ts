import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { type CertificatePdfInput, renderCertificatePdf } from './pdf.ts';

/**
 * The certificate as a reader gets it back: pdf.js (Firefox's reader) extracts its text, which
 * holds the name, the course and the id in the learner's language; the page drawn to pixels holds
 * a QR code that a QR reader (jsQR) decodes to the check page's address.
 */

const SITE = 'https://oasis.example';
const ID = 'q3Zx7Lk2P9aBcDeFgHiJkL';

async function read(pdf: Buffer, rtl: boolean): Promise<{ text: string; qr: string | null; landscape: boolean }> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const pieces = (content.items as TextItem[])
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => ({ text: item.str.trim(), x: item.transform[4] as number, y: item.transform[5] as number }));
  // Lines from the top; on a line, the pieces in reading order.
  pieces.sort((a, b) => b.y - a.y || (rtl ? b.x - a.x : a.x - b.x));
  const text = pieces.map((piece) => piece.text).join('\n');
  const viewport = page.getViewport({ scale: 2 });
  const canvas = createCanvas(viewport.width, viewport.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, viewport.width, viewport.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const pixels = context.getImageData(0, 0, viewport.width, viewport.height);
  const qr = jsQR(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height)?.data ?? null;
  const landscape = viewport.width > viewport.height;
  await document.destroy();
  return { text, qr, landscape };
}

const base: CertificatePdfInput = {
  id: ID,
  name: 'Layla Haddad',
  courseTitle: 'Off-Plan Investing Masterclass',
  mentorName: 'Sarah Whitfield',
  brandName: 'Oasis Academy',
  issuedAt: new Date('2026-04-01T08:00:00Z'),
  locale: 'en',
  siteUrl: SITE,
};

describe('the certificate as PDF', () => {
  it('in English: landscape, the name, course, date, mentor and id, and a QR code to the check page', async () => {
    const { text, qr, landscape } = await read(await renderCertificatePdf(base), false);
    expect(landscape).toBe(true);
    for (const wanted of [
      'Certificate of Completion',
      'Layla Haddad',
      'Off-Plan Investing Masterclass',
      '1 April 2026',
      'Sarah Whitfield',
      ID,
    ]) {
      expect(text, text).toContain(wanted);
    }
    expect(qr).toBe(`${SITE}/certificates/${ID}`);
  }, 60_000);

  it('in Arabic: the Arabic name and course read back in order, and the QR code goes to the Arabic check page', async () => {
    const input = {
      ...base,
      locale: 'ar' as const,
      name: 'ليلى حداد',
      courseTitle: 'الاستثمار العقاري في دبي',
      mentorName: 'سارة ويتفيلد',
    };
    const { text, qr } = await read(await renderCertificatePdf(input), true);
    for (const wanted of ['شهادة إتمام', 'ليلى حداد', 'الاستثمار العقاري في دبي', 'سارة ويتفيلد', ID]) {
      expect(text, text).toContain(wanted);
    }
    expect(qr).toBe(`${SITE}/ar/certificates/${ID}`);
  }, 60_000);
});
