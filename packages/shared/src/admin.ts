import { z } from 'zod';
import { courseSchema, moduleSchema, type SOCIAL_NETWORKS, siteSettingsSchema, videoSchema } from './api.ts';
import { fieldErrors } from './auth.ts';
import { stripHtml } from './format.ts';
import { WATCH_RULES } from './progress.ts';
import { parseLessonVideoUrl, parseYouTubeUrl } from './video-urls.ts';

/**
 * The admin write API (spec §4, §5, §7, §8): wording, limits, the pure checks of multipart forms
 * (the server enforces them; admin screens may run the same ones before sending) and the zod
 * schemas of the JSON requests and of the answers.
 */
export const ADMIN_LIMITS = {
  titleMax: 200,
  authorMax: 120,
  /** Rich HTML (descriptions, outcomes, blog bodies), before sanitising. */
  richHtmlMax: 200_000,
  /** AED. */
  priceMax: 1_000_000,
  textMax: 2_000,
  modulesPerBulk: 50,
  videosPerModule: 200,
  reorderMax: 1_000,
  /** Years a typed date (a blog's) may fall in: outside them it is a typo, and PostgreSQL refuses year 0. */
  yearMin: 2000,
  yearMax: 2100,
} as const;

export const ADMIN_MESSAGES = {
  // Courses (spec §5, §8).
  fillRequiredFields: 'Please fill in all required fields before submitting.',
  creatingCourse: 'Creating course...',
  creating: 'Creating...',
  courseCreated: '✅ Course created!',
  courseCreateFailed: '❌ Course creation failed.',
  failedToLoadCourses: 'Failed to load courses',
  titleCannotBeEmpty: 'Title cannot be empty',
  courseUpdated: 'Course updated!',
  updateFailed: 'Update failed',
  deleting: 'Deleting...',
  courseDeleted: 'Course deleted!',
  deleteFailed: 'Delete failed',
  // Ours: a course that learners paid for is archived, not destroyed (DECISIONS: buyers keep access).
  courseArchived: 'Course archived: learners who bought it keep access.',
  courseRestored: 'Course restored.',
  priceInvalid: 'Please enter a price in AED of 0 or more, with at most 2 decimals.',
  titleTooLong: `A title can be at most ${ADMIN_LIMITS.titleMax} characters.`,
  authorTooLong: `An author name can be at most ${ADMIN_LIMITS.authorMax} characters.`,
  htmlTooLong: 'This text is too long. Please shorten it.',
  textTooLong: `This field can be at most ${ADMIN_LIMITS.textMax} characters.`,
  imageRequired: 'Please choose an image to upload.',
  // Ours: lessons complete only once watched (courses that require watching).
  watchShareRange: `The share to watch must be a whole number from ${WATCH_RULES.sharePercentMin} to ${WATCH_RULES.sharePercentMax} (%).`,
  // Modules and videos (spec §5, §8).
  noCourseSelected: 'No course selected',
  failedToLoadModules: 'Failed to load modules',
  saveFailed: 'Save failed',
  titleRequired: 'Title is required',
  videoSourceRequired: 'Either upload a video file or provide a Vimeo URL',
  modulesInvalid: 'Please fill all required module and video fields with valid Vimeo URLs.',
  // Ours.
  videoUrlInvalid: 'Please enter a valid Vimeo URL (such as https://vimeo.com/76979871) or a YouTube link.',
  moduleRequired: 'Please choose a module.',
  moduleNotFound: 'Module not found',
  videoNotFound: 'Video not found',
  moduleSaved: 'Module saved!',
  modulesSaved: 'Modules saved!',
  moduleDeleted: 'Module deleted!',
  videoSaved: 'Video saved!',
  videoDeleted: 'Video deleted!',
  orderSaved: 'Order saved!',
  moduleOrderInvalid: 'The new order must list every module of the course exactly once.',
  videoOrderInvalid: 'The new order must list every video of the module exactly once.',
  podcastOrderInvalid: 'The new order must list every podcast video exactly once.',
  // Uploads (ours).
  videoUnsupported: 'Please upload an MP4 or WebM video.',
  uploadMalformed: 'The upload was incomplete. Please try again.',
  tooManyFiles: 'Please upload one file at a time.',
  // Streaming uploaded lesson videos (ours).
  videoLinkInvalid: 'This video link is not valid.',
  videoLinkExpired: 'This video link has expired. Please reload the page.',
  rangeNotSatisfiable: 'The requested range is not available.',
  // Blogs (spec §8; the create rule is spec §5, its wording ours).
  blogFieldsRequired: 'Please fill in the title and author.',
  dateInvalid: 'Please enter a valid date.',
  dateOutOfRange: `Please enter a date between the years ${ADMIN_LIMITS.yearMin} and ${ADMIN_LIMITS.yearMax}.`,
  blogCreated: 'Blog created!',
  blogCreateFailed: 'Failed to create blog',
  failedToFetchBlogs: 'Failed to fetch blogs',
  blogUpdated: 'Blog updated!',
  blogDeleted: 'Blog deleted!',
  // Hero and intro (spec §5, §8).
  heroFieldsRequired: 'Please fill in the title and subtitle.',
  heroUpdated: 'Hero section updated!',
  heroUpdateFailed: 'Failed to update hero section',
  introFieldsRequired: 'All fields must be filled',
  introUpdated: 'Introduction updated!',
  introUpdateFailed: 'Failed to update introduction',
  // Podcast videos (spec §5, §8).
  podcastFieldsRequired: 'Please fill in all fields.',
  podcastUrlInvalid: 'Invalid YouTube URL.',
  podcastSaveFailed: 'Error saving podcast video.',
  podcastSaved: 'Podcast video saved!',
  podcastDeleted: 'Podcast video deleted!',
  podcastNotFound: 'Podcast video not found',
  // Site settings (ours).
  brandNameRequired: 'Please enter the brand name.',
  settingsEmailInvalid: 'Please enter a valid email address.',
  settingsPhoneInvalid: 'Please enter a phone number with its country code, such as +971 50 123 4567.',
  addressRequired: 'Please enter the address.',
  settingsUrlInvalid: 'Please enter a full link starting with https://, or leave it empty.',
  settingsSaved: 'Settings saved!',
} as const;

