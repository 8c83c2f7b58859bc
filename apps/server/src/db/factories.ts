/**
 * Factories shared by the demo seed and the tests: `createX(overrides)` builds the values of a row,
 * `seedX(db, overrides)` inserts one and returns it. Defaults are valid and unique, so a test names
 * only what it cares about.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SiteSettings } from '@oasis/shared/api';
import { type Availability, BOOKING_DEFAULTS } from '@oasis/shared/booking-slots';
import { LIMITS } from '@oasis/shared/limits';
import { hashPassword } from '../lib/password.ts';
import { uniqueBlogSlug } from '../modules/blogs/slug.ts';
import { uniqueCourseSlug } from '../modules/courses/slugs.ts';
import { DEFAULT_HERO, DEFAULT_INTRO } from '../modules/home/defaults.ts';
import { DEFAULT_SETTINGS } from '../modules/settings/defaults.ts';
import type { Db } from './client.ts';
import {
  bookingSettings,
  blogs,
  coupons,
  courses,
  enrolments,
  hero,
  intro,
  mentor,
  modules,
  orders,
  podcastVideos,
  quizQuestions,
  quizzes,
  siteSettings,
  users,
  videos,
  courseReviews,
  testimonials,
} from './schema.ts';

let sequence = 0;
const next = () => ++sequence;

type UserInsert = typeof users.$inferInsert;
type CourseInsert = typeof courses.$inferInsert;
type ModuleInsert = typeof modules.$inferInsert;
type VideoInsert = typeof videos.$inferInsert;
type BlogInsert = typeof blogs.$inferInsert;
type PodcastInsert = typeof podcastVideos.$inferInsert;
type CouponInsert = typeof coupons.$inferInsert;

export interface QuestionInput {
  question: string;
  options: string[];
  correctAnswer: number;
  questionAr?: string;
  optionsAr?: string[];
}

function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function createUser(overrides: Partial<UserInsert> = {}): UserInsert {
  const n = next();
  return { name: `Learner ${n}`, email: `learner${n}-${randomUUID().slice(0, 8)}@example.test`, ...overrides };
}

/** A user; `password` is hashed like a real registration would. */
export async function seedUser(db: Db, overrides: Partial<UserInsert> & { password?: string } = {}) {
  const { password, ...values } = overrides;
  const row = createUser(values);
  if (password) row.passwordHash = await hashPassword(password);
  row.email = row.email.toLowerCase();
  return one(await db.insert(users).values(row).returning());
}

export function createCourse(overrides: Partial<CourseInsert> = {}): Omit<CourseInsert, 'slug'> & { slug?: string } {
  const n = next();
  return {
    title: `Course ${n}`,
    description: `<p>What course ${n} is about.</p>`,
    courseOutcome: '<ul><li>Something useful</li></ul>',
    priceFils: 0,
    comingSoon: false,
    // Published unless a test asks for a draft (publishedAt: null), as the demo content is.
    publishedAt: new Date(),
    ...overrides,
  };
}

/** A course; its slug comes from the title and stays unique (`-2`, `-3`… on collision). */
export async function seedCourse(db: Db, overrides: Partial<CourseInsert> = {}) {
  const values = createCourse(overrides);
  const slug = values.slug ?? (await uniqueCourseSlug(db, values.title));
  return one(
    await db
      .insert(courses)
      .values({ ...values, slug })
      .returning(),
  );
}

/** A coupon: 10 % off every course, no window or limit, by default; `code` in capitals, unique. */
export function createCouponRow(overrides: Partial<CouponInsert> = {}): CouponInsert {
  const n = next();
  return { code: `CODE${n}${randomUUID().slice(0, 6).toUpperCase()}`, kind: 'percent', value: 10, ...overrides };
}

/**
 * The owner's consultation hours: Monday to Friday, 10:00 to 18:00 Dubai time (the UAE weekend
 * is Saturday and Sunday), half-hour slots and the defaults for the rest.
 */
export const DEMO_AVAILABILITY: Availability = {
  weeklyHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: '10:00', end: '18:00' })),
  dateOverrides: [],
  ...BOOKING_DEFAULTS,
};

export async function seedAvailability(db: Db, availability: Availability = DEMO_AVAILABILITY) {
  await db.insert(bookingSettings).values({ id: 1, availability }).onConflictDoNothing();
}

export async function seedCoupon(db: Db, overrides: Partial<CouponInsert> = {}) {
  return one(await db.insert(coupons).values(createCouponRow(overrides)).returning());
}

export async function seedModule(db: Db, overrides: Partial<ModuleInsert> & { courseId: string }) {
  const n = next();
  return one(
    await db
      .insert(modules)
      .values({ title: `Module ${n}`, position: n, ...overrides })
      .returning(),
  );
}

export async function seedVideo(db: Db, overrides: Partial<VideoInsert> & { moduleId: string }) {
  const n = next();
  return one(
    await db
      .insert(videos)
      .values({
        title: `Lesson ${n}`,
        source: 'vimeo',
        url: 'https://player.vimeo.com/video/76979871',
        position: n,
        // A length given here is the owner's, as in the lesson editor.
        durationSource: overrides.durationSeconds == null ? null : 'owner',
        ...overrides,
      })
      .returning(),
  );
}

