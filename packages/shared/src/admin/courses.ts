import { z } from 'zod';
import { courseSchema } from '../api.ts';
import {
  ADMIN_LIMITS,
  adminPageFields,
  checkArabicField,
  checkArabicTitleAndBody,
  type FieldErrors,
  type FormCheck,
  type FormFields,
  fail,
  hasRichContent,
  parseFormBoolean,
} from './common.ts';
import { WATCH_RULES } from '../progress.ts';
import { COURSE_PAGE_LIMITS } from '../limits.ts';
import {
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseFaqItem,
  type CourseLanguage,
  type CourseLevel,
} from '../selling.ts';

/** The rules' texts of the course page's selling fields and of drafts (translated by the `courseRules` namespace). */
export const COURSE_RULE_MESSAGES = {
  taglineTooLong: `The one-line promise can be at most ${COURSE_PAGE_LIMITS.taglineMax} characters.`,
  levelInvalid: 'Please choose a level from the list.',
  languageInvalid: 'Please choose a language from the list.',
  outcomesInvalid: `"What you will learn" takes at most ${COURSE_PAGE_LIMITS.outcomesMax} lines of up to ${COURSE_PAGE_LIMITS.outcomeMax} characters each.`,
  faqInvalid: `The FAQ takes at most ${COURSE_PAGE_LIMITS.faqMax} questions; each needs a question and an answer (questions up to ${COURSE_PAGE_LIMITS.faqQuestionMax} characters, answers up to ${COURSE_PAGE_LIMITS.faqAnswerMax}).`,
  coursePublished: 'Course published: it is now on the public pages.',
  courseUnpublished: 'Course unpublished: it is a draft again, hidden from the public pages.',
  lessonLengthInvalid: 'Please enter the length as minutes:seconds, such as 12:30, or leave it empty.',
  thresholdInvalid: `Please enter a whole number from 0 to ${COURSE_PAGE_LIMITS.enrolmentThresholdMax}.`,
} as const;

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
  courseOutcomeAr?: string;
  comingSoon?: boolean;
  /** null clears the author (the brand name is shown instead). */
  author?: string | null;
  authorAr?: string;
  /** Lessons complete only once the server has seen `watchSharePercent` % of them watched. */
  requireWatching?: boolean;
  watchSharePercent?: number;
  /** A lesson opens once the one before it is complete. */
  lessonsInOrder?: boolean;
  tagline?: string;
  taglineAr?: string;
  level?: CourseLevel;
  language?: CourseLanguage;
  outcomes?: string[];
  outcomesAr?: string[];
  faq?: CourseFaqItem[];
}

/**
 * A list of "What you will learn" lines as the form sends it (a JSON array of strings): lines
 * trimmed, empty ones dropped; null when it is not such a list or breaks the limits.
 */
export function parseOutcomes(input: string): string[] | null {
  const list = parseJson(input);
  if (!Array.isArray(list) || !list.every((line) => typeof line === 'string')) return null;
  const lines = (list as string[]).map((line) => line.trim()).filter(Boolean);
  if (lines.length > COURSE_PAGE_LIMITS.outcomesMax) return null;
  return lines.every((line) => line.length <= COURSE_PAGE_LIMITS.outcomeMax) ? lines : null;
}

/**
 * A course's FAQ as the form sends it (a JSON array of `{question, answer, questionAr, answerAr}`):
 * texts trimmed, rows left wholly empty dropped. Each kept row needs its English question and
 * answer; an Arabic twin may be left empty. Null when malformed or beyond the limits.
 */
export function parseFaq(input: string): CourseFaqItem[] | null {
  const list = parseJson(input);
  if (!Array.isArray(list) || list.length > COURSE_PAGE_LIMITS.faqMax * 2) return null;
  const items: CourseFaqItem[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') return null;
    const text = (key: keyof CourseFaqItem) => {
      const value = (raw as Record<string, unknown>)[key] ?? '';
      return typeof value === 'string' ? value.trim() : null;
    };
    const [question, answer, questionAr, answerAr] = [
      text('question'),
      text('answer'),
      text('questionAr'),
      text('answerAr'),
    ];
    if (question === null || answer === null || questionAr === null || answerAr === null) return null;
    if (!question && !answer && !questionAr && !answerAr) continue;
    if (!question || !answer) return null;
    if (question.length > COURSE_PAGE_LIMITS.faqQuestionMax || questionAr.length > COURSE_PAGE_LIMITS.faqQuestionMax)
      return null;
    if (answer.length > COURSE_PAGE_LIMITS.faqAnswerMax || answerAr.length > COURSE_PAGE_LIMITS.faqAnswerMax)
      return null;
    items.push({ question, answer, questionAr, answerAr });
  }
  return items.length <= COURSE_PAGE_LIMITS.faqMax ? items : null;
}

function parseJson(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return undefined;
  }
}

