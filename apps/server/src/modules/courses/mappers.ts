import type { Course, Module, Video } from '@oasis/shared/api';
import { filsToAed } from '@oasis/shared/format';
import { FALLBACK_THUMBNAIL } from '@oasis/shared/limits';
import type { courses, modules, videos } from '../../db/schema.ts';
import { signVideoStreamUrl } from '../../lib/signed-urls.ts';
import { sanitizeRichHtml } from '../../lib/sanitize.ts';
import type { Viewer } from '../access/service.ts';
import { type MediaRow, toImage } from '../media/service.ts';

/* Course, module and lesson rows as the API shapes them. */

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;

/** Who is asking, as far as lesson videos are concerned; null for an anonymous visitor. */
export type { Viewer };

/**
 * The API shape of a course row. Rich HTML is sanitised again on the way out, by `html` when given
 * (the read model passes one that remembers what it sanitised before).
 */
export function toCourse(
  row: CourseRow,
  thumbnail: MediaRow | null,
  students: number,
  brandName: string,
  html: (raw: string) => string = sanitizeRichHtml,
): Course {
  const image = toImage(thumbnail);
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    titleAr: row.titleAr,
    description: html(row.description),
    descriptionAr: html(row.descriptionAr),
    courseOutcome: html(row.courseOutcome),
    courseOutcomeAr: html(row.courseOutcomeAr),
    tagline: row.tagline,
    taglineAr: row.taglineAr,
    level: row.level,
    language: row.language,
    outcomes: row.outcomes,
    outcomesAr: row.outcomesAr,
    faq: row.faq,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    price: filsToAed(row.priceFils),
    thumbnailUrl: image?.url ?? FALLBACK_THUMBNAIL,
    thumbnail: image,
    author: row.author?.trim() || brandName,
    authorAr: row.authorAr,
    students,
    comingSoon: row.comingSoon,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * How lesson video links are handed out. Vimeo and YouTube videos carry their player URL; an
 * uploaded file gets a short-lived signed link to the stream route, made with `signingSecret`
 * (without one it gets no link).
 */
export interface VideoLinks {
  signingSecret?: string;
}

/** What a lesson needs to be shown: the title and place, and the link only for those who may watch. */
type LessonRow = Pick<
  VideoRow,
  'id' | 'title' | 'titleAr' | 'source' | 'position' | 'durationSeconds' | 'freePreview'
> &
  Partial<Pick<VideoRow, 'url' | 'mediaId' | 'durationSource'>>;

/** A lesson video. The URL goes only to those who may watch (enrolled learners, admins). */
export function toVideo(row: LessonRow, withUrl: boolean, links: VideoLinks = {}): Video {
  const video: Video = {
    _id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    source: row.source,
    position: row.position,
    durationSeconds: row.durationSeconds,
    freePreview: row.freePreview,
  };
  if (!withUrl) return video;
  if (row.durationSource !== undefined) video.durationSource = row.durationSource;
  if (row.source === 'file') {
    if (row.mediaId && links.signingSecret) video.videoUrl = signVideoStreamUrl(links.signingSecret, row.id);
  } else if (row.url) {
    video.videoUrl = row.url;
  }
  return video;
}

export function toModule(row: ModuleRow, moduleVideos: LessonRow[], withUrls: boolean, links: VideoLinks = {}): Module {
  return {
    _id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    course: row.courseId,
    position: row.position,
    videos: moduleVideos.map((v) => toVideo(v, withUrls, links)),
  };
}
