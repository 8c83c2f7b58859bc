import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { MailAttachment } from '../../adapters/mail/index.ts';
import { media, mentor } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { renderCertificatePdf } from './pdf.ts';
import { type CertificateRow, findCertificate } from './service.ts';

/** Without storage (a caller that has none) the PDF goes without the signature. */
type DocumentDeps = Pick<Deps, 'db' | 'config'> & Partial<Pick<Deps, 'storage'>>;

/** The mentor's signature as the PDF takes it: a JPEG rendition of the uploaded image, or null. */
async function mentorSignature(deps: DocumentDeps): Promise<{ data: Buffer; format: 'jpg' } | null> {
  const [row] = await deps.db
    .select({ key: media.key, widths: media.widths })
    .from(mentor)
    .innerJoin(media, eq(media.id, mentor.signatureId));
  if (!row || row.widths.length === 0 || !deps.storage) return null;
  // The smallest rendition wide enough for print, else the widest there is.
  const width = [...row.widths].sort((a, b) => a - b).find((w) => w >= 400) ?? Math.max(...row.widths);
  const stored = await deps.storage.get(`${row.key}/${width}.jpg`);
  return stored ? { data: await buffer(stored.stream), format: 'jpg' } : null;
}

/** The certificate's PDF, drawn now (certificates are few and drawn on request). */
export async function certificatePdf(deps: DocumentDeps, row: CertificateRow): Promise<Buffer> {
  return renderCertificatePdf({
    id: row.id,
    name: row.name,
    courseTitle: row.courseTitle,
    mentorName: row.mentorName,
    brandName: row.brandName,
    issuedAt: row.issuedAt,
    locale: row.locale,
    siteUrl: deps.config.siteUrl,
    signature: await mentorSignature(deps),
  });
}

export const certificateFilename = (id: string) => `certificate-${id}.pdf`;

/** The completion e-mail's attachment; null when the certificate is gone. */
export async function certificateAttachment(deps: DocumentDeps, id: string): Promise<MailAttachment | null> {
  const row = await findCertificate(deps.db, id);
  if (!row) return null;
  return {
    filename: certificateFilename(id),
    contentType: 'application/pdf',
    content: await certificatePdf(deps, row),
  };
}
