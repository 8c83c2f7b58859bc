import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type {
  AdminCertificate,
  CertificateRevokeReason,
  MyCertificate,
  PublicCertificate,
} from '@oasis/shared/certificates';
import { inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import type { Db } from '../../db/client.ts';
import { certificates, courses, mentor, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { getSettings } from '../settings/service.ts';

/**
 * Certificates (docs/product.md#certificates): issued once per learner and course, revoked by the
 * owner with a reason, re-issued after a name correction. The id is the public one: 128 random
 * bits, so nobody finds a certificate by counting.
 */

export type CertificateRow = typeof certificates.$inferSelect;

export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/** What a certificate prints, taken now: the learner's name, the course's title, the issuer. */
async function printedFacts(db: Db, userId: string, courseId: string, locale: Locale) {
  const [row] = await db
    .select({ name: users.name, title: courses.title, titleAr: courses.titleAr })
    .from(users)
    .innerJoin(courses, eq(courses.id, courseId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const [profile] = await db.select({ name: mentor.name, nameAr: mentor.nameAr }).from(mentor);
  const settings = await getSettings(db);
  return {
    name: row.name,
    courseTitle: inLocale(locale, row.title, row.titleAr).text,
    mentorName: profile ? inLocale(locale, profile.name, profile.nameAr).text : settings.brandName,
    brandName: settings.brandName,
  };
}

/**
 * The learner's certificate of the course, issued now if they have none: in their language. Safe
 * to call any number of times at once: the unique index keeps one, and every caller gets it.
 * `issued` says whether this call made it.
 */
export async function issueCertificate(
  db: Db,
  input: { userId: string; courseId: string },
): Promise<{ certificate: CertificateRow; issued: boolean }> {
  const existing = await currentCertificate(db, input.userId, input.courseId);
  if (existing) return { certificate: existing, issued: false };
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound();
  const facts = await printedFacts(db, input.userId, input.courseId, user.locale);
  const [inserted] = await db
    .insert(certificates)
    .values({ id: newCertificateId(), ...input, ...facts, locale: user.locale })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { certificate: inserted, issued: true };
  const winner = await currentCertificate(db, input.userId, input.courseId);
  if (!winner) throw new Error('certificate: neither inserted nor found');
  return { certificate: winner, issued: false };
}

/** The learner's certificate of the course that has not been replaced (valid or revoked). */
async function currentCertificate(db: Db, userId: string, courseId: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), isNull(certificates.replacedById)),
    );
  return row ?? null;
}

export async function findCertificate(db: Db, id: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** Revokes a valid certificate with a reason category (the check page shows it). */
export async function revokeCertificate(db: Db, id: string, reason: CertificateRevokeReason): Promise<CertificateRow> {
  const [row] = await db
    .update(certificates)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning();
  if (row) return row;
  if (!(await findCertificate(db, id))) throw notFound();
  throw new AppError(409, 'certificateRules.alreadyRevoked');
}

/**
 * A new certificate in place of `id`, with the learner's current profile name (after a
 * correction): the old one is revoked as 'replaced' and points at the new one, in one transaction.
 */
export async function reissueCertificate(db: Db, id: string): Promise<CertificateRow> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
    if (!old) throw notFound();
    if (old.replacedById) throw new AppError(409, 'certificateRules.alreadyReplaced');
    const facts = await printedFacts(tx as unknown as Db, old.userId, old.courseId, old.locale);
    const newId = newCertificateId();
    await tx
      .update(certificates)
      .set({
        replacedById: newId,
        revokedAt: old.revokedAt ?? new Date(),
        revokeReason: old.revokeReason ?? 'replaced',
      })
      .where(eq(certificates.id, id));
    const [created] = await tx
      .insert(certificates)
      .values({
        id: newId,
        userId: old.userId,
        courseId: old.courseId,
        ...facts,
        locale: old.locale,
        replacesId: old.id,
        public: old.public,
      })
      .returning();
    if (!created) throw new Error('certificate: re-issue inserted nothing');
    return created;
  });
}

const status = (row: Pick<CertificateRow, 'revokedAt'>): 'valid' | 'revoked' => (row.revokedAt ? 'revoked' : 'valid');

/** What the check page shows of a certificate; null for an unknown id. */
export async function getPublicCertificate(db: Db, id: string): Promise<PublicCertificate | null> {
  const row = await findCertificate(db, id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    courseTitle: row.courseTitle,
    mentorName: row.mentorName,
    brandName: row.brandName,
    issuedAt: row.issuedAt.toISOString(),
    status: status(row),
    revokeReason: row.revokeReason,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    public: row.public,
  };
}

/** The learner's certificates, newest first, replaced ones left out. */
export async function listMyCertificates(db: Db, userId: string): Promise<MyCertificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.replacedById)))
    .orderBy(desc(certificates.issuedAt));
  return rows.map(toMine);
}

function toMine(row: CertificateRow): MyCertificate {
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt.toISOString(),
    status: status(row),
    public: row.public,
  };
}

/** The learner shows their check page to search engines, or not; only their own certificate. */
export async function setCertificatePublic(
  db: Db,
  userId: string,
  id: string,
  visible: boolean,
): Promise<MyCertificate> {
  const [row] = await db
    .update(certificates)
    .set({ public: visible })
    .where(and(eq(certificates.id, id), eq(certificates.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toMine(row);
}

export const ADMIN_CERTIFICATES_PAGE_SIZE = 20;

/** The owner's list: newest first, searched by the printed name, the course or the id. */
export async function listCertificates(
  db: Db,
  query: { q: string; page: number },
): Promise<{ certificates: AdminCertificate[]; total: number; page: number; pageSize: number }> {
  const pattern = containsPattern(query.q);
  const where = query.q
    ? or(ilike(certificates.name, pattern), ilike(certificates.courseTitle, pattern), eq(certificates.id, query.q))
    : undefined;
  const pageSize = ADMIN_CERTIFICATES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(certificates)
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.statusIndex))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(certificates).where(where),
  ]);
  return {
    certificates: rows.map((row) => ({
      ...toMine(row),
      name: row.name,
      revokeReason: row.revokeReason,
      replacedById: row.replacedById,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize,
  };
}

/** The status list's bits: the index of every revoked certificate. */
export async function revokedStatusIndexes(db: Db): Promise<number[]> {
  const rows = await db
    .select({ index: certificates.statusIndex })
    .from(certificates)
    .where(sql`${certificates.revokedAt} is not null`);
  return rows.map((row) => row.index);
}
