import { z } from 'zod';
import { courseSchema } from '../api.ts';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  adminPageFields,
  checkArabicTitleAndBody,
  type FieldErrors,
  type FormCheck,
  type FormFields,
  fail,
  hasRichContent,
  parseFormBoolean,
} from './common.ts';
import { WATCH_RULES } from '../progress.ts';

/** Courses in the admin area (docs/product.md#admin-courses): the course form's check and the admin answers. */

/** AED text to fils (docs/product.md#money): '888', '888.5', '888.50'; at most 2 decimals; 0 is allowed ('POA'). */
export function parsePriceToFils(input: string | number | undefined): number | null {
  const text = typeof input === 'number' ? String(input) : (input ?? '').trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const fils = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(fils) || fils > ADMIN_LIMITS.priceMax * 100) return null;
  return fils;
}

export interface CourseFormValues {
  title?: string;
  /** Arabic twins (docs/i18n.md#content): absent keeps the stored value, '' clears it. */
  titleAr?: string;
  priceFils?: number;
  description?: string;
  descriptionAr?: string;
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
 * required (docs/product.md#admin-courses). Edit (`mode: 'update'`): the title must not be empty; fields left out keep
 * their value. The Arabic title and description (`titleAr`, `descriptionAr`) are never required.
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
  Object.assign(value, checkArabicTitleAndBody(fields, errors));
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

/** `GET /admin/courses?page=&q=`: a page of the list, latest first, titles containing `q`. */
export const adminCoursePageSchema = z.object({ courses: z.array(adminCourseSchema), ...adminPageFields });
export type AdminCoursePage = z.infer<typeof adminCoursePageSchema>;
