import { z } from 'zod';
import { stripHtml } from './format.ts';
import { imageSchema } from './media.ts';
import { wholeNumberIn } from './text-fields.ts';

// Local twins of the admin id fields: api.ts imports this module, and the admin helpers import api.ts.
const idField = (message: 'reviewRules.testimonialCourseInvalid' | 'reviewRules.testimonialOrderInvalid') =>
  z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message });
const idListField = (message: 'reviewRules.testimonialOrderInvalid') =>
  z.array(idField(message), { error: message }).min(1, { error: message }).max(1_000, { error: message });

/**
 * Course reviews and testimonials (docs/product.md#reviews): the rules the server enforces and the
 * screens check before sending, the shapes the API answers, and the pure helpers both sides share.
 */
export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  /** Characters of a review's text, after markup is removed. */
  textMax: 2_000,
  /** Approved reviews a course needs before its rating is shown anywhere. */
  minShown: 3,
  /** Approved reviews a course page lists (the newest), and puts in its structured data. */
  listed: 6,
  testimonialNameMax: 120,
  testimonialRoleMax: 120,
  testimonialQuoteMax: 1_000,
} as const;

/** The rules' texts (error codes `reviewRules.*`): written once here, translated in the catalogues. */
export const REVIEW_MESSAGES = {
  ratingInvalid: 'Choose a rating from 1 to 5 stars.',
  textTooLong: 'A review can be at most 2,000 characters.',
  notEnrolled: 'Only learners enrolled in this course can review it.',
  tooEarly: 'You can review this course once you have completed a third of its lessons.',
  reviewNotFound: 'Review not found',
  statusInvalid: 'Choose approve or hide.',
  testimonialNotFound: 'Testimonial not found',
  testimonialNameRequired: 'Enter the name of the person quoted.',
  testimonialQuoteRequired: 'Enter the quote.',
  testimonialTooLong: 'This text is too long.',
  testimonialPhotoInvalid: 'That photo is not an uploaded image.',
  testimonialCourseInvalid: 'That course does not exist.',
  testimonialOrderInvalid: 'The new order must list every testimonial exactly once.',
} as const;

