/** Business constants and limits (docs/product.md#limits). One place for every number both sides use. */
export const LIMITS = {
  catalogPageSize: 9,
  homeTeaserCount: 6,
  teaserExcerptLength: 100,
  enrolledExcerptLength: 100,
  blogSummaryLength: 150,
  adminBlogExcerptLength: 120,
  passwordMin: 6,
  nameMin: 3,
  quizOptions: 4,
  navSolidAfterPx: 50,
  navHideAfterPx: 150,
  mobileBreakpointPx: 768,
  paymentSuccessRedirectMs: 5000,
  resetRedirectMs: 3000,
  imageMaxBytes: 10 * 1024 * 1024,
} as const;

/** What a course page's selling blocks may hold (docs/product.md#course-page). */
export const COURSE_PAGE_LIMITS = {
  taglineMax: 160,
  outcomesMax: 12,
  outcomeMax: 200,
  faqMax: 15,
  faqQuestionMax: 200,
  faqAnswerMax: 2_000,
  /** A lesson's entered length: up to 10 hours. */
  lessonSecondsMax: 10 * 60 * 60,
  enrolmentThresholdMax: 100_000,
} as const;

/** Whether a course page shows its learner count: from the owner's threshold on (0: always, even '0 students'). */
export function showsStudentCount(students: number, threshold: number): boolean {
  return students >= threshold;
}

/** Widths (px) that uploaded images are resized to; pages pick from these with srcset. */
export const IMAGE_WIDTHS = [320, 640, 960, 1600] as const;

/** The catalogue's sort options, in the order the select shows them. */
export const COURSE_SORTS = {
  latest: 'Newly Published',
  popular: 'Most Popular',
  rating: 'Top Rated',
  oldest: 'Oldest',
  priceLow: 'Price: Low to High',
  priceHigh: 'Price: High to Low',
} as const;
export type CourseSort = keyof typeof COURSE_SORTS;

export const FALLBACK_THUMBNAIL = '/default-thumbnail.jpg';
export const PLACEHOLDER_IMAGE = '/placeholder.jpg';
/** Stands in for the mentor's portrait until the owner uploads a photo: a neutral silhouette. */
export const MENTOR_PLACEHOLDER = '/mentor-placeholder.svg';
