import { expect, type Page, test } from '@playwright/test';
import { adminToken, createPublishedCourse, RUN, withApi } from './admin-fixtures.ts';
import { signInAsNewLearner } from './auth-fixtures.ts';
import { buyCourseByApi, standInForVimeo, vimeoFrame } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/*
 * A lesson video that cannot load: its player request fails (a blocked or broken network). Within
 * a few seconds, on the watch page and in the course page's free-preview dialog alike, in English
 * and Arabic, the learner sees why, a Retry button and a way to tell the owner, instead of a grey
 * frame; the lesson can still be completed by hand. Retry with the network back plays the lesson.
 */

const FREE_LESSON = 'A free look at the market';
const PAID_LESSON = 'The numbers behind a deal';
/** The deadline is a few seconds (PLAYER_READY_TIMEOUT_MS, 6 s); the message must come well before 20 s. */
const WITHIN = 10_000;
const course = { id: '', slug: '' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.beforeAll(async ({ playwright }, testInfo) => {
  await withApi({ playwright }, testInfo, async (request) => {
    const admin = await adminToken(request);
    Object.assign(
      course,
      await createPublishedCourse(request, admin, {
        title: `Video Failure Course ${RUN}`,
        description: '<p>A course made by the video failure tests.</p>',
      }),
    );
    const module = await request.post('/api/modules/module', {
      headers: bearer(admin),
      data: { title: 'Getting started', course: course.id },
    });
    expect(module.status()).toBe(201);
    const moduleId = ((await module.json()) as { _id: string })._id;
    for (const [title, freePreview] of [
      [FREE_LESSON, true],
      [PAID_LESSON, false],
    ] as const) {
      const video = await request.post('/api/vimeo/create', {
        headers: bearer(admin),
        data: { title, videoUrl: 'https://vimeo.com/76979871', module: moduleId, freePreview },
      });
      expect(video.status(), await video.text()).toBe(201);
    }
  });
});

/** Every request for a Vimeo player fails, as on a network that blocks it. */
async function breakVimeo(page: Page) {
  await page.route('https://player.vimeo.com/video/**', (route) => route.abort('failed'));
}

test('the watch page says at once that the video does not load, offers Retry and contact, and completes by hand', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const learner = await signInAsNewLearner(page, 'Vera Video');
  await buyCourseByApi(page.request, learner.token, course.slug);
  await breakVimeo(page);
  await page.goto(`/watch/${course.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: FREE_LESSON, exact: true })).toBeVisible({
    timeout: 30_000,
  });

  const problem = page.getByRole('alert').filter({ hasText: 'This video could not be loaded.' });
  await expect(problem).toBeVisible({ timeout: WITHIN });
  await expect(problem.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(problem.getByRole('link', { name: 'Tell us the video does not play' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expectNoAxeViolations(page);

  // The lesson still completes by hand.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/progress') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Complete and continue' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: PAID_LESSON, exact: true })).toBeVisible();

  // In Arabic too; with the network back, Retry plays the lesson.
  await page.goto(`/ar/watch/${course.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: PAID_LESSON, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const arabic = page.getByRole('alert').filter({ hasText: 'تعذّر تحميل هذا الفيديو.' });
  await expect(arabic).toBeVisible({ timeout: WITHIN });
  await expect(arabic.getByRole('link', { name: 'أخبرنا أن الفيديو لا يعمل' })).toHaveAttribute('href', '/ar/contact');
  await page.unroute('https://player.vimeo.com/video/**');
  await standInForVimeo(page);
  await arabic.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(arabic).toHaveCount(0);
  await expect(vimeoFrame(page, PAID_LESSON).getByText('Listening for: ended')).toBeVisible();
});

test('the free-preview dialog says within seconds that the video does not load, in English and Arabic', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await breakVimeo(page);
  await page.goto(`/courses/${course.slug}`);
  await page.getByRole('button', { name: `Preview ${FREE_LESSON}` }).click();
  const player = page.getByRole('dialog', { name: `Watch a free preview: ${FREE_LESSON}` });
  const problem = player.getByRole('alert');
  await expect(problem).toHaveText('The preview could not be loaded. Please check your connection and try again.', {
    timeout: WITHIN,
  });
  await expect(player.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(player.getByRole('link', { name: 'Tell us the video does not play' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expectNoAxeViolations(page);

  // With the network back, Try again shows a player that answers: no message comes back.
  await page.unroute('https://player.vimeo.com/video/**');
  await standInForVimeo(page);
  await player.getByRole('button', { name: 'Try again' }).click();
  await expect(vimeoFrame(page, FREE_LESSON).locator('body')).toBeVisible();
  await page.waitForTimeout(WITHIN);
  await expect(problem).toHaveCount(0);

  await breakVimeo(page);
  await page.goto(`/ar/courses/${course.slug}`);
  await page.getByRole('button', { name: `معاينة ${FREE_LESSON}` }).click();
  const arabic = page.getByRole('dialog');
  await expect(arabic.getByRole('alert')).toHaveText('تعذّر تحميل المعاينة. يرجى التحقق من اتصالك والمحاولة مرة أخرى.', {
    timeout: WITHIN,
  });
  await expect(arabic.getByRole('button', { name: 'أعد المحاولة' })).toBeVisible();
  await expect(arabic.getByRole('link', { name: 'أخبرنا أن الفيديو لا يعمل' })).toHaveAttribute('href', '/ar/contact');
});
