import { eq, sql } from 'drizzle-orm';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  checkArabicField,
  type FieldErrors,
  parseFormBoolean,
} from '@oasis/shared/admin/common';
import { type AdminVideo, parseLessonLength, type ReorderVideosInput } from '@oasis/shared/admin/modules';
import type { Module } from '@oasis/shared/api';
import { parseLessonVideoUrl } from '@oasis/shared/video-urls';
import type { Db } from '../../db/client.ts';
import { media, videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import type { ReadFormResult } from '../media/form-input.ts';
import { toVideo, touchCourse, touchCourseOfModule, type VideoLinks, type VideoRow } from '../courses/service.ts';
import { deleteMedia, releaseMedia } from '../media/service.ts';
import { getAdminModule, requireModuleRow, requireWholeOrder } from '../course-modules/service.ts';

type ContentDeps = Pick<Deps, 'db' | 'storage' | 'pageCache'>;

/** A lesson link as the shared schemas hand it over: already checked and turned into a player URL. */
export interface LinkedSource {
  source: 'vimeo' | 'youtube';
  url: string;
}

export function toAdminVideo(row: VideoRow, links: VideoLinks): AdminVideo {
  return { ...toVideo(row, true, links), module: row.moduleId };
}

export async function requireVideoRow(db: Db, id: string): Promise<VideoRow> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  if (!row) throw notFound('progress.videoNotFound');
  return row;
}

const nextVideoPosition = (moduleId: string) =>
  sql<number>`(select coalesce(max(${videos.position}), -1) + 1 from ${videos} where ${videos.moduleId} = ${moduleId})`;

/** `POST /vimeo/create`: a Vimeo (or YouTube) lesson at the end of a module. */
export async function createLinkedVideo(
  deps: ContentDeps,
  input: { title: string; titleAr?: string; videoUrl: LinkedSource; module: string } & LessonFacts,
  links: VideoLinks,
): Promise<AdminVideo> {
  const module = await requireModuleRow(deps.db, input.module);
  const [row] = await deps.db
    .insert(videos)
    .values({
      moduleId: module.id,
      title: input.title,
      titleAr: input.titleAr ?? '',
      source: input.videoUrl.source,
      url: input.videoUrl.url,
      durationSeconds: input.length ?? null,
      durationSource: input.length == null ? null : 'owner',
      freePreview: input.freePreview ?? false,
      position: nextVideoPosition(module.id),
    })
    .returning();
  if (!row) throw new Error('video insert returned no row');
  await touchCourse(deps.db, module.courseId);
  return toAdminVideo(row, links);
}

/**
 * Sets a video's title (and its Arabic one when given: '' clears it) and, when given, its new
 * source; the file it no longer uses is deleted.
 */
async function saveVideo(
  deps: ContentDeps,
  current: VideoRow,
  titles: { title: string; titleAr?: string | undefined } & LessonFacts,
  source: LinkedSource | { source: 'file'; mediaId: string } | null,
  links: VideoLinks,
): Promise<AdminVideo> {
  const [row] = await deps.db
    .update(videos)
    .set({
      title: titles.title,
      ...(titles.titleAr !== undefined && { titleAr: titles.titleAr }),
      ...(titles.length !== undefined && {
        durationSeconds: titles.length,
        durationSource: titles.length === null ? null : ('owner' as const),
      }),
      ...(titles.freePreview !== undefined && { freePreview: titles.freePreview }),
      ...(source?.source === 'file' && { source: 'file' as const, url: null, mediaId: source.mediaId }),
      ...(source && source.source !== 'file' && { source: source.source, url: source.url, mediaId: null }),
      updatedAt: new Date(),
    })
    .where(eq(videos.id, current.id))
    .returning();
  if (!row) throw notFound('progress.videoNotFound');
  if (current.mediaId && current.mediaId !== row.mediaId) await releaseMedia(deps, [current.mediaId]);
  await touchCourseOfModule(deps.db, row.moduleId);
  return toAdminVideo(row, links);
}

/** A lesson's length (seconds, null: unknown) and free-preview mark; each left out keeps its value. */
interface LessonFacts {
  length?: number | null | undefined;
  freePreview?: boolean | undefined;
}

/** The lesson facts of the multipart lesson form (`length` as 'm:ss', `freePreview` as a checkbox). */
function checkLessonFacts(fields: ReadFormResult['fields'], errors: FieldErrors): LessonFacts {
  const facts: LessonFacts = {};
  if (fields.length !== undefined) {
    const seconds = parseLessonLength(fields.length);
    if (seconds === undefined) errors.length = 'courseRules.lessonLengthInvalid';
    else facts.length = seconds;
  }
  if (fields.freePreview !== undefined) facts.freePreview = parseFormBoolean(fields.freePreview);
  return facts;
}