// ---------------------------------------------------------------------------------------------
// Multipart forms: text fields arrive as strings. Each check returns the cleaned values or the
// field errors (field → message) with the message the screen shows first.

export type FormFields = Record<string, string | undefined>;
export type FieldErrors = Record<string, string>;
export type FormCheck<T> = { ok: true; value: T } | { ok: false; message: string; errors: FieldErrors };

function fail<T>(errors: FieldErrors, message?: string): FormCheck<T> {
  return { ok: false, message: message ?? Object.values(errors)[0] ?? ADMIN_MESSAGES.fillRequiredFields, errors };
}

/**
 * A form checked in the browser by the schema the server applies: a message per field. The form's
 * message is `required` when a field is missing, else the first field's.
 */
function checkBySchema<S extends z.ZodType>(schema: S, input: z.input<S>, required?: string): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = fieldErrors(parsed.error);
  return fail(errors, required && Object.values(errors).includes(required) ? required : undefined);
}

/** Whether rich HTML has something to show (the editor's empty document is `<p></p>`). */
export function hasRichContent(html: string | undefined): boolean {
  if (!html) return false;
  return stripHtml(html).length > 0 || /<img\s/i.test(html);
}

/** AED text to fils: '888', '888.5', '888.50'; at most 2 decimals; 0 is allowed ('POA'). */
export function parsePriceToFils(input: string | number | undefined): number | null {
  const text = typeof input === 'number' ? String(input) : (input ?? '').trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const fils = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(fils) || fils > ADMIN_LIMITS.priceMax * 100) return null;
  return fils;
}

