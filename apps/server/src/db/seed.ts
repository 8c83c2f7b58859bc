import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { dateToDubaiLocal } from '@oasis/shared/dubai-time';
import { LIMITS } from '@oasis/shared/limits';
import { ConfigError } from '../config.ts';
import { serverDir } from '../lib/server-dir.ts';
import type { Deps } from '../deps.ts';
import { deleteMedia, IMAGE_FORMAT_EXT, type MediaRow } from '../modules/media/rows.ts';
import type { Db } from './client.ts';
import {
  seedAvailability,
  seedBlog,
  seedCoupon,
  seedCourse,
  seedHero,
  seedIntro,
  seedMentor,
  seedModule,
  seedPodcastVideo,
  seedReview,
  seedTestimonial,
  seedQuiz,
  seedSettings,
  seedUser,
  seedVideo,
} from './factories.ts';
import { courses, leadEvents, leadNotes, leads, media, users } from './schema.ts';
import { DEMO_POSTS } from './seed-content/blogs.ts';
import {
  COMING_SOON,
  day,
  OFF_PLAN_DESCRIPTION,
  OFF_PLAN_DESCRIPTION_AR,
  OFF_PLAN_MODULES,
  OFF_PLAN_OUTCOME,
  OFF_PLAN_OUTCOME_AR,
  OFF_PLAN_PAGE,
  OFF_PLAN_QUIZ,
} from './seed-content/courses.ts';
import { type DemoImage, IMAGE_FILES } from './seed-content/images.ts';
import { DEMO_LEADS, DEMO_WAITLIST } from './seed-content/leads.ts';
import { demoMentor } from './seed-content/mentor.ts';
import { DEMO_REVIEWS, DEMO_TESTIMONIALS } from './seed-content/reviews.ts';
import { DEMO_BRAND_AR, DEMO_HERO, DEMO_INTRO, DEMO_PODCASTS, DEMO_SETTINGS } from './seed-content/site.ts';
import { contentChanged } from '../lib/content-changed.ts';

export { IMAGE_FILES };

export const SEED_ASSETS_DIR = path.join(serverDir, 'seed-assets');
/** The demo images, already encoded by the media pipeline (seed-assets/renditions.ts makes them). */
export const RENDITIONS_DIR = path.join(SEED_ASSETS_DIR, 'renditions');
export const DEFAULT_ADMIN_EMAIL = 'admin@oasis.local';

export interface SeedOptions {
  /** Defaults to ADMIN_EMAIL, then admin@oasis.local. */
  adminEmail?: string;
  /** Defaults to ADMIN_PASSWORD, then a generated 16-character password. */
  adminPassword?: string;
  /** Store the demo images (default). Tests about accounts only leave them out to save time. */
  images?: boolean;
  /** Where the one-time admin notice goes (stdout by default, so it is seen whatever the log format). */
  print?: (text: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password: string; generated: boolean };
}