function checkTitle(input: string | undefined, errors: FieldErrors): string {
  const title = input?.trim() ?? '';
  if (!title) errors.title = 'admin.titleRequired';
  else if (title.length > ADMIN_LIMITS.titleMax) errors.title = 'admin.titleTooLong';
  return title;
}

/**
 * `PUT /vimeo/update/{videoId}` (module edit modal): a title (and `titleAr`: left out keeps it) and
 * either an uploaded MP4/WebM file (the source becomes `file`) or a Vimeo/YouTube link. The uploaded
 * file, already stored by the time this runs, is deleted again when the request is refused.
 */
export async function replaceVideoSource(
  deps: ContentDeps,
  current: VideoRow,
  form: Pick<ReadFormResult, 'fields' | 'video'>,
  links: VideoLinks,
): Promise<AdminVideo> {
  try {
    const errors: FieldErrors = {};
    const title = checkTitle(form.fields.title, errors);
    const titleAr = checkArabicField(form.fields, 'titleAr', errors, {
      max: ADMIN_LIMITS.titleMax,
      message: 'admin.titleTooLong',
    });
    const facts = checkLessonFacts(form.fields, errors);
    const link = form.fields.videoUrl?.trim();
    let source: LinkedSource | { source: 'file'; mediaId: string } | null = null;
    if (form.video) {
      source = { source: 'file', mediaId: form.video.id };
    } else if (link) {
      const parsed = parseLessonVideoUrl(link);
      if (!parsed) errors.videoUrl = 'admin.videoUrlInvalid';
      else source = { source: parsed.source, url: parsed.embedUrl };
    } else {
      errors.video = 'admin.videoSourceRequired';
    }
    if (Object.keys(errors).length) throw validationError(errors);
    return await saveVideo(deps, current, { title, titleAr, ...facts }, source, links);
  } catch (error) {
    if (form.video) await deleteMedia(deps, form.video.id).catch(() => {});
    throw error;
  }
}

/** `PUT /videos/videos/{id}`: a new title (the Arabic one when given), and a new link when one is given. */
export async function updateVideo(
  deps: ContentDeps,
  id: string,
  input: { title: string; titleAr?: string | undefined; videoUrl?: LinkedSource | undefined } & LessonFacts,
  links: VideoLinks,
): Promise<AdminVideo> {
  const current = await requireVideoRow(deps.db, id);
  return saveVideo(deps, current, input, input.videoUrl ?? null, links);
}

/** `DELETE /videos/videos/{id}`: the video, learners' progress on it, and its uploaded file. */
export async function deleteVideo(deps: ContentDeps, id: string): Promise<{ message: string }> {
  const [row] = await deps.db.delete(videos).where(eq(videos.id, id)).returning();
  if (!row) throw notFound('progress.videoNotFound');
  await releaseMedia(deps, [row.mediaId]);
  await touchCourseOfModule(deps.db, row.moduleId);
  return { message: ADMIN_MESSAGES.videoDeleted };
}

/** `PUT /videos/reorder`: every video of the module in its new order; positions become 0..n-1. */
export async function reorderVideos(deps: ContentDeps, input: ReorderVideosInput, links: VideoLinks): Promise<Module> {
  const module = await requireModuleRow(deps.db, input.module);
  await deps.db.transaction(async (tx) => {
    const current = await tx.select({ id: videos.id }).from(videos).where(eq(videos.moduleId, module.id)).for('update');
    requireWholeOrder(input.videoIds, current, { videoIds: 'admin.videoOrderInvalid' });
    for (const [position, id] of input.videoIds.entries()) {
      await tx.update(videos).set({ position }).where(eq(videos.id, id));
    }
  });
  await touchCourse(deps.db, module.courseId);
  return getAdminModule(deps.db, module, links);
}

/** The stored file of an uploaded lesson video, or null (no such video, or not an upload). */
export async function findVideoFile(db: Db, id: string): Promise<{ key: string; mime: string } | null> {
  const [row] = await db
    .select({ key: media.key, mime: media.mime })
    .from(videos)
    .innerJoin(media, eq(media.id, videos.mediaId))
    .where(eq(videos.id, id))
    .limit(1);
  return row?.key.startsWith('videos/') ? row : null;
}

export type ByteRange = { start: number; end: number };

/**
 * A `Range` header against a file of `size` bytes: null to send the whole file (no header, another
 * unit, or several ranges, which RFC 9110 lets us answer in full), a single range, or
 * 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const spec = match[1]?.trim() ?? '';
  if (spec.includes(',')) return null;
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!parts) return 'unsatisfiable';
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