/** 'true', 'on', '1', 'yes' (any case) are true; anything else false. */
export function parseFormBoolean(input: string | undefined): boolean {
  return ['true', 'on', '1', 'yes'].includes((input ?? '').trim().toLowerCase());
}

export interface CourseFormValues {
  title?: string;
  priceFils?: number;
  description?: string;
  courseOutcome?: string;
  comingSoon?: boolean;
  /** null clears the author (the brand name is shown instead). */
  author?: string | null;
  /** Lessons complete only once the server has seen `watchSharePercent` % of them watched. */
  requireWatching?: boolean;
  watchSharePercent?: number;
}

/**
 * Add Course (`mode: 'create'`): trimmed title, price, trimmed description and a thumbnail are
 * required (spec §5). Edit (`mode: 'update'`): the title must not be empty; fields left out keep
 * their value.
 */
export function checkCourseForm(
  fields: FormFields,
  options: { mode: 'create' | 'update'; hasThumbnail: boolean },
): FormCheck<CourseFormValues> {
  const errors: FieldErrors = {};
  const value: CourseFormValues = {};
  const create = options.mode === 'create';
  const title = fields.title?.trim();
  const price = fields.price?.trim();
  const description = fields.description;

  if (create) {
    if (!title) errors.title = ADMIN_MESSAGES.fillRequiredFields;
    if (!price) errors.price = ADMIN_MESSAGES.fillRequiredFields;
    if (!hasRichContent(description)) errors.description = ADMIN_MESSAGES.fillRequiredFields;
    if (!options.hasThumbnail) errors.thumbnail = ADMIN_MESSAGES.fillRequiredFields;
    if (Object.keys(errors).length) return fail(errors, ADMIN_MESSAGES.fillRequiredFields);
  } else if (!title) {
    return fail({ title: ADMIN_MESSAGES.titleCannotBeEmpty });
  }

  if (title !== undefined) {
    if (title.length > ADMIN_LIMITS.titleMax) errors.title = ADMIN_MESSAGES.titleTooLong;
    value.title = title;
  }
  if (price !== undefined) {
    const fils = parsePriceToFils(price);
    if (fils === null) errors.price = ADMIN_MESSAGES.priceInvalid;
    else value.priceFils = fils;
  }
  for (const key of ['description', 'courseOutcome'] as const) {
    const html = fields[key];
    if (html === undefined) continue;
    if (html.length > ADMIN_LIMITS.richHtmlMax) errors[key] = ADMIN_MESSAGES.htmlTooLong;
    value[key] = html;
  }
  if (fields.comingSoon !== undefined) value.comingSoon = parseFormBoolean(fields.comingSoon);
  if (fields.author !== undefined) {
    const author = fields.author.trim();
    if (author.length > ADMIN_LIMITS.authorMax) errors.author = ADMIN_MESSAGES.authorTooLong;
    value.author = author || null;
  }
  if (fields.requireWatching !== undefined) value.requireWatching = parseFormBoolean(fields.requireWatching);
  if (fields.watchSharePercent !== undefined) {
    const share = parseWatchSharePercent(fields.watchSharePercent);
    if (share === null) errors.watchSharePercent = ADMIN_MESSAGES.watchShareRange;
    else value.watchSharePercent = share;
  }
  return Object.keys(errors).length ? fail(errors) : { ok: true, value };
}

/** The share of a lesson to watch, as typed: a whole percent from 50 to 100; else null. */
export function parseWatchSharePercent(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const share = Number(text);
  return share >= WATCH_RULES.sharePercentMin && share <= WATCH_RULES.sharePercentMax ? share : null;
}

export interface BlogFormValues {
  title: string;
  author: string;
  description?: string;
  /** ISO date-time; absent keeps the current one (today for a new post). */
  date?: string;
}

