import { z } from 'zod';
import type { ArabicCurrencyLabel } from './i18n/format-locale.ts';
import { focalPointSchema, imageSchema } from './media.ts';
import { courseRatingSchema, publicReviewSchema } from './reviews.ts';
import { COURSE_LANGUAGES, COURSE_LEVELS, type CourseFaqItem } from './selling.ts';

/** An error's code and the values its text needs (error-codes.ts). */
const errorDetailSchema = z.object({
  code: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * Every error answer of the API: `{ message, code, values?, errors?, fields? }`. `message` and
 * `errors` (field → message) are the texts in the request's language; `code` and `values` name
 * the text in the catalogues (error-codes.ts), and `fields` does the same for each field of `errors`.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  values: errorDetailSchema.shape.values,
  errors: z.record(z.string(), z.string()).optional(),
  fields: z.record(z.string(), errorDetailSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const VIDEO_SOURCES = ['vimeo', 'youtube', 'file'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

/** Where a lesson's length came from: entered by the owner, or the first player that reported one. */
export const LESSON_LENGTH_SOURCES = ['owner', 'player'] as const;
export type LessonLengthSource = (typeof LESSON_LENGTH_SOURCES)[number];

/**
 * The owner's content carries an Arabic twin `FAr` of each text field F (docs/i18n.md#content):
 * empty when not translated, and Arabic pages then show the English (`inLocale`, i18n/content.ts).
 */
const arabicText = z.string();

/** A lesson video. `videoUrl` is present only for enrolled learners and admins. */
export const videoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  titleAr: arabicText,
  source: z.enum(VIDEO_SOURCES),
  position: z.number().int(),
  /** The lesson's length in seconds, when known (entered by the owner or reported by the player). */
  durationSeconds: z.number().int().nullable(),
  /** Where that length came from (null: unknown or not recorded); sent with the video's link only. */
  durationSource: z.enum(LESSON_LENGTH_SOURCES).nullable().optional(),
  /** Playable by anyone from the course page: its `videoUrl` is handed out without buying. */
  freePreview: z.boolean(),
  videoUrl: z.string().optional(),
});
export type Video = z.infer<typeof videoSchema>;

export const moduleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  titleAr: arabicText,
  course: z.string(),
  position: z.number().int(),
  videos: z.array(videoSchema),
});
export type Module = z.infer<typeof moduleSchema>;

/** One question of a course's FAQ (plain text; the Arabic pair is '' until translated). */
export const courseFaqItemSchema = z.object({
  question: z.string(),
  answer: z.string(),
  questionAr: z.string(),
  answerAr: z.string(),
}) satisfies z.ZodType<CourseFaqItem>;

export const courseSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  titleAr: arabicText,
  description: z.string(),
  /** Rich HTML, sanitised like `description`. */
  descriptionAr: arabicText,
  courseOutcome: z.string(),
  /** The learning points' free text in Arabic: rich HTML, sanitised like `courseOutcome`. */
  courseOutcomeAr: arabicText,
  /** The one-line promise under the title (plain text). */
  tagline: z.string(),
  taglineAr: arabicText,
  level: z.enum(COURSE_LEVELS),
  /** The language the lessons are taught in. */
  language: z.enum(COURSE_LANGUAGES),
  /** "What you will learn": one plain line each; the Arabic list is shown on Arabic pages when not empty. */
  outcomes: z.array(z.string()),
  outcomesAr: z.array(z.string()),
  faq: z.array(courseFaqItemSchema),
  /** When the course was published; null: a draft, seen only by admins. */
  publishedAt: z.string().nullable(),
  /** AED; 0 means 'POA'. */
  price: z.number(),
  thumbnailUrl: z.string(),
  thumbnail: imageSchema.nullable(),
  author: z.string(),
  /** The author's name in Arabic ('' when none: Arabic pages show `author`). */
  authorAr: arabicText,
  students: z.number().int(),
  /** The average of the approved reviews and their number; left out below three (docs/product.md#reviews). */
  rating: courseRatingSchema.optional(),
  comingSoon: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/**
 * A course as the catalogue and the home page's teaser list it: what its card shows, the titles a
 * search matches, and its summaries already cut from the descriptions (`courseSummary`). A tenth of
 * a whole course's size: a render thread gets a copy of the catalogue after every change of it.
 */
export type CatalogueCourse = Pick<
  Course,
  '_id' | 'slug' | 'title' | 'titleAr' | 'price' | 'comingSoon' | 'thumbnail' | 'thumbnailUrl' | 'students' | 'rating'
> & { summary: string; summaryAr: string };

