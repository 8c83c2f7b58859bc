import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LessonLengthSource } from '@oasis/shared/api';
import type { Touch } from '@oasis/shared/attribution';
import type { ArabicCurrencyLabel } from '@oasis/shared/i18n/format-locale';
import type { Availability } from '@oasis/shared/booking-slots';
import type { Locale } from '@oasis/shared/i18n/locales';
import type { LeadEventField, LeadKind, LeadStatus } from '@oasis/shared/lead-rules';
import type { TaxDocument } from '@oasis/shared/tax-documents';
import {
  type CourseFaqItem,
  type CourseLanguage,
  type CourseLevel,
  DEFAULT_ENROLMENT_THRESHOLD,
  DEFAULT_PASS_PERCENT,
  type FocalPoint,
  type MentorSocial,
} from '@oasis/shared/selling';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
/**
 * The Arabic twin of an owner's text field (docs/i18n.md#content): '' until translated, and Arabic
 * pages then show the English.
 */
const arabic = (name: string) => text(name).notNull().default('');
const focalPoint = (name: string) => jsonb(name).$type<FocalPoint>().notNull().default({ x: 50, y: 50 });
/**
 * When a course or post was published: null while it is a draft, which only the admin sees
 * (docs/product.md#drafts).
 */
const publishedAt = () => timestamp('published_at', { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
};

/**
 * Where the maker of a lead, an account or an order came from (lib/attribution.ts): the first and
 * the last non-direct touch whole, and beside each the three values the reports group by. All null
 * when the request carried no attribution cookie. The same set on every table that has it.
 */
const attributionColumns = () => ({
  firstTouch: jsonb('first_touch').$type<Touch>(),
  firstChannel: text('first_channel'),
  firstSource: text('first_source'),
  firstCampaign: text('first_campaign'),
  lastTouch: jsonb('last_touch').$type<Touch>(),
  lastChannel: text('last_channel'),
  lastSource: text('last_source'),
  lastCampaign: text('last_campaign'),
});

export const roleEnum = pgEnum('role', ['learner', 'admin']);
export const sessionKindEnum = pgEnum('session_kind', ['learner', 'admin']);
export const mediaKindEnum = pgEnum('media_kind', ['image', 'video']);
export const videoSourceEnum = pgEnum('video_source', ['vimeo', 'youtube', 'file']);
export const orderStatusEnum = pgEnum('order_status', ['pending', 'paid', 'canceled', 'failed']);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed']);
export const couponKindEnum = pgEnum('coupon_kind', ['percent', 'fixed']);
export const taxDocumentKindEnum = pgEnum('tax_document_kind', ['invoice', 'credit_note']);
export const couponRedemptionStateEnum = pgEnum('coupon_redemption_state', ['reserved', 'redeemed', 'released']);
export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);
export const refundOriginEnum = pgEnum('refund_origin', ['owner', 'provider']);
export const certificateRevokeReasonEnum = pgEnum('certificate_revoke_reason', [
  'replaced',
  'issued_in_error',
  'misconduct',
  'other',
]);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash'),
    /**
     * Goes up whenever the way in changes hands (a password reset or set by the operator, a Google
     * takeover). A sign-in opens its session only if the number it read with the password hash is
     * still the current one, checked in the statement that inserts the session.
     */
    credentialVersion: integer('credential_version').notNull().default(0),
    role: roleEnum('role').notNull().default('learner'),
    googleSub: text('google_sub'),
    /** When the owner of the e-mail proved it (a verification link, or Google's verified e-mail); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** The language of the e-mails we send them: the page they signed up from ('en' or 'ar'). */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    ...attributionColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    // The admin dashboard's new learners of a month.
    index('users_role_created_idx').on(t.role, t.createdAt),
  ],
);

/** Opaque bearer tokens: only a SHA-256 hash is stored. Logout deletes the row. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: sessionKindEnum('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash)],
);

/** E-mail verification links: only a SHA-256 hash of the token is stored; a link works once. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/**
 * Attempt counters of the limits (sign-in, reset, registration, leads, payment starts): one row per
 * key ('login:ip:1.2.3.4') and fixed window. A try is reserved here, in one statement, before the
 * expensive check runs, so parallel requests cannot slip past the limit (and several instances on
 * one PostgreSQL share the count).
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('attempt_counters_reset_idx').on(t.resetAt)],
);

/**
 * Stored files. Images keep their renditions under `key/` (one file per width and format);
 * videos are one file at `key`.
 */