/** Blog create and edit: title and author are required (spec §5); description is rich text. */
export function checkBlogForm(fields: FormFields): FormCheck<BlogFormValues> {
  const errors: FieldErrors = {};
  const title = fields.title?.trim() ?? '';
  const author = fields.author?.trim() ?? '';
  if (!title) errors.title = ADMIN_MESSAGES.blogFieldsRequired;
  if (!author) errors.author = ADMIN_MESSAGES.blogFieldsRequired;
  if (Object.keys(errors).length) return fail(errors, ADMIN_MESSAGES.blogFieldsRequired);
  if (title.length > ADMIN_LIMITS.titleMax) errors.title = ADMIN_MESSAGES.titleTooLong;
  if (author.length > ADMIN_LIMITS.authorMax) errors.author = ADMIN_MESSAGES.authorTooLong;
  const value: BlogFormValues = { title, author };
  if (fields.description !== undefined) {
    if (fields.description.length > ADMIN_LIMITS.richHtmlMax) errors.description = ADMIN_MESSAGES.htmlTooLong;
    value.description = fields.description;
  }
  const date = fields.date?.trim();
  if (date) {
    const parsed = parseAdminDate(date);
    if (!parsed) errors.date = ADMIN_MESSAGES.dateInvalid;
    else if (!isAllowedYear(parsed)) errors.date = ADMIN_MESSAGES.dateOutOfRange;
    else value.date = parsed;
  }
  return Object.keys(errors).length ? fail(errors) : { ok: true, value };
}

/** Whether an ISO date-time (from `parseAdminDate`) falls in the years ADMIN_LIMITS allows. */
export function isAllowedYear(iso: string): boolean {
  const year = new Date(iso).getUTCFullYear();
  return year >= ADMIN_LIMITS.yearMin && year <= ADMIN_LIMITS.yearMax;
}

/** 'YYYY-MM-DD' (noon in Dubai, so the day never shifts) or a full ISO date-time. */
export function parseAdminDate(input: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (day) {
    const date = new Date(`${input}T12:00:00+04:00`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== input ? null : date.toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input)) return null;
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function checkTextFields<K extends string>(
  fields: FormFields,
  keys: readonly K[],
  requiredMessage: string,
): FormCheck<Record<K, string>> {
  const errors: FieldErrors = {};
  const value = {} as Record<K, string>;
  for (const key of keys) {
    const text = fields[key]?.trim() ?? '';
    if (!text) errors[key] = requiredMessage;
    else if (text.length > ADMIN_LIMITS.textMax) errors[key] = ADMIN_MESSAGES.textTooLong;
    value[key] = text;
  }
  const missing = Object.values(errors).includes(requiredMessage);
  return Object.keys(errors).length ? fail(errors, missing ? requiredMessage : undefined) : { ok: true, value };
}

/** Hero editor: title and subtitle. */
export function checkHeroForm(fields: FormFields) {
  return checkTextFields(fields, ['title', 'subtitle'] as const, ADMIN_MESSAGES.heroFieldsRequired);
}

/** Intro editor: every text field (spec §5: 'All fields must be filled'). */
export function checkIntroForm(fields: FormFields) {
  return checkTextFields(
    fields,
    ['heading', 'subheading', 'paragraph1', 'paragraph2'] as const,
    ADMIN_MESSAGES.introFieldsRequired,
  );
}

// ---------------------------------------------------------------------------------------------
// JSON requests.

const id = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message });

const titleField = z
  .string({ error: ADMIN_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.titleRequired })
  .max(ADMIN_LIMITS.titleMax, { error: ADMIN_MESSAGES.titleTooLong });

/** A lesson video link, stored as its player URL: `{ source, url }`. */
export const lessonVideoUrlSchema = z
  .string({ error: ADMIN_MESSAGES.videoUrlInvalid })
  .max(2000, { error: ADMIN_MESSAGES.videoUrlInvalid })
  .transform((input, ctx) => {
    const parsed = parseLessonVideoUrl(input);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.videoUrlInvalid });
      return z.NEVER;
    }
    return { source: parsed.source, url: parsed.embedUrl };
  });

