import { z } from 'zod';
import { requiredText } from '../text-fields.ts';
import type { BareErrorCode, ErrorRef } from '../error-codes.ts';
import { fieldErrors } from '../field-errors.ts';
import { stripHtml } from '../format.ts';
import { WATCH_RULES } from '../progress.ts';

/**
 * What every admin domain shares: the admin wording and limits, the form-check helpers and the
 * plain `{ message }` answer. Each domain's checks and schemas sit beside this file (courses.ts,
 * modules.ts, blogs.ts, home.ts, podcasts.ts, settings.ts); the server enforces them and admin
 * screens run the same ones before sending. The wording is one object because screens and services
 * of several domains share it (docs/product.md#wording).
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
  /** Rows per page of the admin's course and blog lists. */
  listPageSize: 20,
  searchMax: 200,
} as const;

/** `?page=&q=` of an admin list: a page from 1, and a title search (empty: everything). */
export const adminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  q: z.string().trim().max(ADMIN_LIMITS.searchMax).default(''),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** The paging part of an admin list's answer. */
export const adminPageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

export const ADMIN_MESSAGES = {
  // Courses (docs/product.md#admin-courses).
  fillRequiredFields: 'Please fill in all required fields before submitting.',
  creatingCourse: 'Creating course...',
  creating: 'Creating...',
  courseCreated: 'Course created.',
  courseCreateFailed: 'Course creation failed.',
  failedToLoadCourses: 'Failed to load courses',
  titleCannotBeEmpty: 'Title cannot be empty',
  courseUpdated: 'Course updated!',
  updateFailed: 'Update failed',
  deleting: 'Deleting...',
  courseDeleted: 'Course deleted!',
  deleteFailed: 'Delete failed',
  // A course that learners paid for is archived, not destroyed: buyers keep access (docs/decisions/007-admin-content-and-uploads.md).
  courseArchived: 'Course archived: learners who bought it keep access.',
  courseRestored: 'Course restored.',
  priceInvalid: 'Please enter a price in AED of 0 or more, with at most 2 decimals.',
  titleTooLong: `A title can be at most ${ADMIN_LIMITS.titleMax} characters.`,
  authorTooLong: `An author name can be at most ${ADMIN_LIMITS.authorMax} characters.`,
  htmlTooLong: 'This text is too long. Please shorten it.',
  textTooLong: `This field can be at most ${ADMIN_LIMITS.textMax} characters.`,
  imageRequired: 'Please choose an image to upload.',
  // Lessons complete only once watched, in courses that require watching (docs/product.md#progress).
  watchShareRange: `The share to watch must be a whole number from ${WATCH_RULES.sharePercentMin} to ${WATCH_RULES.sharePercentMax} (%).`,
  // Modules and videos (docs/product.md#admin-modules-and-videos).
  noCourseSelected: 'No course selected',
  failedToLoadModules: 'Failed to load modules',
  failedToLoadCourse: 'Failed to load the course',
  saveFailed: 'Save failed',
  titleRequired: 'Title is required',
  videoSourceRequired: 'Either upload a video file or provide a Vimeo URL',
  modulesInvalid: 'Please fill all required module and video fields with valid Vimeo URLs.',
  // Lesson links, reordering and the video screens.
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
  // Uploads (docs/product.md#uploads).
  videoUnsupported: 'Please upload an MP4 or WebM video.',
  uploadMalformed: 'The upload was incomplete. Please try again.',
  tooManyFiles: 'Please upload one file at a time.',
  // Streaming uploaded lesson videos (docs/product.md#who-sees-video-urls).
  videoLinkInvalid: 'This video link is not valid.',
  videoLinkExpired: 'This video link has expired. Please reload the page.',
  rangeNotSatisfiable: 'The requested range is not available.',
  // Blogs (docs/product.md#admin-blogs).
  blogFieldsRequired: 'Please fill in the title and author.',
  dateInvalid: 'Please enter a valid date.',
  dateOutOfRange: `Please enter a date between the years ${ADMIN_LIMITS.yearMin} and ${ADMIN_LIMITS.yearMax}.`,
  blogCreated: 'Blog created!',
  blogCreateFailed: 'Failed to create blog',
  failedToFetchBlogs: 'Failed to fetch blogs',
  blogUpdated: 'Blog updated!',
  blogDeleted: 'Blog deleted!',
  // Hero and intro (docs/product.md#admin-hero-and-intro).
  heroFieldsRequired: 'Please fill in the title and subtitle.',
  heroUpdated: 'Hero section updated!',
  heroUpdateFailed: 'Failed to update hero section',
  introFieldsRequired: 'All fields must be filled',
  introUpdated: 'Introduction updated!',
  introUpdateFailed: 'Failed to update introduction',
  // Podcast videos (docs/product.md#admin-podcasts).
  podcastFieldsRequired: 'Please fill in all fields.',
  podcastUrlInvalid: 'Invalid YouTube URL.',
  podcastSaveFailed: 'Error saving podcast video.',
  podcastSaved: 'Podcast video saved!',
  podcastDeleted: 'Podcast video deleted!',
  podcastNotFound: 'Podcast video not found',
  // Site settings (docs/product.md#admin-settings).
  brandNameRequired: 'Please enter the brand name.',
  settingsEmailInvalid: 'Please enter a valid email address.',
  settingsPhoneInvalid: 'Please enter a phone number with its country code, such as +971 50 123 4567.',
  addressRequired: 'Please enter the address.',
  settingsUrlInvalid: 'Please enter a full link starting with https://, or leave it empty.',
  arabicCurrencyInvalid: 'Please choose how Arabic pages write the dirham: AED or د.إ.',
  settingsSaved: 'Settings saved!',
} as const;