export const media = pgTable('media', {
  id: id(),
  kind: mediaKindEnum('kind').notNull(),
  key: text('key').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  widths: jsonb('widths').$type<number[]>().notNull().default([]),
  formats: jsonb('formats').$type<('avif' | 'webp' | 'jpeg')[]>().notNull().default([]),
  ...timestamps,
});

export const courses = pgTable(
  'courses',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    titleAr: arabic('title_ar'),
    description: text('description').notNull().default(''),
    descriptionAr: arabic('description_ar'),
    courseOutcome: text('course_outcome').notNull().default(''),
    courseOutcomeAr: arabic('course_outcome_ar'),
    /** The one-line promise under the title. */
    tagline: text('tagline').notNull().default(''),
    taglineAr: arabic('tagline_ar'),
    level: text('level').$type<CourseLevel>().notNull().default('all'),
    /** The language the lessons are taught in. */
    language: text('language').$type<CourseLanguage>().notNull().default('en'),
    /** "What you will learn": one short line each, English and Arabic lists kept apart. */
    outcomes: jsonb('outcomes').$type<string[]>().notNull().default([]),
    outcomesAr: jsonb('outcomes_ar').$type<string[]>().notNull().default([]),
    /** Questions and answers shown on the course page (answers are plain text). */
    faq: jsonb('faq').$type<CourseFaqItem[]>().notNull().default([]),
    publishedAt: publishedAt(),
    priceFils: integer('price_fils').notNull().default(0),
    comingSoon: boolean('coming_soon').notNull().default(false),
    /** When the owner e-mailed the waitlist that the course is on sale: set once, by one atomic claim. */
    waitlistAnnouncedAt: timestamp('waitlist_announced_at', { withTimezone: true, mode: 'date' }),
    author: text('author'),
    authorAr: arabic('author_ar'),
    /** Lessons complete only after the server has seen them watched (see videoWatchTime). */
    requireWatching: boolean('require_watching').notNull().default(false),
    /** With requireWatching: the share of a lesson (percent) that must be watched. */
    watchSharePercent: integer('watch_share_percent').notNull().default(90),
    /** A lesson opens once the one before it is complete (and the quiz once all are). */
    lessonsInOrder: boolean('lessons_in_order').notNull().default(false),
    thumbnailId: text('thumbnail_id').references(() => media.id, { onDelete: 'set null' }),
    /** Set instead of deleting when learners have paid for the course: buyers keep access. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('courses_slug_key').on(t.slug), index('courses_created_idx').on(t.createdAt)],
);

export const modules = pgTable(
  'modules',
  {
    id: id(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleAr: arabic('title_ar'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('modules_course_idx').on(t.courseId, t.position)],
);

export const videos = pgTable(
  'videos',
  {
    id: id(),
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleAr: arabic('title_ar'),
    source: videoSourceEnum('source').notNull(),
    /** Player URL for Vimeo and YouTube; null for an uploaded file (see mediaId). */
    url: text('url'),
    mediaId: text('media_id').references(() => media.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    /** The lesson's length: entered by the owner, or the player's report when none was entered. */
    durationSeconds: integer('duration_seconds'),
    /** Where `durationSeconds` came from ('owner', 'player'); null while unknown or not recorded. */
    durationSource: text('duration_source').$type<LessonLengthSource>(),
    /** Playable by anyone from the course page, without buying. */
    freePreview: boolean('free_preview').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('videos_module_idx').on(t.moduleId, t.position)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: id(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** 'unlimited' (the default: 'Retake Quiz' always), 'limit' (at most attemptCount tries), or
     * 'wait' (after every attemptCount tries, wait waitHours before the next). */
    attemptPolicy: text('attempt_policy').$type<'unlimited' | 'limit' | 'wait'>().notNull().default('unlimited'),
    attemptCount: integer('attempt_count').notNull().default(3),
    waitHours: integer('wait_hours').notNull().default(24),
    /** Whether a learner sees which of their answers were right after an attempt. */
    showQuestionResults: boolean('show_question_results').notNull().default(false),
    /** The score (percent of the questions) that passes. */
    passPercent: integer('pass_percent').notNull().default(DEFAULT_PASS_PERCENT),
    /** Each attempt hands out the questions, and each question's options, in an order of its own. */
    shuffle: boolean('shuffle').notNull().default(false),
    /** A question bank: each attempt draws this many of the questions; null draws them all. */
    drawCount: integer('draw_count'),
    ...timestamps,
  },
  (t) => [uniqueIndex('quizzes_course_key').on(t.courseId)],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    question: text('question').notNull(),
    questionAr: arabic('question_ar'),
    options: jsonb('options').$type<string[]>().notNull(),
    /** The options in Arabic, in the same order (graded by index): empty, or one per option ('' falls back). */
    optionsAr: jsonb('options_ar').$type<string[]>().notNull().default([]),
    correctAnswer: integer('correct_answer').notNull(),
    ...timestamps,
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    titleAr: arabic('title_ar'),
    description: text('description').notNull().default(''),
    descriptionAr: arabic('description_ar'),
    author: text('author').notNull(),
    authorAr: arabic('author_ar'),
    imageId: text('image_id').references(() => media.id, { onDelete: 'set null' }),
    authorImageId: text('author_image_id').references(() => media.id, { onDelete: 'set null' }),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: publishedAt(),
    ...timestamps,
  },
  (t) => [uniqueIndex('blogs_slug_key').on(t.slug), index('blogs_date_idx').on(t.date)],
);

