import { eq } from 'drizzle-orm';
import { checkMentorForm } from '@oasis/shared/admin/mentor';
import type { Mentor } from '@oasis/shared/api';
import type { Image } from '@oasis/shared/media';
import { CENTRE, MENTOR_SOCIAL_KEYS, type MentorSocial } from '@oasis/shared/selling';
import type { Db } from '../../db/client.ts';
import { media, mentor } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { assertValid } from '../../lib/form-check.ts';
import { sanitizeArabicRichHtml, sanitizeRichHtml } from '../../lib/sanitize.ts';
import type { ReadFormResult } from '../media/form-input.ts';
import { type MediaRow, releaseMedia, toImage, withUploadedImage } from '../media/service.ts';

export type MentorRow = typeof mentor.$inferSelect;

const EPOCH = new Date(0).toISOString();

/** The profile before the owner has written one: what the admin form starts from. */
export const EMPTY_MENTOR: Mentor = {
  name: '',
  nameAr: '',
  jobTitle: '',
  jobTitleAr: '',
  bio: '',
  bioAr: '',
  credentials: [],
  credentialsAr: [],
  portrait: null,
  portraitFocus: CENTRE,
  social: {},
  aboutHtml: '',
  aboutHtmlAr: '',
  updatedAt: EPOCH,
};

/** Only https links leave the server, whatever was written behind the services (a `javascript:` one never does). */
function httpsLinks(social: MentorSocial): MentorSocial {
  const links: MentorSocial = {};
  for (const key of MENTOR_SOCIAL_KEYS) {
    const url = social[key];
    if (typeof url === 'string' && /^https:\/\//i.test(url)) links[key] = url;
  }
  return links;
}

/** The profile as pages and the admin see it: the story sanitised again on display (docs/decisions/022-sanitised-again-when-shown.md). */
export function toMentor(row: MentorRow | null, portrait: MediaRow | null): Mentor {
  if (!row) return EMPTY_MENTOR;
  return {
    name: row.name,
    nameAr: row.nameAr,
    jobTitle: row.jobTitle,
    jobTitleAr: row.jobTitleAr,
    bio: row.bio,
    bioAr: row.bioAr,
    credentials: row.credentials,
    credentialsAr: row.credentialsAr,
    portrait: toImage(portrait),
    portraitFocus: row.portraitFocus,
    social: httpsLinks(row.social),
    aboutHtml: sanitizeRichHtml(row.aboutHtml),
    aboutHtmlAr: sanitizeArabicRichHtml(row.aboutHtmlAr),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET /admin/mentor`: the profile, or an empty one before the first save. */
export async function getMentor(db: Db): Promise<Mentor> {
  const [row] = await db
    .select({ mentor, portrait: media })
    .from(mentor)
    .leftJoin(media, eq(media.id, mentor.portraitId))
    .limit(1);
  return toMentor(row?.mentor ?? null, row?.portrait ?? null);
}

/** What visitors see: null until the owner has saved a profile with a name (pages then show none). */
export async function getPublicMentor(db: Db): Promise<Mentor | null> {
  const profile = await getMentor(db);
  return profile.name.trim() ? profile : null;
}

type MentorDeps = Pick<Deps, 'db' | 'storage' | 'pageCache'>;

/**
 * `PUT /admin/mentor` (multipart with an optional `portrait` image, or JSON): the profile's texts,
 * checked by the shared rule; the story sanitised on save (and again on display). A new portrait
 * replaces the old one, whose files are deleted; a failed write leaves no image behind. Pages that
 * show the mentor (About, course pages, home) are dropped from the cache.
 */
export async function updateMentor(deps: MentorDeps, form: Pick<ReadFormResult, 'fields' | 'image'>): Promise<Mentor> {
  const { aboutHtml, aboutHtmlAr, ...value } = assertValid(checkMentorForm(form.fields));
  const texts = {
    ...value,
    aboutHtml: sanitizeRichHtml(aboutHtml),
    ...(aboutHtmlAr !== undefined && { aboutHtmlAr: sanitizeArabicRichHtml(aboutHtmlAr) }),
  };
  const [current] = await deps.db.select({ portraitId: mentor.portraitId }).from(mentor).limit(1);
  await withUploadedImage(
    deps,
    form.image,
    (image) =>
      deps.db
        .insert(mentor)
        .values({ id: 'main', ...texts, portraitId: image?.id ?? null })
        .onConflictDoUpdate({
          target: mentor.id,
          set: { ...texts, ...(image && { portraitId: image.id }), updatedAt: new Date() },
        }),
    current?.portraitId,
  );
  return getMentor(deps.db);
}

/** The mentor's signature image (printed on certificates), or null. */
export async function getMentorSignature(db: Db): Promise<Image | null> {
  const [row] = await db.select({ image: media }).from(mentor).innerJoin(media, eq(media.id, mentor.signatureId));
  return toImage(row?.image);
}

/**
 * Replaces the signature with the uploaded image, or removes it (`upload` null); the old image's
 * files are deleted. The profile must be saved first (it holds the mentor's name).
 */
export async function setMentorSignature(deps: MentorDeps, upload: Buffer | null): Promise<Image | null> {
  const [current] = await deps.db.select({ signatureId: mentor.signatureId }).from(mentor).limit(1);
  if (!current) throw notFound();
  if (!upload) {
    await deps.db.update(mentor).set({ signatureId: null }).where(eq(mentor.id, 'main'));
    await releaseMedia(deps, [current.signatureId]);
    return null;
  }
  await withUploadedImage(
    deps,
    upload,
    (image) =>
      deps.db
        .update(mentor)
        .set({ signatureId: image?.id ?? null })
        .where(eq(mentor.id, 'main')),
    current.signatureId,
  );
  return getMentorSignature(deps.db);
}