const adminEmailSchema = z.email('must be an e-mail address');
const adminPasswordSchema = z.string().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`);

function readSetting<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ConfigError([`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`]);
  return parsed.data;
}

/** Easy to read and type: no 0/O, 1/l/I. */
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

async function isEmpty(db: Db): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const [course] = await db.select({ id: courses.id }).from(courses).limit(1);
  return !user && !course;
}

/**
 * Seeds demo content into an empty database (no users and no courses), so a fresh start shows a
 * complete site. Does nothing on later starts. Images go through the media pipeline like uploads.
 */
export async function seedDemoContent(deps: Deps, options: SeedOptions = {}): Promise<SeedResult> {
  const { db } = deps;
  if (!(await isEmpty(db))) return { seeded: false };

  const email = readSetting(
    'ADMIN_EMAIL',
    adminEmailSchema,
    options.adminEmail ?? (process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL),
  );
  const givenPassword = options.adminPassword ?? (process.env.ADMIN_PASSWORD || undefined);
  const password = givenPassword
    ? readSetting('ADMIN_PASSWORD', adminPasswordSchema, givenPassword)
    : generatePassword();

  const started = performance.now();
  const images = options.images === false ? NO_IMAGES : await storeSeedImages(deps);
  try {
    await db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await seedSettings(db, DEMO_SETTINGS);
      await seedHero(db, { ...DEMO_HERO, imageId: images.hero });
      await seedIntro(db, { ...DEMO_INTRO, imageId: images.intro });
      // No portrait: the pages show the neutral silhouette (public/mentor-placeholder.svg) until the owner uploads one.
      await seedMentor(db, demoMentor());
      const comingSoonId = await seedCourses(db, images);
      await seedBlogs(db, images);
      for (const [position, item] of DEMO_PODCASTS.entries()) await seedPodcastVideo(db, { ...item, position });
      // One demo code, 10 % off every course, for trying checkout (codes read the same in both languages).
      await seedCoupon(db, { code: 'WELCOME10', kind: 'percent', value: 10 });
      // Consultation hours, so the booking form shows free slots from the first start.
      await seedAvailability(db);
      // The operator chose the address: it counts as proved (Google sign-in then links, never takes over).
      const admin = await seedUser(db, {
        name: 'Site Admin',
        email,
        password,
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      await seedLeads(db, admin.id, comingSoonId);
    });
  } catch (error) {
    await Promise.all(Object.values(images).map((id) => (id ? deleteMedia(deps, id).catch(() => {}) : undefined)));
    throw error;
  }
  await contentChanged.everything(deps);
  // The admin's e-mail goes to the notice below, never to the log: it is personal data.
  deps.log.info({ ms: Math.round(performance.now() - started) }, 'demo content seeded');

  const print = options.print ?? ((text: string) => process.stdout.write(text));
  print(adminNotice(email, givenPassword ? null : password, deps.config.siteUrl));
  return { seeded: true, admin: { email, password, generated: !givenPassword } };
}

function adminNotice(email: string, generatedPassword: string | null, siteUrl: string): string {
  const lines = [
    'Oasis: admin account created',
    '',
    `E-mail:    ${email}`,
    generatedPassword ? `Password:  ${generatedPassword}` : 'Password:  the one set in ADMIN_PASSWORD',
    `Sign in:   ${siteUrl}/admin/login`,
    '',
    generatedPassword
      ? 'This password is shown only once. Store it now, then change it.'
      : 'Remove ADMIN_PASSWORD from the environment once you have signed in.',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const border = '═'.repeat(width + 2);
  return ['', `╔${border}╗`, ...lines.map((l) => `║  ${l.padEnd(width)}║`), `╚${border}╝`, '', ''].join('\n');
}

// ---------------------------------------------------------------- images

type SeedImages = Record<DemoImage, string | null>;
const NO_IMAGES = Object.fromEntries(Object.keys(IMAGE_FILES).map((k) => [k, null])) as SeedImages;

/** What renditions/manifest.json records of each demo image: its media row, less id and key. */
export type SeedRendition = Pick<MediaRow, 'mime' | 'bytes' | 'width' | 'height' | 'widths' | 'formats'>;

/**
 * Stores the demo images as uploads would leave them, by copying their ready-made renditions:
 * encoding eleven pictures at four widths in three formats took most of a first start.
 */
async function storeSeedImages(deps: Deps): Promise<SeedImages> {
  const manifest = JSON.parse(await fs.readFile(path.join(RENDITIONS_DIR, 'manifest.json'), 'utf8')) as Record<
    string,
    SeedRendition
  >;
  const stored: Partial<SeedImages> = {};
  let key = '';
  try {
    for (const [name, file] of Object.entries(IMAGE_FILES) as [keyof SeedImages, string][]) {
      const stem = path.parse(file).name;
      const rendition = manifest[stem];
      if (!rendition) throw new Error(`seed-assets/renditions has no ${stem}: run seed-assets/renditions.ts`);
      const id = randomUUID();
      key = `images/${id}`;
      const files = rendition.widths.flatMap((width) =>
        rendition.formats.map((format) => `${width}.${IMAGE_FORMAT_EXT[format]}`),
      );
      await Promise.all(
        files.map(async (f) => deps.storage.put(`${key}/${f}`, await fs.readFile(path.join(RENDITIONS_DIR, stem, f)))),
      );
      await deps.db.insert(media).values({ id, kind: 'image', key, ...rendition });
      stored[name] = id;
      key = '';
    }
  } catch (error) {
    if (key) await deps.storage.remove(key).catch(() => {});
    await Promise.all(Object.values(stored).map((id) => (id ? deleteMedia(deps, id).catch(() => {}) : undefined)));
    throw error;
  }
  return stored as SeedImages;
}

// ---------------------------------------------------------------- courses and posts

async function seedCourses(db: Db, images: SeedImages) {
  // The flagship course is the newest, so it leads the catalogue and the home teaser.
  const offPlan = await seedCourse(db, {
    title: 'Introduction to Off Plan',
    titleAr: 'مقدمة في العقارات على الخارطة',
    description: OFF_PLAN_DESCRIPTION,
    descriptionAr: OFF_PLAN_DESCRIPTION_AR,
    courseOutcome: OFF_PLAN_OUTCOME,
    courseOutcomeAr: OFF_PLAN_OUTCOME_AR,
    ...OFF_PLAN_PAGE,
    outcomes: [...OFF_PLAN_PAGE.outcomes],
    outcomesAr: [...OFF_PLAN_PAGE.outcomesAr],
    faq: [...OFF_PLAN_PAGE.faq],
    authorAr: DEMO_BRAND_AR,
    priceFils: 88_800,
    comingSoon: false,
    thumbnailId: images.offPlan,
    createdAt: day('2025-06-01'),
  });
  for (const [position, module] of OFF_PLAN_MODULES.entries()) {
    const row = await seedModule(db, { courseId: offPlan.id, title: module.title, titleAr: module.titleAr, position });
    for (const [videoPosition, [title, titleAr, vimeoId, seconds]] of module.videos.entries()) {
      await seedVideo(db, {
        moduleId: row.id,
        title,
        titleAr,
        source: 'vimeo',
        url: `https://player.vimeo.com/video/${vimeoId}`,
        position: videoPosition,
        durationSeconds: seconds,
        freePreview: position === 0 && videoPosition === 0,
      });
    }
  }
  await seedQuiz(db, { courseId: offPlan.id, questions: OFF_PLAN_QUIZ });
  // Approved reviews (enough for the rating to show) and testimonials, the course's linked to it.
  for (const review of DEMO_REVIEWS) {
    const learner = await seedUser(db, { name: review.name, email: review.email });
    await seedReview(db, { courseId: offPlan.id, userId: learner.id, rating: review.rating, text: review.text });
  }
  for (const [position, testimonial] of DEMO_TESTIMONIALS.entries()) {
    await seedTestimonial(db, { ...testimonial, courseId: offPlan.id, position });
  }

  // The list items of the free text, as the page's checklist.
  const listItems = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1] ?? '');
  let firstComingSoon = '';
  for (const { image, ...course } of COMING_SOON) {
    const row = await seedCourse(db, {
      ...course,
      outcomes: listItems(course.courseOutcome),
      outcomesAr: listItems(course.courseOutcomeAr),
      authorAr: DEMO_BRAND_AR,
      priceFils: 0,
      comingSoon: true,
      thumbnailId: images[image],
    });
    firstComingSoon ||= row.id;
  }
  return firstComingSoon;
}