/** Single-row tables: the row's id is always 'main'. */
export const hero = pgTable('hero', {
  id: text('id').primaryKey().default('main'),
  title: text('title').notNull(),
  titleAr: arabic('title_ar'),
  subtitle: text('subtitle').notNull(),
  subtitleAr: arabic('subtitle_ar'),
  imageId: text('image_id').references(() => media.id, { onDelete: 'set null' }),
  imageFocus: focalPoint('image_focus'),
  ...timestamps,
});

export const intro = pgTable('intro', {
  id: text('id').primaryKey().default('main'),
  heading: text('heading').notNull(),
  headingAr: arabic('heading_ar'),
  subheading: text('subheading').notNull(),
  subheadingAr: arabic('subheading_ar'),
  paragraph1: text('paragraph1').notNull(),
  paragraph1Ar: arabic('paragraph1_ar'),
  paragraph2: text('paragraph2').notNull(),
  paragraph2Ar: arabic('paragraph2_ar'),
  imageId: text('image_id').references(() => media.id, { onDelete: 'set null' }),
  imageFocus: focalPoint('image_focus'),
  ...timestamps,
});

export const podcastVideos = pgTable('podcast_videos', {
  id: id(),
  title: text('title').notNull(),
  titleAr: arabic('title_ar'),
  embeddedUrl: text('embedded_url').notNull(),
  comingSoon: boolean('coming_soon').notNull().default(false),
  /** Kept in the admin only, off the public pages, until the owner shows it. */
  hidden: boolean('hidden').notNull().default(false),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/**
 * The mentor's profile (one row, id 'main'): the About page, the instructor block of the course
 * pages and the `Person` structured data read it (docs/product.md#mentor).
 */
export const mentor = pgTable('mentor', {
  id: text('id').primaryKey().default('main'),
  name: text('name').notNull(),
  nameAr: arabic('name_ar'),
  /** Their professional title ("Founder and property mentor"). */
  jobTitle: text('job_title').notNull().default(''),
  jobTitleAr: arabic('job_title_ar'),
  /** A short plain-text bio for the course pages. */
  bio: text('bio').notNull().default(''),
  bioAr: arabic('bio_ar'),
  /** Credentials, one per line ("RERA broker no. 12345"). */
  credentials: jsonb('credentials').$type<string[]>().notNull().default([]),
  credentialsAr: jsonb('credentials_ar').$type<string[]>().notNull().default([]),
  portraitId: text('portrait_id').references(() => media.id, { onDelete: 'set null' }),
  portraitFocus: focalPoint('portrait_focus'),
  /** A picture of their signature, printed on the certificates (optional). */
  signatureId: text('signature_id').references(() => media.id, { onDelete: 'set null' }),
  social: jsonb('social').$type<MentorSocial>().notNull().default({}),
  /** The About page's story: rich text, sanitised with the one allow-list. */
  aboutHtml: text('about_html').notNull().default(''),
  aboutHtmlAr: arabic('about_html_ar'),
  ...timestamps,
});

export const siteSettings = pgTable('site_settings', {
  id: text('id').primaryKey().default('main'),
  brandName: text('brand_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  addressAr: arabic('address_ar'),
  chatUrl: text('chat_url').notNull().default(''),
  brandSiteUrl: text('brand_site_url').notNull().default(''),
  social: jsonb('social')
    .$type<{ linkedin: string; youtube: string; instagram: string; tiktok: string; facebook: string }>()
    .notNull(),
  /** How Arabic pages write the dirham: 'AED' or 'د.إ' (checked by siteSettingsInputSchema). */
  arabicCurrency: text('arabic_currency').$type<ArabicCurrencyLabel>().notNull().default('AED'),
  /** A course page shows how many learners it has only from this many on (0: always). */
  enrolmentThreshold: integer('enrolment_threshold').notNull().default(DEFAULT_ENROLMENT_THRESHOLD),
  /**
   * VAT (docs/product.md#tax-invoices): not registered by default (no VAT anywhere, a plain
   * receipt); registered, paid orders get tax invoices with this TRN, legal name and address.
   */
  vatRegistered: boolean('vat_registered').notNull().default(false),
  vatTrn: text('vat_trn').notNull().default(''),
  vatLegalName: text('vat_legal_name').notNull().default(''),
  vatLegalNameAr: arabic('vat_legal_name_ar'),
  vatAddress: text('vat_address').notNull().default(''),
  vatAddressAr: arabic('vat_address_ar'),
  /**
   * What a fully refunded order does to the enrolment it gave (docs/product.md#refunds): 'revoke'
   * (the default: the sale is undone) or 'keep'.
   */
  refundAccess: text('refund_access').$type<'keep' | 'revoke'>().notNull().default('revoke'),
  /** The WhatsApp number of the click-to-chat button, E.164 digits without '+'; '' for no button. */
  whatsappNumber: text('whatsapp_number').notNull().default(''),
  /** Whether learners who stopped half-way get the coming-back reminder (modules/progress/reminders.ts). */
  comebackReminders: boolean('comeback_reminders').notNull().default(true),
  ...timestamps,
});

/**
 * Discount codes (docs/product.md#coupons). `code` is stored in capitals, so the unique index makes
 * codes unique whatever their case. `value` is a percent (1-100) or fils. The window is
 * `starts_at <= now < ends_at`, either end open when null.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: couponKindEnum('kind').notNull(),
    value: integer('value').notNull(),
    /** One course, or every course when null. */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Reserved and redeemed uses together never pass this; no limit when null. */
    totalLimit: integer('total_limit'),
    oncePerLearner: boolean('once_per_learner').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

/**
 * One use of a coupon by one order: reserved when the payment starts (it counts against the limit
 * from then), redeemed when the order is paid, released when it fails, is canceled or expires.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: couponRedemptionStateEnum('state').notNull().default('reserved'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    index('coupon_redemptions_coupon_state_idx').on(t.couponId, t.state),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    /** What the provider is asked for: the list price less the discount. */
    amountFils: integer('amount_fils').notNull(),
    /** The course's price when the order was made; null on orders made before coupons (then `amount_fils`). */
    listPriceFils: integer('list_price_fils'),
    discountFils: integer('discount_fils').notNull().default(0),
    /** The coupon applied, and its code as the buyer used it (kept if the coupon is later changed). */
    couponId: text('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    currency: text('currency').notNull().default('AED'),
    provider: text('provider').notNull(),
    /** The provider's payment intent / session id: the id in /success/{id} and /cancel/{id}. */
    providerRef: text('provider_ref'),
    status: orderStatusEnum('status').notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** When the order check last claimed this pending order to ask its provider (modules/payments/order-checks.ts). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /** The language of the checkout: the buyer returns to its pages and gets the confirmation in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /**
     * Where the course is used, as the buyer said at checkout (ISO 3166-1 alpha-2; outside AE the
     * invoice line is out of scope), and a business buyer's details (all three: a full invoice).
     */
    buyerCountry: text('buyer_country'),
    buyerCompany: text('buyer_company'),
    buyerAddress: text('buyer_address'),
    buyerTrn: text('buyer_trn'),
    /** The country of the client's address per the proxy's header (CLIENT_COUNTRY_HEADER), when trusted. */
    clientCountry: text('client_country'),
    /** What succeeded refunds gave back; the order reads refunded when it reaches `amount_fils`, partly refunded below. */
    refundedFils: integer('refunded_fils').notNull().default(0),
    ...attributionColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_provider_ref_key').on(t.provider, t.providerRef),
    index('orders_user_idx').on(t.userId),
    // The admin's Orders screen: newest first, optionally one status.
    index('orders_created_id_idx').on(t.createdAt, t.id),
    index('orders_status_created_id_idx').on(t.status, t.createdAt, t.id),
    // Revenue by the day orders were paid (modules/revenue).
    index('orders_status_paid_idx').on(t.status, t.paidAt),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('enrolments_user_course_key').on(t.userId, t.courseId),
    index('enrolments_course_idx').on(t.courseId),
  ],
);

/** Progress is stored per video, not per module, so adding a video to a finished module re-opens it. */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  // By video too: deleting a lesson removes its rows without reading every learner's progress.
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index('video_progress_video_idx').on(t.videoId)],
);

