import { z } from 'zod';
import { requiredText } from '../text-fields.ts';
import { moduleSchema, videoSchema } from '../api.ts';
import { COURSE_PAGE_LIMITS } from '../limits.ts';
import { parseLessonVideoUrl } from '../video-urls.ts';
import {
  ADMIN_LIMITS,
  arabicTextField,
  type FieldErrors,
  type FormCheck,
  fail,
  idField,
  idListField,
} from './common.ts';

/** Modules and their lesson videos (docs/product.md#admin-modules-and-videos): requests, checks, answers. */

const titleField = requiredText(ADMIN_LIMITS.titleMax, 'admin.titleRequired', 'admin.titleTooLong');

/** The Arabic title of a module or lesson (docs/i18n.md#content): never required; left out keeps it, '' clears it. */
const titleArField = arabicTextField(ADMIN_LIMITS.titleMax, 'admin.titleTooLong');

/** A lesson video link, stored as its player URL: `{ source, url }`. */
export const lessonVideoUrlSchema = z
  .string({ error: 'admin.videoUrlInvalid' })
  .max(2000, { error: 'admin.videoUrlInvalid' })
  .transform((input, ctx) => {
    const parsed = parseLessonVideoUrl(input);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'admin.videoUrlInvalid' });
      return z.NEVER;
    }
    return { source: parsed.source, url: parsed.embedUrl };
  });

/**
 * A lesson's length as the owner types it: 'm:ss' or 'h:mm:ss' (or whole minutes, '12'); '' means
 * unknown. Seconds, null for '', or undefined when it cannot be read or is beyond the limit.
 */
export function parseLessonLength(input: string): number | null | undefined {
  const text = input.trim();
  if (!text) return null;
  const parts = text.split(':');
  if (parts.length > 3 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  // Every part after the first is a count below 60, written with two digits ('5:07').
  if (parts.slice(1).some((part, i) => part.length !== 2 || (numbers[i + 1] ?? 0) >= 60)) return undefined;
  const total = parts.length === 1 ? (numbers[0] ?? 0) * 60 : numbers.reduce((sum, n) => sum * 60 + n, 0);
  return total > 0 && total <= COURSE_PAGE_LIMITS.lessonSecondsMax ? total : undefined;
}

/** A length in seconds as the lesson form shows it: '12:05', '1:02:05'; '' when unknown. */
export function formatLessonLength(seconds: number | null | undefined): string {
  if (!seconds || seconds <= 0) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A lesson's typed length: seconds, or null to clear it; refused with the form's message. */
export const lessonLengthField = z
  .string({ error: 'courseRules.lessonLengthInvalid' })
  .max(20, { error: 'courseRules.lessonLengthInvalid' })
  .transform((input, ctx) => {
    const seconds = parseLessonLength(input);
    if (seconds === undefined) {
      ctx.addIssue({ code: 'custom', message: 'courseRules.lessonLengthInvalid' });
      return z.NEVER;
    }
    return seconds;
  });

/** The lesson fields of the course page: its length and whether anyone may watch it from there. */
const lessonFacts = { length: lessonLengthField.optional(), freePreview: z.boolean().optional() };

/** `POST /modules/module`. */
export const createModuleInputSchema = z.object(
  { title: titleField, titleAr: titleArField, course: idField('admin.noCourseSelected') },
  { error: 'admin.titleRequired' },
);
export type CreateModuleInput = z.input<typeof createModuleInputSchema>;

/** `PUT /modules/module/{id}`. */
export const updateModuleInputSchema = z.object(
  { title: titleField, titleAr: titleArField },
  { error: 'admin.titleRequired' },
);
export type UpdateModuleInput = z.input<typeof updateModuleInputSchema>;

/** `POST /vimeo/create`: a Vimeo (or YouTube) lesson in a module. */
export const createVideoInputSchema = z.object(
  {
    title: titleField,
    titleAr: titleArField,
    videoUrl: lessonVideoUrlSchema,
    module: idField('admin.moduleRequired'),
    ...lessonFacts,
  },
  { error: 'admin.titleRequired' },
);
export type CreateVideoInput = z.input<typeof createVideoInputSchema>;

/** `PUT /videos/videos/{id}`: a new title, and a new link when given. */
export const updateVideoInputSchema = z.object(
  { title: titleField, titleAr: titleArField, videoUrl: lessonVideoUrlSchema.optional(), ...lessonFacts },
  { error: 'admin.titleRequired' },
);
export type UpdateVideoInput = z.input<typeof updateVideoInputSchema>;

/**
 * A text of the Add Modules form: any string within `max`, checked field by field afterwards
 * (`checkBulkModules`), so that every bad field gets the form's one message.
 */
const bulkText = (max: number) =>
  z.string({ error: 'admin.modulesInvalid' }).max(max, { error: 'admin.modulesInvalid' }).optional();

/** A list of the Add Modules form, refused with the form's one message beyond `max`. */
const bulkList = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: 'admin.modulesInvalid' }).max(max, { error: 'admin.modulesInvalid' });

