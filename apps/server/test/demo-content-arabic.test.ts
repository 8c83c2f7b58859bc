import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema } from '@oasis/shared/api';
import { hasArabicLetter } from '@oasis/shared/i18n/content';
import { courseQuizSchema, questionInLocale } from '@oasis/shared/quiz';
import { seedEnrolment } from '../src/db/factories.ts';
import { blogs, courses } from '../src/db/schema.ts';
import { seedDemoContent } from '../src/db/seed.ts';
import { setUpBuiltSite } from './built-site.ts';
import { signIn } from './uploads.ts';

/**
 * A fresh install is Arabic on its Arabic pages (docs/i18n.md#content): the demo seed writes every
 * text in both languages, so the Arabic home, catalogue, course pages, posts, About and Why Dubai
 * pages, and a learner's lessons and quiz, show no English but the names that stay in Latin letters.
 * Through the real build and renderer, on a database the demo seed filled.
 */

/**
 * Latin words an Arabic page may show: the brand, the social networks' names, the language switch,
 * the currency code (the owner's choice of 'AED' or 'د.إ') and a credential's name.
 */
const LATIN_ALLOWED = new Set([
  'Oasis',
  'Property',
  'Academy',
  'LinkedIn',
  'YouTube',
  'Instagram',
  'TikTok',
  'Facebook',
  'English',
  'AED',
  'CeMAP',
]);

let site: Awaited<ReturnType<typeof setUpBuiltSite>>;
let courseSlugs: string[] = [];
let blogSlugs: string[] = [];

beforeAll(async () => {
  site = await setUpBuiltSite(async (deps) => {
    await seedDemoContent(deps, { images: false, print: () => {} });
    courseSlugs = (await deps.db.select({ slug: courses.slug }).from(courses)).map((r) => r.slug);
    blogSlugs = (await deps.db.select({ slug: blogs.slug }).from(blogs)).map((r) => r.slug);
  });
}, 300_000);
afterAll(async () => {
  await site?.close();
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/** The text a reader sees in the page's body: no scripts, styles or island data, entities decoded. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name] ?? whole;
    });
}

/** Runs of Latin letters that are neither allowed names nor parts of an e-mail address or a link. */
function englishIn(text: string): string[] {
  const words = text
    .split(/\s+/)
    .filter((word) => !/@|https?:\/\/|www\./.test(word))
    .flatMap((word) => word.match(/[A-Za-z]+/g) ?? []);
  return [...new Set(words.filter((word) => !LATIN_ALLOWED.has(word)))];
}

/** The Arabic page at `url` shows no English words and no element marked as an English fallback. */
async function expectNoEnglish(url: string) {
  const res = await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  // Learners' reviews show as they wrote them, names and words in their own language: the list is
  // theirs, not the site's (docs/product.md#reviews). Its heading and rating are still checked.
  const html = res.body.replace(/(<section[^>]*data-testid="course-reviews"[^>]*>[\s\S]*?)<ul[\s\S]*?<\/ul>/, '$1');
  expect(html, url).toMatch(/<html[^>]*lang="ar"/);
  const body = html.slice(html.indexOf('<body'));
  // `inLocale` marks a field shown in English for want of its Arabic twin. Names that stay in Latin
  // letters (the wordmark, the social networks, the language switch) are marked English too, so an
  // element counts only when its own text holds other words; nested English is in `english` below.
  const fallbacks = [...body.matchAll(/<(\w+)[^>]*\blang="en"[^>]*>([^<]*)/g)]
    .filter(([, , text = '']) => englishIn(text).length > 0)
    .map(([, tag, text]) => `${tag}: ${text}`);
  expect(englishIn(visibleText(html)), url).toEqual([]);
  expect(fallbacks, url).toEqual([]);
}

describe('the demo content on Arabic pages', () => {
  it('seeds six courses and three posts', () => {
    expect(courseSlugs).toHaveLength(6);
    expect(blogSlugs).toHaveLength(3);
  });

  it('the home, the catalogue, About and Why Dubai show no English', async () => {
    for (const url of ['/ar', '/ar/courses', '/ar/about', '/ar/why-dubai']) await expectNoEnglish(url);
  });

  it('every course page shows no English', async () => {
    for (const slug of courseSlugs) await expectNoEnglish(`/ar/courses/${slug}`);
  });

  it('every blog post shows no English', async () => {
    for (const slug of blogSlugs) await expectNoEnglish(`/ar/blogs/${slug}`);
  });

  it("a learner's lessons and quiz are in Arabic, the options in the English order", async () => {
    const learner = await signIn(site.deps.db, 'learner');
    const res = await site.app.inject({ method: 'GET', url: '/api/courses/course/slug/introduction-to-off-plan' });
    const course = courseDetailSchema.parse(res.json());
    await seedEnrolment(site.deps.db, { userId: learner.user.id, courseId: course._id });

    const lessons = course.modules.flatMap((m) => [m.titleAr, ...m.videos.map((v) => v.titleAr)]);
    expect(lessons.length).toBeGreaterThan(3);
    for (const title of lessons) expect(hasArabicLetter(title), title).toBe(true);

    const quizRes = await site.app.inject({
      method: 'GET',
      url: `/api/quiz/course/${course._id}`,
      headers: learner.headers,
    });
    expect(quizRes.statusCode).toBe(200);
    const quiz = courseQuizSchema.parse(quizRes.json());
    expect(quiz.questions).toHaveLength(5);
    for (const question of quiz.questions) {
      expect(question.optionsAr).toHaveLength(question.options.length);
      const shown = questionInLocale(question, 'ar');
      for (const text of [shown.question, ...shown.options]) {
        expect(hasArabicLetter(text.text), text.text).toBe(true);
        expect(text.attrs).toEqual({});
      }
    }
    // The same option in both languages: the fourth question's right answer (0) is about paying during construction.
    const sixtyForty = quiz.questions[3];
    expect(sixtyForty?.options[0]).toMatch(/^60% paid during construction/);
    expect(sixtyForty?.optionsAr[0]).toMatch(/^سداد 60% خلال فترة البناء/);
  });
});