/**
 * Watching time the server has seen, for courses that require watching: the player reports its
 * position every few seconds, and each report adds the time actually elapsed since the previous
 * one (capped), never the position the browser claims.
 */
export const videoWatchTime = pgTable(
  'video_watch_time',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    lastReportAt: timestamp('last_report_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** The chosen option of each question, as its index among the stored options. */
    answers: jsonb('answers').$type<number[]>().notNull(),
    /** The questions answered, in the order of `answers`; null for attempts graded in position order. */
    questionIds: jsonb('question_ids').$type<string[]>(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    ...timestamps,
  },
  (t) => [index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId)],
);

/**
 * An attempt handed out and not yet submitted: the questions drawn for it, each with its options'
 * ids in the order shown. The submit is graded against this draw only, once (`submittedAt`).
 */
export const quizDraws = pgTable(
  'quiz_draws',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<{ questionId: string; optionIds: string[] }[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('quiz_draws_user_quiz_idx').on(t.userId, t.quizId)],
);

/** The moment a learner completed a course, recorded once (modules/progress/completion.ts). */
export const courseCompletions = pgTable(
  'course_completions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_completions_user_course_key').on(t.userId, t.courseId),
    index('course_completions_course_idx').on(t.courseId),
  ],
);

/** The coming-back reminder sent to a learner for a course: at most one, ever. */
export const courseReminders = pgTable(
  'course_reminders',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** Addresses that asked for no more e-mails of a topic (modules/mail/unsubscribe.ts); lower case. */
export const mailUnsubscribes = pgTable(
  'mail_unsubscribes',
  {
    address: text('address').notNull(),
    topic: text('topic').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.topic] })],
);