export function createQuestions(count = 5): QuestionInput[] {
  return Array.from({ length: count }, (_, i) => ({
    question: `Question ${i + 1}?`,
    options: Array.from({ length: LIMITS.quizOptions }, (_, o) => `Option ${o + 1}`),
    correctAnswer: i % LIMITS.quizOptions,
  }));
}

/** A course's quiz with its questions, in one transaction. */
export async function seedQuiz(db: Db, input: { courseId: string; questions?: QuestionInput[] }) {
  const questions = input.questions ?? createQuestions();
  return db.transaction(async (tx) => {
    const quiz = one(await tx.insert(quizzes).values({ courseId: input.courseId }).returning());
    const rows = questions.length
      ? await tx
          .insert(quizQuestions)
          .values(questions.map((q, position) => ({ ...q, position, quizId: quiz.id })))
          .returning()
      : [];
    return { ...quiz, questions: rows };
  });
}

export async function seedBlog(db: Db, overrides: Partial<BlogInsert> = {}) {
  const n = next();
  const values = {
    title: `Blog post ${n}`,
    description: `<p>Body of blog post ${n}.</p>`,
    author: 'Oasis Team',
    // Published unless a test asks for a draft (publishedAt: null), as the demo content is.
    publishedAt: new Date(),
    ...overrides,
  };
  const slug = values.slug ?? (await uniqueBlogSlug(db, values.title));
  return one(
    await db
      .insert(blogs)
      .values({ ...values, slug })
      .returning(),
  );
}

/**
 * A learner's enrolment. `paid` (the default) records it the way a confirmed payment does: with a
 * paid order for the course's price.
 */
export async function seedEnrolment(
  db: Db,
  input: { userId: string; courseId: string; paid?: boolean; amountFils?: number },
) {
  return db.transaction(async (tx) => {
    let orderId: string | null = null;
    if (input.paid ?? true) {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
      const order = one(
        await tx
          .insert(orders)
          .values({
            userId: input.userId,
            courseId: input.courseId,
            email: user?.email ?? 'unknown@example.test',
            amountFils: input.amountFils ?? 0,
            provider: 'sandbox',
            providerRef: `seed_${randomUUID()}`,
            status: 'paid',
            paidAt: new Date(),
          })
          .returning(),
      );
      orderId = order.id;
    }
    return one(
      await tx.insert(enrolments).values({ userId: input.userId, courseId: input.courseId, orderId }).returning(),
    );
  });
}

export async function seedPodcastVideo(db: Db, overrides: Partial<PodcastInsert> = {}) {
  const n = next();
  return one(
    await db
      .insert(podcastVideos)
      .values({
        title: `Episode ${n}`,
        embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
        position: n,
        ...overrides,
      })
      .returning(),
  );
}

export async function seedHero(db: Db, overrides: Partial<typeof hero.$inferInsert> = {}) {
  return one(
    await db
      .insert(hero)
      .values({ ...DEFAULT_HERO, ...overrides })
      .returning(),
  );
}

export async function seedIntro(db: Db, overrides: Partial<typeof intro.$inferInsert> = {}) {
  return one(
    await db
      .insert(intro)
      .values({ ...DEFAULT_INTRO, ...overrides })
      .returning(),
  );
}

export async function seedSettings(db: Db, overrides: Partial<SiteSettings> = {}) {
  return one(
    await db
      .insert(siteSettings)
      .values({ ...DEFAULT_SETTINGS, ...overrides })
      .returning(),
  );
}

/** A mentor profile with a name and a short bio; the Arabic twins empty unless given. */
export function createMentor(overrides: Partial<typeof mentor.$inferInsert> = {}): typeof mentor.$inferInsert {
  return {
    name: 'Sam Mentor',
    jobTitle: 'Property mentor',
    bio: 'Helps people buy property in Dubai with clear numbers.',
    credentials: ['RERA broker no. 12345'],
    ...overrides,
  };
}

/** The single mentor row ('main'). */
export async function seedMentor(db: Db, overrides: Partial<typeof mentor.$inferInsert> = {}) {
  return one(await db.insert(mentor).values(createMentor(overrides)).returning());
}

/** An approved review of `courseId` (by a new learner unless `userId` is given). */
export async function seedReview(
  db: Db,
  input: Partial<typeof courseReviews.$inferInsert> & { courseId: string; userName?: string },
) {
  const { userName, ...values } = input;
  const userId = values.userId ?? (await seedUser(db, userName ? { name: userName } : {})).id;
  return one(
    await db
      .insert(courseReviews)
      .values({ rating: 5, status: 'approved', ...values, userId })
      .returning(),
  );
}

/** A testimonial shown on the home page unless told otherwise. */
export async function seedTestimonial(db: Db, overrides: Partial<typeof testimonials.$inferInsert> = {}) {
  return one(
    await db
      .insert(testimonials)
      .values({ name: 'Dana Client', quote: 'Clear and practical.', onHome: true, ...overrides })
      .returning(),
  );
}