export const REVIEW_STATUSES = ['waiting', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A review's text as stored and shown: plain text, markup removed, spaces collapsed. */
export function cleanReviewText(text: string): string {
  return stripHtml(text.replace(/</g, ' <'));
}

/** `PUT /api/reviews/courses/{courseId}/mine`: the learner's rating and optional text (a second submit edits it). */
export const reviewInputSchema = z.object(
  {
    rating: wholeNumberIn(REVIEW_LIMITS.ratingMin, REVIEW_LIMITS.ratingMax, 'reviewRules.ratingInvalid'),
    text: z
      .string({ error: 'reviewRules.textTooLong' })
      // Bounded before cleaning too, so a huge body is refused without being parsed.
      .max(REVIEW_LIMITS.textMax * 4, { error: 'reviewRules.textTooLong' })
      .transform(cleanReviewText)
      .pipe(z.string().max(REVIEW_LIMITS.textMax, { error: 'reviewRules.textTooLong' }))
      .default(''),
  },
  { error: 'reviewRules.ratingInvalid' },
);
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** The learner's own review of a course and whether they may write one (the watch page's form). */
export const myReviewSchema = z.object({
  /** Lessons completed and the lessons the course has: a review opens at a third. */
  completed: z.number().int(),
  lessons: z.number().int(),
  canReview: z.boolean(),
  review: z
    .object({ rating: z.number().int(), text: z.string(), status: z.enum(REVIEW_STATUSES), updatedAt: z.string() })
    .nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** Whether `completed` of `lessons` is at least a third (a course without lessons: never). */
export function pastAThird(completed: number, lessons: number): boolean {
  return lessons > 0 && completed * 3 >= lessons;
}

/** An approved review as the public pages show it: the reviewer by first name and initial. */
export const publicReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reviewer: z.string(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A course's rating: the average of its approved reviews (one decimal) and their number. */
export const courseRatingSchema = z.object({ average: z.number(), count: z.number().int() });
export type CourseRating = z.infer<typeof courseRatingSchema>;

/** The rating shown for `count` approved reviews summing to `sum`: none below `REVIEW_LIMITS.minShown`. */
export function courseRating(sum: number, count: number): CourseRating | null {
  if (count < REVIEW_LIMITS.minShown) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

/** 'Sara K.' for 'Sara Khalil Ahmed': the first name and the last name's initial. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return '';
  const last = rest.at(-1);
  return last ? `${first} ${Array.from(last)[0]}.` : first;
}

/** A review in the owner's queue. */
export const adminReviewSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  reviewer: z.string(),
  rating: z.number().int(),
  text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewListSchema = z.array(adminReviewSchema);

/** `GET /admin/reviews?course=&status=`: waiting ones first, then newest first. */
export const adminReviewQuerySchema = z.object({
  course: z.string().trim().max(64).optional(),
  status: z.enum(REVIEW_STATUSES).optional(),
});

/** `PUT /admin/reviews/{id}/status`: approve or hide. */
export const reviewStatusInputSchema = z.object(
  { status: z.enum(['approved', 'hidden'], { error: 'reviewRules.statusInvalid' }) },
  { error: 'reviewRules.statusInvalid' },
);

// ---------------------------------------------------------------------------------------------
// Testimonials.

export const TESTIMONIAL_PLACES = ['home', 'about', 'course'] as const;
export type TestimonialPlace = (typeof TESTIMONIAL_PLACES)[number];

export const testimonialSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  role: z.string(),
  roleAr: z.string(),
  quote: z.string(),
  quoteAr: z.string(),
  photo: imageSchema.nullable(),
  courseId: z.string().nullable(),
  onHome: z.boolean(),
  onAbout: z.boolean(),
  onCourse: z.boolean(),
  position: z.number().int(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListSchema = z.array(testimonialSchema);

const required = (max: number, empty: 'reviewRules.testimonialNameRequired' | 'reviewRules.testimonialQuoteRequired') =>
  z
    .string({ error: empty })
    .transform(cleanReviewText)
    .pipe(z.string().min(1, { error: empty }).max(max, { error: 'reviewRules.testimonialTooLong' }));
const optional = (max: number) =>
  z
    .string({ error: 'reviewRules.testimonialTooLong' })
    .transform(cleanReviewText)
    .pipe(z.string().max(max, { error: 'reviewRules.testimonialTooLong' }))
    .default('');

/**
 * `POST /admin/testimonials` and `PUT /admin/testimonials/{id}`: plain texts in both languages, a
 * photo uploaded through `POST /admin/media/images` (its `base`), an optional course, and where it shows.
 */
export const testimonialInputSchema = z.object(
  {
    name: required(REVIEW_LIMITS.testimonialNameMax, 'reviewRules.testimonialNameRequired'),
    nameAr: optional(REVIEW_LIMITS.testimonialNameMax),
    role: optional(REVIEW_LIMITS.testimonialRoleMax),
    roleAr: optional(REVIEW_LIMITS.testimonialRoleMax),
    quote: required(REVIEW_LIMITS.testimonialQuoteMax, 'reviewRules.testimonialQuoteRequired'),
    quoteAr: optional(REVIEW_LIMITS.testimonialQuoteMax),
    photo: z.string({ error: 'reviewRules.testimonialPhotoInvalid' }).max(200).nullable().default(null),
    courseId: idField('reviewRules.testimonialCourseInvalid').nullable().default(null),
    onHome: z.boolean().default(false),
    onAbout: z.boolean().default(false),
    onCourse: z.boolean().default(false),
  },
  { error: 'reviewRules.testimonialNameRequired' },
);
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

export const reorderTestimonialsInputSchema = z.object(
  { ids: idListField('reviewRules.testimonialOrderInvalid') },
  { error: 'reviewRules.testimonialOrderInvalid' },
);

/** The testimonials a page shows, in the owner's order: home, About, or one course's page. */
export function testimonialsFor(
  all: readonly Testimonial[],
  place: TestimonialPlace,
  courseId?: string,
): Testimonial[] {
  return all.filter((t) =>
    place === 'home' ? t.onHome : place === 'about' ? t.onAbout : t.onCourse && t.courseId === courseId,
  );
}