/** Contact messages and consultation requests. `details` keeps the form's own fields. */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    /** LEAD_KINDS: text, like the stage, so that a kind can be added without a type migration. */
    kind: text('kind').$type<LeadKind>().notNull(),
    /** The pipeline stage (LEAD_STATUSES): text, so that a stage can be added without a type migration. */
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull().default(''),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    ip: text('ip'),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    /** The language of the page the form was sent from: the visitor's acknowledgement is in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    ...attributionColumns(),
    /** The day (Asia/Dubai) the owner means to follow the lead up; the inbox shows it as due from then. */
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** A waitlist signup's course. */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  // Newest first with the id as tie-break: the inbox pages and the CSV export's keyset read ranges
  // of these, also within one status (the 'new' filter). The inbox search (ILIKE '%q%' on four
  // columns) reads trigram indexes (pg_trgm, migration 0004): one per column, OR-ed by the planner.
  (t) => [
    index('leads_created_id_idx').on(t.createdAt, t.id),
    index('leads_status_created_id_idx').on(t.status, t.createdAt, t.id),
    index('leads_kind_status_idx').on(t.kind, t.status),
    index('leads_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('leads_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('leads_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('leads_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
    // One waitlist signup per address and course: a second signup is the same lead.
    uniqueIndex('leads_waitlist_course_email_key').on(t.courseId, t.email).where(sql`${t.kind} = 'waitlist'`),
  ],
);

/** The owner's notes on a lead, several per lead, each with its author and time. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: id(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lead_notes_lead_created_idx').on(t.leadId, t.createdAt)],
);

/** The history of a lead: each change of stage or follow-up date, who made it, when, from and to. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: id(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field').$type<LeadEventField>().notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_created_idx').on(t.leadId, t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The numbering of each kind of tax document ('INV', 'CN'): `next` is the number the next one
 * gets. Taken with one UPDATE … RETURNING inside the transaction that issues the document, so
 * concurrent issues queue on the row and a rollback gives the number back: no gap, no repeat.
 */
export const documentSeries = pgTable('document_series', {
  series: text('series').primaryKey(),
  next: integer('next').notNull().default(1),
});

/**
 * Tax invoices (and, later, credit notes) as issued: the document as JSON, never changed, with
 * the columns lists and downloads look it up by. The PDF is drawn after the issuing transaction
 * and stored; a download draws and stores it if it is missing.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: taxDocumentKindEnum('kind').notNull(),
    number: text('number').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
    pdf: bytea('pdf'),
  },
  (t) => [
    uniqueIndex('tax_documents_number_key').on(t.number),
    // One invoice per order; an order may get several credit notes.
    uniqueIndex('tax_documents_order_invoice_key').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_order_idx').on(t.orderId, t.kind),
  ],
);

/**
 * A refund of a paid order, whole or in part: started by the owner from Orders or at the provider
 * (then it arrives by webhook). Applied once: the provider's refund id is unique per provider, and
 * a succeeded refund carries the credit note it caused.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountFils: integer('amount_fils').notNull(),
    reason: text('reason'),
    status: refundStatusEnum('status').notNull().default('pending'),
    origin: refundOriginEnum('origin').notNull(),
    provider: text('provider').notNull(),
    /** The provider's refund id, once it has one. */
    providerRef: text('provider_ref'),
    creditNoteId: text('credit_note_id').references(() => taxDocuments.id, { onDelete: 'restrict' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_provider_ref_key').on(t.provider, t.providerRef),
    index('refunds_order_idx').on(t.orderId),
    // The dashboard's refunds by day: succeeded ones in a range.
    index('refunds_completed_idx').on(t.completedAt),
  ],
);

/**
 * Course certificates, one per learner and course: the id is the public one (128 random bits,
 * base64url), the name, course and issuer as printed. A re-issue revokes the old one as
 * 'replaced' and points it at the new one, which takes the slot: the unique index counts only
 * certificates not replaced. `statusIndex` is the certificate's bit in the revocation list.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    courseTitle: text('course_title').notNull(),
    mentorName: text('mentor_name').notNull(),
    brandName: text('brand_name').notNull(),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokeReason: certificateRevokeReasonEnum('revoke_reason'),
    replacesId: text('replaces_id'),
    replacedById: text('replaced_by_id'),
    /** The learner lets search engines index the check page. */
    public: boolean('public').notNull().default(false),
    statusIndex: integer('status_index').notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId).where(sql`${t.replacedById} is null`),
    uniqueIndex('certificates_status_index_key').on(t.statusIndex),
    index('certificates_issued_idx').on(t.issuedAt),
  ],
);