/** `POST /modules/module`. */
export const createModuleInputSchema = z.object(
  { title: titleField, course: id(ADMIN_MESSAGES.noCourseSelected) },
  { error: ADMIN_MESSAGES.titleRequired },
);
export type CreateModuleInput = z.input<typeof createModuleInputSchema>;

/** `PUT /modules/module/{id}`. */
export const updateModuleInputSchema = z.object({ title: titleField }, { error: ADMIN_MESSAGES.titleRequired });
export type UpdateModuleInput = z.input<typeof updateModuleInputSchema>;

/** `POST /vimeo/create`: a Vimeo (or YouTube) lesson in a module. */
export const createVideoInputSchema = z.object(
  { title: titleField, videoUrl: lessonVideoUrlSchema, module: id(ADMIN_MESSAGES.moduleRequired) },
  { error: ADMIN_MESSAGES.titleRequired },
);
export type CreateVideoInput = z.input<typeof createVideoInputSchema>;

/** `PUT /videos/videos/{id}`: a new title, and a new link when given. */
export const updateVideoInputSchema = z.object(
  { title: titleField, videoUrl: lessonVideoUrlSchema.optional() },
  { error: ADMIN_MESSAGES.titleRequired },
);
export type UpdateVideoInput = z.input<typeof updateVideoInputSchema>;

/**
 * `POST /modules/bulk` (Add Modules screen): every module needs a title and at least one video,
 * every video a title and a valid link. The server checks each field and answers with the spec's
 * one message and the field paths (`modules.0.videos.1.videoUrl`).
 */
export const bulkModulesInputSchema = z.object(
  {
    course: id(ADMIN_MESSAGES.noCourseSelected),
    modules: z
      .array(
        z.object(
          {
            title: z
              .string({ error: ADMIN_MESSAGES.modulesInvalid })
              .max(ADMIN_LIMITS.titleMax * 2, { error: ADMIN_MESSAGES.modulesInvalid })
              .optional(),
            videos: z
              .array(
                z.object(
                  {
                    title: z
                      .string({ error: ADMIN_MESSAGES.modulesInvalid })
                      .max(ADMIN_LIMITS.titleMax * 2, { error: ADMIN_MESSAGES.modulesInvalid })
                      .optional(),
                    videoUrl: z
                      .string({ error: ADMIN_MESSAGES.modulesInvalid })
                      .max(2000, { error: ADMIN_MESSAGES.modulesInvalid })
                      .optional(),
                  },
                  { error: ADMIN_MESSAGES.modulesInvalid },
                ),
                { error: ADMIN_MESSAGES.modulesInvalid },
              )
              .max(ADMIN_LIMITS.videosPerModule, { error: ADMIN_MESSAGES.modulesInvalid })
              .optional(),
          },
          { error: ADMIN_MESSAGES.modulesInvalid },
        ),
        { error: ADMIN_MESSAGES.modulesInvalid },
      )
      .min(1, { error: ADMIN_MESSAGES.modulesInvalid })
      .max(ADMIN_LIMITS.modulesPerBulk, { error: ADMIN_MESSAGES.modulesInvalid }),
  },
  { error: ADMIN_MESSAGES.noCourseSelected },
);
export type BulkModulesInput = z.input<typeof bulkModulesInputSchema>;

export interface CheckedBulkModule {
  title: string;
  videos: { title: string; source: 'vimeo' | 'youtube'; url: string }[];
}

