import { z } from 'zod';

/** Course certificates (docs/product.md#certificates): what the API and the check page exchange. */

/**
 * Why a certificate was revoked: a category, never free text, since the check page shows it to
 * anyone and a note could name the learner. 'replaced' is set by a re-issue only.
 */
export const CERTIFICATE_REVOKE_REASONS = ['replaced', 'issued_in_error', 'misconduct', 'other'] as const;
export type CertificateRevokeReason = (typeof CERTIFICATE_REVOKE_REASONS)[number];
/** The reasons the owner picks when revoking by hand. */
export const OWNER_REVOKE_REASONS = ['issued_in_error', 'misconduct', 'other'] as const;

/** A certificate's public id: 128 random bits in base64url, 22 characters. */
export const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;
export const certificateIdSchema = z.string().regex(CERTIFICATE_ID);

/** `/certificates/{id}`: the check page's address (and `/ar/certificates/{id}`). */
export const CERTIFICATE_PAGE = /^\/certificates\/[A-Za-z0-9_-]{22}$/;

export function certificatePath(id: string, locale: 'en' | 'ar' = 'en'): string {
  return `${locale === 'ar' ? '/ar' : ''}/certificates/${id}`;
}

/** What the check page shows: nothing about the learner but the name printed on the certificate. */
export const publicCertificateSchema = z.object({
  id: z.string(),
  name: z.string(),
  courseTitle: z.string(),
  mentorName: z.string(),
  brandName: z.string(),
  issuedAt: z.string(),
  status: z.enum(['valid', 'revoked']),
  revokeReason: z.enum(CERTIFICATE_REVOKE_REASONS).nullable(),
  revokedAt: z.string().nullable(),
  /** The learner lets search engines index the check page. */
  public: z.boolean(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** `GET /api/me/certificates`: the signed-in learner's certificates, one per course. */
export const myCertificateSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  status: z.enum(['valid', 'revoked']),
  public: z.boolean(),
});
export type MyCertificate = z.infer<typeof myCertificateSchema>;
export const myCertificatesSchema = z.object({ certificates: z.array(myCertificateSchema) });

/** `PUT /api/me/certificates/{id}/public`. */
export const certificateVisibilityInput = z.object({ public: z.boolean() });

/** The owner's list (Admin, Certificates). */
export const adminCertificateSchema = myCertificateSchema.extend({
  name: z.string(),
  revokeReason: z.enum(CERTIFICATE_REVOKE_REASONS).nullable(),
  replacedById: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;
export const adminCertificatesSchema = z.object({
  certificates: z.array(adminCertificateSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const adminCertificatesQuery = z.object({
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const revokeCertificateInput = z.object({ reason: z.enum(OWNER_REVOKE_REASONS) });

/**
 * The 'Add to LinkedIn profile' address: LinkedIn's form to add a certification, filled in.
 * `issuedAt` is an ISO date; LinkedIn takes the year and month.
 */
export function linkedInAddUrl(input: {
  courseTitle: string;
  brandName: string;
  issuedAt: string;
  url: string;
  id: string;
}): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: input.courseTitle,
    organizationName: input.brandName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