/** Every e-mail goes through here first; a worker sends pending ones and retries with backoff. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    /** Extra headers of our own (List-Unsubscribe), from the mail adapter's allow-list only. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Fixed when queued, so a retry of a message that may already have arrived carries the same id. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** A tax document whose PDF the sender attaches (the receipt's invoice). */
    taxDocumentId: text('tax_document_id').references(() => taxDocuments.id, { onDelete: 'restrict' }),
    /** A certificate whose PDF the sender attaches (the completion e-mail). */
    certificateId: text('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    /** A calendar invitation (iCalendar text) the sender attaches as `invite.ics` (a booking's). */
    calendarInvite: text('calendar_invite'),
    ...timestamps,
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * While its one row is here, the site sends nothing out: the outbox keeps every message, old and
 * new, until the operator releases it (`npm run outbox -- release`). A restore writes it, so that
 * a copy started from a backup (a test of the backup, a move) never e-mails people again.
 */
export const outboundHold = pgTable('outbound_hold', {
  id: integer('id').primaryKey().default(1),
  heldSince: timestamp('held_since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Why, in the operator's words or the command's: 'restore of <archive>'. */
  reason: text('reason').notNull(),
});

/**
 * The built-in sandbox payment provider's own state (what a real provider keeps on its side): the
 * payments its hosted test page can pay or cancel. The shop's side of the same payment is `orders`.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  /** The payment intent id handed out to the shop (`sbx_…`). */
  id: text('id').primaryKey(),
  /** SHA-256 of the secret carried in the payment link: paying or cancelling needs it, not the id alone. */
  secretHash: text('secret_hash'),
  amountFils: integer('amount_fils').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  customerEmail: text('customer_email'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status').$type<'pending' | 'completed' | 'canceled' | 'failed'>().notNull().default('pending'),
  ...timestamps,
});

