/**
 * The facts a course page and the mentor profile are made of (docs/product.md#course-page): the
 * lists of allowed values, written once for the database, the rules and the pages.
 */

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced', 'all'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** The language the lessons are taught in. */
export const COURSE_LANGUAGES = ['en', 'ar', 'en-ar'] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];

/** One question of a course's FAQ; the Arabic pair is '' until translated. Answers are plain text. */
export type CourseFaqItem = { question: string; answer: string; questionAr: string; answerAr: string };

export const MENTOR_SOCIAL_KEYS = ['linkedin', 'instagram', 'youtube', 'x', 'website'] as const;
export type MentorSocial = Partial<Record<(typeof MENTOR_SOCIAL_KEYS)[number], string>>;

/** Where the owner put an image's subject, in percent of its width and height: crops keep it in view. */
export type FocalPoint = { x: number; y: number };
export const CENTRE: FocalPoint = { x: 50, y: 50 };

/** A quiz's pass mark when the owner sets none, in percent of the questions. */
export const DEFAULT_PASS_PERCENT = 70;
/** A course page shows its learner count from this many on, unless the owner sets another number. */
export const DEFAULT_ENROLMENT_THRESHOLD = 10;
