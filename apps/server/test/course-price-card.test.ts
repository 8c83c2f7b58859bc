import { describe, expect, it } from 'vitest';
import { courseDetailSchema } from '@oasis/shared/api';
import courseTexts from '@oasis/shared/i18n/ns/course';
import { seedCourse, seedModule, seedQuiz, seedVideo } from '../src/db/factories.ts';
import { pageHtml, setUpBuiltSiteForFile } from './built-site.ts';
import { signIn } from './uploads.ts';

/**
 * The course page's price card lists what the course really has (docs/product.md#course-page):
 * its lessons and length, a quiz only when it has one, its free previews. Through the real build
 * and renderer, so the page cache and the read model are part of what is checked.
 */

const fx = {} as { plain: string; plainId: string; withQuiz: string; adminHeaders: Record<string, string> };

const site = setUpBuiltSiteForFile(async (deps) => {
  const plain = await seedCourse(deps.db, { title: 'A course without a quiz' });
  const module = await seedModule(deps.db, { courseId: plain.id });
  await seedVideo(deps.db, { moduleId: module.id, durationSeconds: 300, freePreview: true });
  await seedVideo(deps.db, { moduleId: module.id, durationSeconds: 72 });
  const withQuiz = await seedCourse(deps.db, { title: 'A course with a quiz' });
  await seedVideo(deps.db, { moduleId: (await seedModule(deps.db, { courseId: withQuiz.id })).id });
  await seedQuiz(deps.db, { courseId: withQuiz.id });
  Object.assign(fx, {
    plain: plain.slug,
    plainId: plain.id,
    withQuiz: withQuiz.slug,
    adminHeaders: (await signIn(deps.db, 'admin')).headers,
  });
});

/** The price card's list of what the course gives, as text. */
async function priceCard(url: string): Promise<string> {
  const list = /<ul[^>]*data-testid="price-card-features"[^>]*>([\s\S]*?)<\/ul>/.exec(await pageHtml(site, url))?.[1];
  expect(list, url).toBeDefined();
  return (list ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const [en, ar] = [courseTexts.en, courseTexts.ar];

describe("the course page's price card", () => {
  it('promises no quiz to a course without one, and lists its lessons, length and free previews', async () => {
    const card = await priceCard(`/courses/${fx.plain}`);
    expect(card).not.toContain(en.featureQuiz);
    expect(card).toContain('2 lessons, 6 min in total');
    expect(card).toContain('1 free preview lesson');
    const arabic = await priceCard(`/ar/courses/${fx.plain}`);
    expect(arabic).not.toContain(ar.featureQuiz);
    expect(arabic).toContain('درس واحد مجاني للمعاينة');
  });

  it('lists the quiz of a course that has one, in both languages', async () => {
    expect(await priceCard(`/courses/${fx.withQuiz}`)).toContain(en.featureQuiz);
    expect(await priceCard(`/ar/courses/${fx.withQuiz}`)).toContain(ar.featureQuiz);
  });

  it('says in the course detail API whether the course has a quiz', async () => {
    for (const [slug, hasQuiz] of [
      [fx.plain, false],
      [fx.withQuiz, true],
    ] as const) {
      const res = await site.app.inject({ method: 'GET', url: `/api/courses/course/slug/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(courseDetailSchema.parse(res.json()).hasQuiz).toBe(hasQuiz);
    }
  });

  it('follows the owner adding the first quiz question and deleting the last', async () => {
    const headers = fx.adminHeaders;
    const created = await site.app.inject({
      method: 'POST',
      url: '/api/quiz/quizzes',
      headers,
      payload: {
        courseId: fx.plainId,
        questions: [
          { question: 'Which emirate?', options: ['Dubai', 'Sharjah', 'Ajman', 'Fujairah'], correctAnswer: 0 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await priceCard(`/courses/${fx.plain}`)).toContain(en.featureQuiz);

    const removed = await site.app.inject({
      method: 'DELETE',
      url: `/api/quiz/quizzes/${created.json()._id}/questions/0`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().quiz).toBeNull();
    expect(await priceCard(`/courses/${fx.plain}`)).not.toContain(en.featureQuiz);
  });
});