/**
 * Presses of the WhatsApp button (GET /go/whatsapp), one row per Dubai day and page path: a count,
 * nothing about who pressed.
 */
export const whatsappClicks = pgTable(
  'whatsapp_clicks',
  {
    day: text('day').notNull(),
    page: text('page').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.page] })],
);

/**
 * The owner's availability for consultations (one row, id 1): weekly hours in Dubai time, date
 * overrides, slot length, buffers, notice, window and daily cap (`Availability`, validated by the
 * shared schema). No row, or no weekly hours, means booking is closed and the free-text form stays.
 */
export const bookingSettings = pgTable('booking_settings', {
  id: integer('id').primaryKey().default(1),
  availability: jsonb('availability').$type<Availability>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const bookingStatusEnum = pgEnum('booking_status', ['booked', 'cancelled']);

/**
 * A booked consultation, tied to its consultation lead. One slot grid serves every booking, so a
 * unique index on the start of booked rows keeps two bookings off one slot; a booking also checks
 * its slot against the others (buffers included) inside a transaction that holds the booking lock.
 * `icsUid` stays the same across moves and cancellation; `sequence` grows with each change, as
 * calendar programs expect. The cancel-or-move link's token is stored hashed and replaced (or
 * cleared) once used, so each link works once.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: bookingStatusEnum('status').notNull().default('booked'),
    sequence: integer('sequence').notNull().default(0),
    icsUid: text('ics_uid').notNull(),
    /** The visitor's time zone (an IANA name), for their e-mails. */
    timeZone: text('time_zone').notNull(),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    manageTokenHash: text('manage_token_hash'),
    reminded24hAt: timestamp('reminded_24h_at', { withTimezone: true, mode: 'date' }),
    reminded1hAt: timestamp('reminded_1h_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bookings_booked_slot_key').on(t.startsAt).where(sql`${t.status} = 'booked'`),
    uniqueIndex('bookings_ics_uid_key').on(t.icsUid),
    uniqueIndex('bookings_manage_token_key').on(t.manageTokenHash),
    index('bookings_status_starts_idx').on(t.status, t.startsAt),
    index('bookings_lead_idx').on(t.leadId),
  ],
);
export const reviewStatusEnum = pgEnum('review_status', ['waiting', 'approved', 'hidden']);

/**
 * A learner's rating of a course (1 to 5) with an optional plain text: one per learner and course,
 * a second submit edits it. New and edited reviews wait for the owner; only approved ones are public.
 */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: id(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    status: reviewStatusEnum('status').notNull().default('waiting'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_key').on(t.courseId, t.userId),
    index('course_reviews_status_idx').on(t.status, t.courseId),
  ],
);

/**
 * A quote the owner shows on the home page, the About page and/or the page of the linked course, in
 * the owner's order.
 */
export const testimonials = pgTable('testimonials', {
  id: id(),
  name: text('name').notNull(),
  nameAr: arabic('name_ar'),
  role: text('role').notNull().default(''),
  roleAr: arabic('role_ar'),
  quote: text('quote').notNull(),
  quoteAr: arabic('quote_ar'),
  photoId: text('photo_id').references(() => media.id, { onDelete: 'set null' }),
  courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
  onHome: boolean('on_home').notNull().default(false),
  onAbout: boolean('on_about').notNull().default(false),
  onCourse: boolean('on_course').notNull().default(false),
  position: integer('position').notNull().default(0),
  ...timestamps,
});