export const courseDetailSchema = courseSchema.extend({
  modules: z.array(moduleSchema),
  /** Whether the caller may watch this course (enrolled learner or admin). */
  hasAccess: z.boolean(),
  /** Whether the course has a quiz (one with questions): the price card promises one only then. */
  hasQuiz: z.boolean(),
  /** The newest approved reviews, shown (with the rating) only once `rating` is. */
  reviews: z.array(publicReviewSchema).optional(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseListSchema = z.array(courseSchema);

/** `GET /courses/preview/{videoId}`: a free-preview lesson's player link, for anyone. */
export const lessonPreviewSchema = videoSchema
  .pick({ _id: true, title: true, titleAr: true, source: true })
  .extend({ videoUrl: z.string() });
export type LessonPreview = z.infer<typeof lessonPreviewSchema>;

export const blogSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  titleAr: arabicText,
  description: z.string(),
  /** Rich HTML, sanitised like `description`. */
  descriptionAr: arabicText,
  author: z.string(),
  authorAr: arabicText,
  image: imageSchema.nullable(),
  authorImage: z.string().nullable(),
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;
export const blogListSchema = z.array(blogSchema);
/** Posts per page of the public list (`GET /api/blogs/blogs?page=N`). */
export const BLOGS_PAGE_SIZE = 50;

/**
 * A post without its body, as listings show it: `summary` is the start of the body as plain text
 * (up to `BLOG_SUMMARY_CHARS` characters), enough for any excerpt a page cuts from it; `summaryAr`
 * the same of the Arabic body (empty when it has none).
 */
export const blogSummarySchema = blogSchema
  .omit({ description: true, descriptionAr: true })
  .extend({ summary: z.string(), summaryAr: arabicText });
export type BlogSummary = z.infer<typeof blogSummarySchema>;
export const BLOG_SUMMARY_CHARS = 300;

export const heroSchema = z.object({
  title: z.string(),
  titleAr: arabicText,
  subtitle: z.string(),
  subtitleAr: arabicText,
  image: imageSchema.nullable(),
  /** Where the image's subject is: crops keep it in view. */
  imageFocus: focalPointSchema,
  updatedAt: z.string(),
});
export type Hero = z.infer<typeof heroSchema>;

export const introSchema = z.object({
  heading: z.string(),
  headingAr: arabicText,
  subheading: z.string(),
  subheadingAr: arabicText,
  paragraph1: z.string(),
  paragraph1Ar: arabicText,
  paragraph2: z.string(),
  paragraph2Ar: arabicText,
  image: imageSchema.nullable(),
  imageFocus: focalPointSchema,
  updatedAt: z.string(),
});
export type Intro = z.infer<typeof introSchema>;

/**
 * The mentor's profile as pages show it (docs/product.md#mentor): plain texts, credentials one an
 * item, https social links (only those set), the About story as sanitised rich HTML. Each text has
 * its Arabic twin ('' until translated).
 */
export const mentorSchema = z.object({
  name: z.string(),
  nameAr: arabicText,
  jobTitle: z.string(),
  jobTitleAr: arabicText,
  bio: z.string(),
  bioAr: arabicText,
  credentials: z.array(z.string()),
  credentialsAr: z.array(z.string()),
  portrait: imageSchema.nullable(),
  portraitFocus: focalPointSchema,
  social: z.object({
    linkedin: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
    x: z.string().optional(),
    website: z.string().optional(),
  }),
  aboutHtml: z.string(),
  aboutHtmlAr: arabicText,
  updatedAt: z.string(),
});
export type Mentor = z.infer<typeof mentorSchema>;

export const podcastVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  titleAr: arabicText,
  embeddedUrl: z.string(),
  comingSoon: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
});
export type PodcastVideo = z.infer<typeof podcastVideoSchema>;
export const podcastVideoListSchema = z.array(podcastVideoSchema);

export const SOCIAL_NETWORKS = ['linkedin', 'youtube', 'instagram', 'tiktok', 'facebook'] as const;

/** How Arabic pages write the dirham: the ISO code (the default) or the Arabic sign. */
export const ARABIC_CURRENCY_LABELS = ['AED', 'د.إ'] as const satisfies readonly ArabicCurrencyLabel[];

export const siteSettingsSchema = z.object({
  brandName: z.string(),
  /** The owner's inbox: shown in the footer and used for lead notifications. */
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  addressAr: arabicText,
  chatUrl: z.string(),
  brandSiteUrl: z.string(),
  social: z.object({
    linkedin: z.string(),
    youtube: z.string(),
    instagram: z.string(),
    tiktok: z.string(),
    facebook: z.string(),
  }),
  arabicCurrency: z.enum(ARABIC_CURRENCY_LABELS),
  /** Course pages show their learner count from this many on (0: always). */
  enrolmentThreshold: z.number().int(),
  /** The WhatsApp button's number, E.164 digits without '+'; '' for no button. */
  whatsappNumber: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Liveness (`GET /api/health`): answered by the process alone, whatever the database does. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
