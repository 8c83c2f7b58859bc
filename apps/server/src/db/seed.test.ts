import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogListSchema,
  courseDetailSchema,
  courseListSchema,
  heroSchema,
  introSchema,
  podcastVideoListSchema,
} from '@oasis/shared/api';
import { dateToDubaiLocal } from '@oasis/shared/dubai-time';
import { createTestApp, getJson, type TestContext } from '../../test/helpers.ts';
import { verifyPassword } from '../lib/password.ts';
import { seedUser } from './factories.ts';
import {
  coupons,
  courses,
  leadEvents,
  leadNotes,
  leads,
  media,
  quizQuestions,
  quizzes,
  users,
  videos,
} from './schema.ts';
import { DEFAULT_ADMIN_EMAIL, generatePassword, RENDITIONS_DIR, type SeedResult, seedDemoContent } from './seed.ts';

let t: TestContext;
const printed: string[] = [];
let first: SeedResult;

beforeAll(async () => {
  // The defaults are under test here, whatever the surrounding environment sets.
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
  t = await createTestApp();
  first = await seedDemoContent(t.deps, { print: (text) => printed.push(text) });
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => getJson(t, url);

describe('seedDemoContent on an empty database', () => {
  it('gives the demo mentor no portrait: the pages show the neutral silhouette until the owner uploads one', async () => {
    const mentor = await get('/api/mentor');
    expect(mentor.name).toBeTruthy();
    expect(mentor.portrait).toBeNull();
  });

  it('creates the six courses of the catalogue', async () => {
    expect(first.seeded).toBe(true);
    const list = courseListSchema.parse(await get('/api/courses/course'));
    expect(list).toHaveLength(6);
    expect(list[0]).toMatchObject({ title: 'Introduction to Off Plan', price: 888, comingSoon: false });
    for (const course of list.slice(1)) {
      expect(course.price, course.title).toBe(0);
      expect(course.comingSoon, course.title).toBe(true);
    }
    for (const course of list) {
      expect(course.thumbnail, course.title).not.toBeNull();
      expect(course.description).toMatch(/^<p>/);
      expect(course.courseOutcome).toMatch(/<li>/);
    }
    expect(new Set(list.map((c) => c.slug)).size).toBe(6);
  });

  it('gives the flagship course three modules of Vimeo videos and a five-question quiz', async () => {
    const course = courseDetailSchema.parse(await get('/api/courses/course/slug/introduction-to-off-plan'));
    expect(course.modules).toHaveLength(3);
    for (const m of course.modules) {
      expect(m.videos.length).toBeGreaterThanOrEqual(2);
      expect(m.videos.length).toBeLessThanOrEqual(3);
      // The public view carries no video URLs.
      for (const v of m.videos) expect(v.videoUrl).toBeUndefined();
    }
    const rows = await t.deps.db.select().from(videos);
    expect(rows).toHaveLength(8);
    for (const v of rows) expect(v.url).toMatch(/^https:\/\/player\.vimeo\.com\/video\/\d+$/);

    const [quiz] = await t.deps.db.select().from(quizzes).where(eq(quizzes.courseId, course._id));
    expect(quiz).toBeDefined();
    const questions = await t.deps.db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz?.id ?? ''))
      .orderBy(asc(quizQuestions.position));
    expect(questions).toHaveLength(5);
    for (const q of questions) {
      expect(q.options).toHaveLength(4);
      expect(q.correctAnswer).toBeGreaterThanOrEqual(0);
      expect(q.correctAnswer).toBeLessThanOrEqual(3);
    }
  });

  it('gives every course, lesson and post its Arabic twins (pages: test/demo-content-arabic.test.ts)', async () => {
    const arabic = /[\u0600-\u06FF]/;
    const list = courseListSchema.parse(await get('/api/courses/course'));
    expect(list).toHaveLength(6);
    for (const course of list) {
      for (const text of [
        course.titleAr,
        course.taglineAr,
        course.descriptionAr,
        course.courseOutcomeAr,
        course.authorAr,
      ])
        expect(text, course.title).toMatch(arabic);
      expect(course.outcomesAr, course.title).toHaveLength(course.outcomes.length);
    }
    const course = courseDetailSchema.parse(await get('/api/courses/course/slug/introduction-to-off-plan'));
    expect(course.descriptionAr).toMatch(/^<p>[\u0600-\u06FF]/);
    for (const module of course.modules) {
      expect(module.titleAr).toMatch(arabic);
      for (const video of module.videos) expect(video.titleAr, video.title).toMatch(arabic);
    }
    const blogs = blogListSchema.parse(await get('/api/blogs/blogs'));
    for (const blog of blogs) {
      for (const text of [blog.titleAr, blog.descriptionAr, blog.authorAr]) expect(text, blog.title).toMatch(arabic);
    }
  });

  it('creates three blog posts with images, the hero, the intro and the podcast items', async () => {
    const blogs = blogListSchema.parse(await get('/api/blogs/blogs'));
    expect(blogs).toHaveLength(3);
    for (const blog of blogs) {
      expect(blog.image, blog.title).not.toBeNull();
      expect(blog.description).toMatch(/<h2>/);
    }
    const hero = heroSchema.parse(await get('/api/hero/get'));
    expect(hero.image?.widths).toEqual([320, 640, 960, 1600]);
    const intro = introSchema.parse(await get('/api/intro/intro'));
    expect(intro.paragraph1).toMatch(/26 years/);
    expect(intro.paragraph1).toMatch(/United Kingdom/);
    expect(intro.paragraph1).toMatch(/mortgage/);
    expect(intro.paragraph1).toMatch(/16 years at a housing association/);
    expect(intro.paragraph2).toMatch(/off-plan/);
    expect(intro.paragraph2).toMatch(/RERA/);
    expect(intro.image).not.toBeNull();
    const podcasts = podcastVideoListSchema.parse(await get('/api/youtube/get'));
    expect(podcasts).toHaveLength(3);
    expect(podcasts[0]?.embeddedUrl).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
  });

  it('creates the demo coupon WELCOME10: 10 % off every course, active, no limit', async () => {
    const [coupon] = await t.deps.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(coupon).toMatchObject({ kind: 'percent', value: 10, courseId: null, active: true, totalLimit: null });
  });

  it('stores every demo image in every rendition, served from /media', async () => {
    const rows = await t.deps.db.select().from(media);
    expect(rows).toHaveLength(11);
    const hero = heroSchema.parse(await get('/api/hero/get'));
    for (const ext of ['avif', 'webp', 'jpg']) {
      const res = await t.app.inject({ method: 'GET', url: `${hero.image?.base}/1600.${ext}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('copies the ready-made renditions rather than encoding the pictures again', async () => {
    const hero = heroSchema.parse(await get('/api/hero/get'));
    for (const file of ['1600.avif', '960.webp', '320.jpg']) {
      const res = await t.app.inject({ method: 'GET', url: `${hero.image?.base}/${file}` });
      expect(res.rawPayload.equals(readFileSync(path.join(RENDITIONS_DIR, 'hero-dubai-skyline', file))), file).toBe(
        true,
      );
    }
  });

  it('fills the inbox with demo leads across the stages, one due today, and a waitlist on a coming-soon course', async () => {
    const rows = await t.deps.db.select().from(leads);
    const stages = (kind: string) =>
      rows
        .filter((lead) => lead.kind === kind)
        .map((lead) => lead.status)
        .sort();
    expect(stages('waitlist')).toEqual(['new', 'new']);
    expect([...stages('contact'), ...stages('consultation')].sort()).toEqual([
      'contacted',
      'lost',
      'new',
      'qualified',
      'won',
    ]);
    const today = dateToDubaiLocal(new Date()).slice(0, 10);
    expect(rows.filter((lead) => lead.followUpOn === today).map((lead) => lead.status)).toEqual(['qualified']);
    const signups = rows.filter((lead) => lead.kind === 'waitlist');
    const [course] = await t.deps.db.select().from(courses).where(eq(courses.id, signups[0]!.courseId!));
    expect(course?.comingSoon).toBe(true);
    expect(signups.every((s) => s.courseId === course?.id)).toBe(true);
    // Each lead's history is the admin's moves, in order; its notes are the admin's too.
    const won = rows.find((lead) => lead.status === 'won')!;
    const [admin] = await t.deps.db.select().from(users).where(eq(users.role, 'admin'));
    const events = await t.deps.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, won.id))
      .orderBy(asc(leadEvents.createdAt));
    expect(events.map((e) => [e.fromValue, e.toValue, e.actorId])).toEqual([
      ['new', 'contacted', admin!.id],
      ['contacted', 'won', admin!.id],
    ]);
    const notes = await t.deps.db.select().from(leadNotes).where(eq(leadNotes.leadId, won.id));
    expect(notes.map((n) => n.authorId)).toEqual([admin!.id]);
  });

  it('creates an admin account and prints its password once, in a box', async () => {
    const [admin] = await t.deps.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(admin?.role).toBe('admin');
    expect(first.admin?.generated).toBe(true);
    const password = first.admin?.password ?? '';
    expect(password).toHaveLength(16);
    expect(await verifyPassword(admin?.passwordHash, password)).toBe(true);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(DEFAULT_ADMIN_EMAIL);
    expect(printed[0]).toContain(password);
    expect(printed[0]).toMatch(/╔═+╗/);
  });

  it('does nothing the second time', async () => {
    const counts = async () => ({
      users: (await t.deps.db.select({ n: count() }).from(users))[0]?.n,
      media: (await t.deps.db.select({ n: count() }).from(media))[0]?.n,
    });
    const before = await counts();
    const second = await seedDemoContent(t.deps, { print: (text) => printed.push(text) });
    expect(second.seeded).toBe(false);
    expect(await counts()).toEqual(before);
    expect(courseListSchema.parse(await get('/api/courses/course'))).toHaveLength(6);
    expect(printed).toHaveLength(1);
  });
});

describe('seedDemoContent options', () => {
  it('validates the admin account, skips a database with users, and uses the given e-mail and password', async () => {
    const ctx = await createTestApp();
    try {
      const quiet = { print: () => {}, images: false };
      await expect(seedDemoContent(ctx.deps, { ...quiet, adminEmail: 'not-an-email' })).rejects.toThrow(/ADMIN_EMAIL/);
      await expect(seedDemoContent(ctx.deps, { ...quiet, adminPassword: '123' })).rejects.toThrow(/ADMIN_PASSWORD/);
      expect(await ctx.deps.db.select().from(media)).toEqual([]);
      expect(await ctx.deps.db.select().from(users)).toEqual([]);

      // A database that already has a user (and no courses) is not empty: nothing is seeded.
      const someone = await seedUser(ctx.deps.db);
      expect((await seedDemoContent(ctx.deps, quiet)).seeded).toBe(false);
      expect(await ctx.deps.db.select().from(courses)).toEqual([]);
      await ctx.deps.db.delete(users).where(eq(users.id, someone.id));

      const out: string[] = [];
      const result = await seedDemoContent(ctx.deps, {
        images: false,
        adminEmail: 'Owner@Example.test',
        adminPassword: 'a-secret-password',
        print: (text) => out.push(text),
      });
      expect(result.admin).toMatchObject({ email: 'Owner@Example.test', generated: false });
      const [admin] = await ctx.deps.db.select().from(users).where(eq(users.email, 'owner@example.test'));
      expect(admin?.role).toBe('admin');
      expect(await verifyPassword(admin?.passwordHash, 'a-secret-password')).toBe(true);
      expect(out.join('')).toContain('Owner@Example.test');
      expect(out.join('')).not.toContain('a-secret-password');
      // Without images the courses fall back to the default thumbnail.
      const list = courseListSchema.parse((await ctx.app.inject({ url: '/api/courses/course' })).json());
      expect(list).toHaveLength(6);
      expect(list.every((c) => c.thumbnailUrl === '/default-thumbnail.jpg')).toBe(true);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('generates readable 16-character passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
