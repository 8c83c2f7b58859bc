import { certificatePath } from '@oasis/shared/certificates';
import { formatDay, type Locale, messagesFor } from '@oasis/shared/i18n';
import type { Styles } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import { createElement as h, type ReactElement } from 'react';
import { FONT, loadRenderer } from '../tax-documents/pdf.ts';

/**
 * A course certificate as a landscape A4 PDF, drawn like the tax documents (the same renderer,
 * font and glyph fix, so Arabic names read back right to left): the learner's name, the course,
 * the date, the mentor's name and signature, the brand, the id and a QR code to the check page,
 * in the learner's language.
 */

type Style = Styles[string];

export interface CertificatePdfInput {
  id: string;
  name: string;
  courseTitle: string;
  mentorName: string;
  brandName: string;
  issuedAt: Date;
  locale: Locale;
  siteUrl: string;
  /** The mentor's signature as a PNG or JPEG, when their profile has one. */
  signature?: { data: Buffer; format: 'png' | 'jpg' } | null;
}

const COLOURS = { ink: '#1c1c1c', muted: '#5b5b5b', brand: '#0f4c3a', rule: '#c9a227' };

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const pdf = await loadRenderer();
  const checkUrl = `${input.siteUrl}${certificatePath(input.id, input.locale)}`;
  const qr = await QRCode.toBuffer(checkUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const t = messagesFor(input.locale).certificate;
  const rtl = input.locale === 'ar';
  const dir: Style = rtl ? { direction: 'rtl', textAlign: 'right' } : { direction: 'ltr', textAlign: 'left' };
  const centred: Style = { direction: rtl ? 'rtl' : 'ltr', textAlign: 'center' };
  const text = (style: Style, value: string) => h(pdf.Text, { style: { ...centred, ...style } }, value);
  const label = (key: 'pdfDate' | 'pdfMentor' | 'pdfId', value: string) =>
    h(
      pdf.View,
      { style: { flex: 1 } },
      h(pdf.Text, { style: { ...dir, color: COLOURS.muted, fontSize: 9 } }, t[key]),
      h(pdf.Text, { style: { ...dir, fontWeight: 600, fontSize: 11 } }, value),
    );
  const element: ReactElement = h(
    pdf.Document,
    { title: `${t.pdfTitle} ${input.id}`, language: input.locale, creator: input.brandName, producer: input.brandName },
    h(
      pdf.Page,
      {
        size: 'A4',
        orientation: 'landscape',
        style: { fontFamily: FONT, fontFeatureSettings: { kern: false }, color: COLOURS.ink, padding: 36 },
      },
      h(
        pdf.View,
        { style: { flex: 1, border: `2pt solid ${COLOURS.rule}`, padding: 32, justifyContent: 'space-between' } },
        h(
          pdf.View,
          null,
          text({ color: COLOURS.brand, fontSize: 14, fontWeight: 600 }, input.brandName),
          text({ fontSize: 30, fontWeight: 600, marginTop: 18 }, t.pdfTitle),
          text({ fontSize: 12, color: COLOURS.muted, marginTop: 18 }, t.pdfCertifies),
          text({ fontSize: 26, fontWeight: 600, marginTop: 8 }, input.name),
          text({ fontSize: 12, color: COLOURS.muted, marginTop: 14 }, t.pdfCompleted),
          text({ fontSize: 18, fontWeight: 600, marginTop: 6 }, input.courseTitle),
        ),
        h(
          pdf.View,
          { style: { flexDirection: rtl ? 'row-reverse' : 'row', alignItems: 'flex-end', gap: 24 } },
          label('pdfDate', formatDay(input.issuedAt.toISOString(), input.locale)),
          h(
            pdf.View,
            { style: { flex: 1 } },
            input.signature
              ? h(pdf.Image, { src: input.signature, style: { height: 40, objectFit: 'contain', marginBottom: 4 } })
              : null,
            h(pdf.Text, { style: { ...dir, color: COLOURS.muted, fontSize: 9 } }, t.pdfMentor),
            h(pdf.Text, { style: { ...dir, fontWeight: 600, fontSize: 11 } }, input.mentorName),
          ),
          label('pdfId', input.id),
          h(
            pdf.View,
            { style: { alignItems: 'center' } },
            h(pdf.Image, { src: { data: qr, format: 'png' }, style: { width: 96, height: 96 } }),
          ),
        ),
        h(
          pdf.Text,
          { style: { ...dir, color: COLOURS.muted, fontSize: 8, marginTop: 8 } },
          `${t.pdfCheck} ${checkUrl}`,
        ),
      ),
    ),
  );
  return pdf.renderToBuffer(element as Parameters<typeof pdf.renderToBuffer>[0]);
}