// ---------------------------------------------------------------------------------------------
// Multipart forms: text fields arrive as strings. Each check returns the cleaned values or the
// field errors (field → the code of its message and its values, error-codes.ts) with the message
// the screen shows first. Each side renders a code in its reader's language (docs/i18n.md#errors).

export type FormFields = Record<string, string | undefined>;
export type FieldErrors = Record<string, ErrorRef>;
export type FormCheck<T> = { ok: true; value: T } | { ok: false; message: ErrorRef; errors: FieldErrors };

/** A failed check: the field errors, and the message the screen shows first. */
export function fail<T>(errors: FieldErrors, message?: ErrorRef): FormCheck<T> {
  return { ok: false, message: message ?? Object.values(errors)[0] ?? 'admin.fillRequiredFields', errors };
}

/**
 * A form checked in the browser by the schema the server applies: a code per field. The form's
 * message is `required` when a field is missing, else the first field's.
 */
export function checkBySchema<S extends z.ZodType>(
  schema: S,
  input: z.input<S>,
  required?: BareErrorCode,
): FormCheck<z.output<S>> {
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

/**
 * The Arabic twin of a form's text field (docs/i18n.md#content): never required, at most `max`
 * long like its English twin (else `message` under its own key, such as `titleAr`). Trimmed; rich
 * HTML that shows nothing (the editor's empty `<p></p>`) is ''. Absent stays absent, so that an
 * update keeps the stored value; '' clears it.
 */
export function checkArabicField(
  fields: FormFields,
  key: string,
  errors: FieldErrors,
  options: { max: number; message: BareErrorCode; rich?: boolean },
): string | undefined {
  const raw = fields[key];
  if (raw === undefined) return undefined;
  if (raw.length > options.max) errors[key] = options.message;
  if (options.rich) return hasRichContent(raw) ? raw : '';
  return raw.trim();
}

/**
 * The Arabic title and rich body of a course or blog form (`titleAr`, `descriptionAr`), with the
 * limits of their English twins; each left out when absent (`checkArabicField`).
 */
export function checkArabicTitleAndBody(
  fields: FormFields,
  errors: FieldErrors,
): { titleAr?: string; descriptionAr?: string } {
  const out: { titleAr?: string; descriptionAr?: string } = {};
  const titleAr = checkArabicField(fields, 'titleAr', errors, {
    max: ADMIN_LIMITS.titleMax,
    message: 'admin.titleTooLong',
  });
  if (titleAr !== undefined) out.titleAr = titleAr;
  const descriptionAr = checkArabicField(fields, 'descriptionAr', errors, {
    max: ADMIN_LIMITS.richHtmlMax,
    message: 'admin.htmlTooLong',
    rich: true,
  });
  if (descriptionAr !== undefined) out.descriptionAr = descriptionAr;
  return out;
}

/** The Arabic twin of a JSON request's text field: optional, trimmed, at most `max` (else `message`). */
export const arabicTextField = (max: number, message: BareErrorCode) =>
  z.string({ error: message }).trim().max(max, { error: message }).optional();

/** 'true', 'on', '1', 'yes' (any case) are true; anything else false. */
export function parseFormBoolean(input: string | undefined): boolean {
  return ['true', 'on', '1', 'yes'].includes((input ?? '').trim().toLowerCase());
}

/** An id in a JSON request: a non-empty string of reasonable length, refused with `message`. */
export const idField = (message: BareErrorCode) => requiredText(64, message);

/** The ids of a reorder call: at least one, at most `reorderMax`, refused with `message`. */
export const idListField = (message: BareErrorCode) =>
  z
    .array(idField(message), { error: message })
    .min(1, { error: message })
    .max(ADMIN_LIMITS.reorderMax, { error: message });

// ---------------------------------------------------------------------------------------------
// Answers.

/** A plain confirmation: `{ message }` (deletes). */
export const messageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;