const bulkVideoSchema = z.object(
  {
    title: bulkText(ADMIN_LIMITS.titleMax * 2),
    titleAr: bulkText(ADMIN_LIMITS.titleMax * 2),
    videoUrl: bulkText(2000),
    length: bulkText(20),
    freePreview: z.boolean({ error: 'admin.modulesInvalid' }).optional(),
  },
  { error: 'admin.modulesInvalid' },
);

const bulkModuleSchema = z.object(
  {
    title: bulkText(ADMIN_LIMITS.titleMax * 2),
    titleAr: bulkText(ADMIN_LIMITS.titleMax * 2),
    videos: bulkList(bulkVideoSchema, ADMIN_LIMITS.videosPerModule).optional(),
  },
  { error: 'admin.modulesInvalid' },
);

/**
 * `POST /modules/bulk` (Add Modules screen): every module needs a title and at least one video,
 * every video a title and a valid link. The server checks each field and answers with the screen's
 * one message and the field paths (`modules.0.videos.1.videoUrl`).
 */
export const bulkModulesInputSchema = z.object(
  {
    course: idField('admin.noCourseSelected'),
    modules: bulkList(bulkModuleSchema, ADMIN_LIMITS.modulesPerBulk).min(1, { error: 'admin.modulesInvalid' }),
  },
  { error: 'admin.noCourseSelected' },
);
export type BulkModulesInput = z.input<typeof bulkModulesInputSchema>;

export interface CheckedBulkModule {
  title: string;
  titleAr: string;
  videos: {
    title: string;
    titleAr: string;
    source: 'vimeo' | 'youtube';
    url: string;
    durationSeconds: number | null;
    freePreview: boolean;
  }[];
}

/**
 * The Add Modules rule (docs/product.md#admin-modules-and-videos), field by field; one message for
 * all. Arabic titles (`titleAr`) are never required, but no longer than the English.
 */
export function checkBulkModules(modules: BulkModulesInput['modules']): FormCheck<CheckedBulkModule[]> {
  const errors: FieldErrors = {};
  const value: CheckedBulkModule[] = [];
  for (const [m, module] of modules.entries()) {
    const title = module.title?.trim() ?? '';
    if (!title || title.length > ADMIN_LIMITS.titleMax) errors[`modules.${m}.title`] = 'admin.modulesInvalid';
    const titleAr = module.titleAr?.trim() ?? '';
    if (titleAr.length > ADMIN_LIMITS.titleMax) errors[`modules.${m}.titleAr`] = 'admin.modulesInvalid';
    const videos = module.videos ?? [];
    if (!videos.length) errors[`modules.${m}.videos`] = 'admin.modulesInvalid';
    const checked: CheckedBulkModule['videos'] = [];
    for (const [v, video] of videos.entries()) {
      const videoTitle = video.title?.trim() ?? '';
      if (!videoTitle || videoTitle.length > ADMIN_LIMITS.titleMax)
        errors[`modules.${m}.videos.${v}.title`] = 'admin.modulesInvalid';
      const videoTitleAr = video.titleAr?.trim() ?? '';
      if (videoTitleAr.length > ADMIN_LIMITS.titleMax)
        errors[`modules.${m}.videos.${v}.titleAr`] = 'admin.modulesInvalid';
      const link = parseLessonVideoUrl(video.videoUrl ?? '');
      if (!link) errors[`modules.${m}.videos.${v}.videoUrl`] = 'admin.modulesInvalid';
      const durationSeconds = parseLessonLength(video.length ?? '');
      if (durationSeconds === undefined) errors[`modules.${m}.videos.${v}.length`] = 'courseRules.lessonLengthInvalid';
      if (link && durationSeconds !== undefined)
        checked.push({
          title: videoTitle,
          titleAr: videoTitleAr,
          source: link.source,
          url: link.embedUrl,
          durationSeconds,
          freePreview: video.freePreview ?? false,
        });
    }
    value.push({ title, titleAr, videos: checked });
  }
  return Object.keys(errors).length ? fail(errors, 'admin.modulesInvalid') : { ok: true, value };
}

/** `PUT /modules/reorder`: every module of the course, in the new order. */
export const reorderModulesInputSchema = z.object(
  { course: idField('admin.noCourseSelected'), moduleIds: idListField('admin.moduleOrderInvalid') },
  { error: 'admin.moduleOrderInvalid' },
);
export type ReorderModulesInput = z.input<typeof reorderModulesInputSchema>;

/** `PUT /videos/reorder`: every video of the module, in the new order. */
export const reorderVideosInputSchema = z.object(
  { module: idField('admin.moduleRequired'), videoIds: idListField('admin.videoOrderInvalid') },
  { error: 'admin.videoOrderInvalid' },
);
export type ReorderVideosInput = z.input<typeof reorderVideosInputSchema>;

/** A lesson video in an admin answer: its link included, and the module it belongs to. */
export const adminVideoSchema = videoSchema.extend({ module: z.string() });
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/** `POST /modules/bulk`: the modules created, with their videos. */
export const bulkModulesResultSchema = z.object({ modules: z.array(moduleSchema) });
export type BulkModulesResult = z.infer<typeof bulkModulesResultSchema>;