/** The Add Modules rule (spec §5), field by field; one message for all (spec wording). */
export function checkBulkModules(modules: BulkModulesInput['modules']): FormCheck<CheckedBulkModule[]> {
  const errors: FieldErrors = {};
  const value: CheckedBulkModule[] = [];
  for (const [m, module] of modules.entries()) {
    const title = module.title?.trim() ?? '';
    if (!title || title.length > ADMIN_LIMITS.titleMax) errors[`modules.${m}.title`] = ADMIN_MESSAGES.modulesInvalid;
    const videos = module.videos ?? [];
    if (!videos.length) errors[`modules.${m}.videos`] = ADMIN_MESSAGES.modulesInvalid;
    const checked: CheckedBulkModule['videos'] = [];
    for (const [v, video] of videos.entries()) {
      const videoTitle = video.title?.trim() ?? '';
      if (!videoTitle || videoTitle.length > ADMIN_LIMITS.titleMax)
        errors[`modules.${m}.videos.${v}.title`] = ADMIN_MESSAGES.modulesInvalid;
      const link = parseLessonVideoUrl(video.videoUrl ?? '');
      if (!link) errors[`modules.${m}.videos.${v}.videoUrl`] = ADMIN_MESSAGES.modulesInvalid;
      else checked.push({ title: videoTitle, source: link.source, url: link.embedUrl });
    }
    value.push({ title, videos: checked });
  }
  return Object.keys(errors).length ? fail(errors, ADMIN_MESSAGES.modulesInvalid) : { ok: true, value };
}

const idList = (message: string) =>
  z.array(id(message), { error: message }).min(1, { error: message }).max(ADMIN_LIMITS.reorderMax, { error: message });

/** `PUT /modules/reorder`: every module of the course, in the new order. */
export const reorderModulesInputSchema = z.object(
  { course: id(ADMIN_MESSAGES.noCourseSelected), moduleIds: idList(ADMIN_MESSAGES.moduleOrderInvalid) },
  { error: ADMIN_MESSAGES.moduleOrderInvalid },
);
export type ReorderModulesInput = z.input<typeof reorderModulesInputSchema>;

/** `PUT /videos/reorder`: every video of the module, in the new order. */
export const reorderVideosInputSchema = z.object(
  { module: id(ADMIN_MESSAGES.moduleRequired), videoIds: idList(ADMIN_MESSAGES.videoOrderInvalid) },
  { error: ADMIN_MESSAGES.videoOrderInvalid },
);
export type ReorderVideosInput = z.input<typeof reorderVideosInputSchema>;

/** `PUT /youtube/reorder`: every podcast video, in the new order. */
export const reorderPodcastsInputSchema = z.object(
  { ids: idList(ADMIN_MESSAGES.podcastOrderInvalid) },
  { error: ADMIN_MESSAGES.podcastOrderInvalid },
);
export type ReorderPodcastsInput = z.input<typeof reorderPodcastsInputSchema>;

const podcastText = z
  .string({ error: ADMIN_MESSAGES.podcastFieldsRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.podcastFieldsRequired });

/**
 * `POST /youtube/add` and `PUT /youtube/update/{id}`: title and a YouTube watch, shorts or embed
 * link (spec §5), stored as the embed URL.
 */
export const podcastInputSchema = z.object(
  {
    title: podcastText.max(ADMIN_LIMITS.titleMax, { error: ADMIN_MESSAGES.titleTooLong }),
    embeddedUrl: podcastText.max(2000, { error: ADMIN_MESSAGES.podcastUrlInvalid }).transform((input, ctx) => {
      const parsed = parseYouTubeUrl(input);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.podcastUrlInvalid });
        return z.NEVER;
      }
      return parsed.embedUrl;
    }),
    comingSoon: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  },
  { error: ADMIN_MESSAGES.podcastFieldsRequired },
);
export type PodcastInput = z.input<typeof podcastInputSchema>;

/** The podcast form (spec §5), checked in the browser by the schema the server applies. */
export function checkPodcastForm(input: PodcastInput) {
  return checkBySchema(podcastInputSchema, input, ADMIN_MESSAGES.podcastFieldsRequired);
}