/** The selling fields of the course form (tagline, level, language, outcomes, FAQ); absent ones stay absent. */
function checkSellingFields(fields: FormFields, errors: FieldErrors, value: CourseFormValues) {
  for (const key of ['tagline', 'taglineAr'] as const) {
    const raw = fields[key];
    if (raw === undefined) continue;
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text.length > COURSE_PAGE_LIMITS.taglineMax) errors[key] = 'courseRules.taglineTooLong';
    value[key] = text;
  }
  if (fields.level !== undefined) {
    const level = fields.level.trim();
    if ((COURSE_LEVELS as readonly string[]).includes(level)) value.level = level as CourseLevel;
    else errors.level = 'courseRules.levelInvalid';
  }
  if (fields.language !== undefined) {
    const language = fields.language.trim();
    if ((COURSE_LANGUAGES as readonly string[]).includes(language)) value.language = language as CourseLanguage;
    else errors.language = 'courseRules.languageInvalid';
  }
  for (const key of ['outcomes', 'outcomesAr'] as const) {
    const raw = fields[key];
    if (raw === undefined) continue;
    const lines = parseOutcomes(raw);
    if (lines === null) errors[key] = 'courseRules.outcomesInvalid';
    else value[key] = lines;
  }
  if (fields.faq !== undefined) {
    const faq = parseFaq(fields.faq);
    if (faq === null) errors.faq = 'courseRules.faqInvalid';
    else value.faq = faq;
  }
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
    if (!title) errors.title = 'admin.fillRequiredFields';
    if (!price) errors.price = 'admin.fillRequiredFields';
    if (!hasRichContent(description)) errors.description = 'admin.fillRequiredFields';
    if (!options.hasThumbnail) errors.thumbnail = 'admin.fillRequiredFields';
    if (Object.keys(errors).length) return fail(errors, 'admin.fillRequiredFields');
  } else if (!title) {
    return fail({ title: 'admin.titleCannotBeEmpty' });
  }

  if (title !== undefined) {
    if (title.length > ADMIN_LIMITS.titleMax) errors.title = 'admin.titleTooLong';
    value.title = title;
  }
  if (price !== undefined) {
    const fils = parsePriceToFils(price);
    if (fils === null) errors.price = 'admin.priceInvalid';
    else value.priceFils = fils;
  }
  for (const key of ['description', 'courseOutcome'] as const) {
    const html = fields[key];
    if (html === undefined) continue;
    if (html.length > ADMIN_LIMITS.richHtmlMax) errors[key] = 'admin.htmlTooLong';
    value[key] = html;
  }
  Object.assign(value, checkArabicTitleAndBody(fields, errors));
  const courseOutcomeAr = checkArabicField(fields, 'courseOutcomeAr', errors, {
    max: ADMIN_LIMITS.richHtmlMax,
    message: 'admin.htmlTooLong',
    rich: true,
  });
  if (courseOutcomeAr !== undefined) value.courseOutcomeAr = courseOutcomeAr;
  const authorAr = checkArabicField(fields, 'authorAr', errors, {
    max: ADMIN_LIMITS.authorMax,
    message: 'admin.authorTooLong',
  });
  if (authorAr !== undefined) value.authorAr = authorAr;
  if (fields.comingSoon !== undefined) value.comingSoon = parseFormBoolean(fields.comingSoon);
  if (fields.author !== undefined) {
    const author = fields.author.trim();
    if (author.length > ADMIN_LIMITS.authorMax) errors.author = 'admin.authorTooLong';
    value.author = author || null;
  }
  checkSellingFields(fields, errors, value);
  if (fields.requireWatching !== undefined) value.requireWatching = parseFormBoolean(fields.requireWatching);
  if (fields.lessonsInOrder !== undefined) value.lessonsInOrder = parseFormBoolean(fields.lessonsInOrder);
  if (fields.watchSharePercent !== undefined) {
    const share = parseWatchSharePercent(fields.watchSharePercent);
    if (share === null) errors.watchSharePercent = 'admin.watchShareRange';
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
  lessonsInOrder: z.boolean(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

/** `POST /admin/courses/{courseId}/publish` (or `/unpublish`): the course as the list shows it, and the confirmation. */
export const publishCourseResultSchema = adminCourseSchema.extend({ message: z.string() });
export type PublishCourseResult = z.infer<typeof publishCourseResultSchema>;

/** `GET /admin/courses?page=&q=`: a page of the list, latest first, titles containing `q`. */
export const adminCoursePageSchema = z.object({ courses: z.array(adminCourseSchema), ...adminPageFields });

/**
 * Every course the owner can attach something to (a quiz): drafts included, archived ones not,
 * by title. A few fields each, so a thousand courses are a small answer.
 */
export const adminCourseChoiceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  published: z.boolean(),
});
export const adminCourseChoicesSchema = z.array(adminCourseChoiceSchema);
export type AdminCourseChoice = z.infer<typeof adminCourseChoiceSchema>;
export type AdminCoursePage = z.infer<typeof adminCoursePageSchema>;