/**
 * The demo inbox (seed-content/leads.ts): each lead's moves through the pipeline are recorded as
 * the admin's, an hour apart after it arrived, with its notes after them; and two waitlist signups
 * on the first coming-soon course.
 */
async function seedLeads(db: Db, adminId: string, comingSoonId: string) {
  const now = Date.now();
  const HOUR = 3_600_000;
  const daysFromNow = (days: number) => new Date(now + days * 24 * HOUR);
  for (const demo of DEMO_LEADS) {
    const arrived = daysFromNow(-demo.daysAgo);
    const at = (step: number) => new Date(arrived.getTime() + step * HOUR);
    const followUpOn =
      demo.followUpInDays === undefined ? null : dateToDubaiLocal(daysFromNow(demo.followUpInDays)).slice(0, 10);
    const [lead] = await db
      .insert(leads)
      .values({
        kind: demo.kind,
        status: demo.stages.at(-1) ?? 'new',
        name: demo.name,
        email: demo.email,
        phone: demo.phone,
        message: demo.message ?? '',
        details: demo.details,
        locale: demo.locale,
        handledAt: demo.stages.length > 0 ? at(1) : null,
        followUpOn,
        createdAt: arrived,
        updatedAt: arrived,
      })
      .returning({ id: leads.id });
    const leadId = lead!.id;
    const moves: (typeof leadEvents.$inferInsert)[] = demo.stages.map((to, index) => ({
      leadId,
      actorId: adminId,
      field: 'status',
      fromValue: demo.stages[index - 1] ?? 'new',
      toValue: to,
      createdAt: at(index + 1),
    }));
    if (followUpOn) {
      moves.push({
        leadId,
        actorId: adminId,
        field: 'followUpOn',
        toValue: followUpOn,
        createdAt: at(moves.length + 1),
      });
    }
    if (moves.length > 0) await db.insert(leadEvents).values(moves);
    const notes = demo.notes.map((body, index) => ({
      leadId,
      authorId: adminId,
      body,
      createdAt: at(moves.length + index + 1),
    }));
    if (notes.length > 0) await db.insert(leadNotes).values(notes);
  }
  for (const signup of DEMO_WAITLIST) {
    const arrived = daysFromNow(-signup.daysAgo);
    await db.insert(leads).values({
      kind: 'waitlist',
      name: '',
      email: signup.email,
      phone: '',
      courseId: comingSoonId,
      locale: signup.locale,
      createdAt: arrived,
      updatedAt: arrived,
    });
  }
}

async function seedBlogs(db: Db, images: SeedImages) {
  for (const { image, day: published, ...post } of DEMO_POSTS) {
    await seedBlog(db, {
      ...post,
      author: DEMO_SETTINGS.brandName,
      authorAr: DEMO_BRAND_AR,
      imageId: images[image],
      date: day(published),
    });
  }
}