const optionalHttpsUrl = z
  .string({ error: ADMIN_MESSAGES.settingsUrlInvalid })
  .trim()
  .max(500, { error: ADMIN_MESSAGES.settingsUrlInvalid })
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: ADMIN_MESSAGES.settingsUrlInvalid,
  });

/** `PUT /settings`: brand and contact details shown across the site. */
export const siteSettingsInputSchema = z.object(
  {
    brandName: z
      .string({ error: ADMIN_MESSAGES.brandNameRequired })
      .trim()
      .min(1, { error: ADMIN_MESSAGES.brandNameRequired })
      .max(120, { error: ADMIN_MESSAGES.textTooLong }),
    email: z
      .string({ error: ADMIN_MESSAGES.settingsEmailInvalid })
      .trim()
      .max(254, { error: ADMIN_MESSAGES.settingsEmailInvalid })
      .pipe(z.email({ error: ADMIN_MESSAGES.settingsEmailInvalid })),
    phone: z
      .string({ error: ADMIN_MESSAGES.settingsPhoneInvalid })
      .trim()
      .regex(/^\+\d[\d ()-]{5,24}$/, { error: ADMIN_MESSAGES.settingsPhoneInvalid }),
    address: z
      .string({ error: ADMIN_MESSAGES.addressRequired })
      .trim()
      .min(1, { error: ADMIN_MESSAGES.addressRequired })
      .max(500, { error: ADMIN_MESSAGES.textTooLong }),
    chatUrl: optionalHttpsUrl,
    brandSiteUrl: optionalHttpsUrl,
    social: z.object(
      {
        linkedin: optionalHttpsUrl,
        youtube: optionalHttpsUrl,
        instagram: optionalHttpsUrl,
        tiktok: optionalHttpsUrl,
        facebook: optionalHttpsUrl,
      } satisfies Record<(typeof SOCIAL_NETWORKS)[number], typeof optionalHttpsUrl>,
      { error: ADMIN_MESSAGES.settingsUrlInvalid },
    ),
  },
  { error: ADMIN_MESSAGES.brandNameRequired },
);
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;

/** The settings form, checked in the browser by the schema the server applies: a message per field. */
export function checkSettingsForm(draft: SiteSettingsInput) {
  return checkBySchema(siteSettingsInputSchema, draft);
}
/** The answer of `PUT /settings` is the saved settings. */
export const savedSiteSettingsSchema = siteSettingsSchema;

// ---------------------------------------------------------------------------------------------
// Answers.

/** A plain confirmation: `{ message }` (deletes). */
export const messageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;

/**
 * `DELETE /courses/course/{courseId}`: `{ message: 'Course deleted!' }`, or for a course that
 * learners have bought `{ message: 'Course archived: …', archived: true }`.
 */
export const deleteCourseResultSchema = z.object({ message: z.string(), archived: z.boolean() });
export type DeleteCourseResult = z.infer<typeof deleteCourseResultSchema>;

/** A course in the admin list (`GET /admin/courses`): archived ones included and flagged. */
export const adminCourseSchema = courseSchema.extend({
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  moduleCount: z.number().int(),
  videoCount: z.number().int(),
  hasQuiz: z.boolean(),
  /** Learners enrolled (paid or not); a course with any is archived rather than deleted. */
  enrolments: z.number().int(),
  requireWatching: z.boolean(),
  watchSharePercent: z.number().int(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;
export const adminCourseListSchema = z.array(adminCourseSchema);

/** A lesson video in an admin answer: its link included, and the module it belongs to. */
export const adminVideoSchema = videoSchema.extend({ module: z.string() });
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/** `POST /modules/bulk`: the modules created, with their videos. */
export const bulkModulesResultSchema = z.object({ modules: z.array(moduleSchema) });
export type BulkModulesResult = z.infer<typeof bulkModulesResultSchema>;
