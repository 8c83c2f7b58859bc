import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  drawPng,
  RUN,
  removeCourse,
  signInAsAdmin,
  toast,
  typeRichText,
  withApi,
} from './admin-fixtures.ts';
import { newLearner, registerByApi } from './auth-fixtures.ts';
import { buyCourseByApi, standInForVimeo, vimeoFrame } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/*
 * The course page sells: the owner fills the selling fields (promise, level, language,
 * "What you will learn", FAQ, lesson lengths, a free preview); a new course is a draft (not in the
 * catalogue, 404 publicly, previewed by the admin) until published; then the page shows every block
 * at 1280 and 375 px (the bar with the price stays at the bottom of a phone's screen, not on a
 * laptop), a free preview plays for a signed-out visitor, the learner count shows only from the
 * owner's threshold on, and the Arabic page shows the Arabic promise, outcomes and FAQ.
 */

const TITLE = `Selling Page Course ${RUN}`;
const TAGLINE = 'Read any Dubai payment plan in one evening.';
const TAGLINE_AR = 'اقرأ أي خطة سداد في دبي في أمسية واحدة.';
const OUTCOME_1 = 'Read a payment plan line by line';
const OUTCOME_2 = 'Spot the fees a brochure leaves out';
const OUTCOMES = [OUTCOME_1, OUTCOME_2];
const OUTCOME_AR = 'اقرأ خطة السداد سطرًا بسطر';
const FAQ = {
  question: 'Can I watch on my phone?',
  answer: 'Yes, every lesson plays on phones and tablets.',
  questionAr: 'هل يمكنني المشاهدة على هاتفي؟',
  answerAr: 'نعم، تعمل كل الدروس على الهواتف والأجهزة اللوحية.',
};
const FREE_LESSON = 'Welcome and how to use this course';
const PAID_LESSON = 'The payment plan, line by line';

const course = { id: '', slug: '' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe.configure({ mode: 'serial' });

/** The site's settings with a new learner-count threshold (the rest kept as they are). */
async function setThreshold(request: APIRequestContext, token: string, enrolmentThreshold: number) {
  const current = await (await request.get('/api/settings')).json();
  const saved = await request.put('/api/settings', {
    headers: bearer(token),
    data: { ...current, enrolmentThreshold },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const buyBar = (page: Page) => page.getByRole('region', { name: 'Price and enrolment' });

test('the owner fills the selling fields; the new course is a draft only the admin can preview', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/add');
  await expect(page.getByRole('heading', { name: 'Add New Course' })).toBeVisible();

  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Price (AED)').fill('350');
  await page.getByLabel('One-line promise').fill(TAGLINE);
  await page.getByLabel('Promise in Arabic').fill(TAGLINE_AR);
  await page.getByLabel('Level').selectOption('beginner');
  await page.getByLabel('Taught in').selectOption('en-ar');
  await typeRichText(page, 'Description', 'A short course on reading payment plans.');

  // "What you will learn": one empty line to start with; lines are added, moved and removed.
  await page.getByLabel('Learning point 1', { exact: true }).fill(OUTCOME_2);
  await page.getByRole('button', { name: 'Add a learning point' }).click();
  await page.getByLabel('Learning point 2', { exact: true }).fill(OUTCOME_1);
  await page.getByRole('button', { name: 'Move Learning point 2 up' }).click();
  await expect(page.getByLabel('Learning point 1', { exact: true })).toHaveValue(OUTCOME_1);
  await page.getByRole('button', { name: 'Add a learning point' }).click();
  await page.getByRole('button', { name: 'Remove Learning point 3' }).click();
  await expect(page.getByLabel('Learning point 3', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add an Arabic point' }).click();
  await page.getByLabel('Arabic point 1', { exact: true }).fill(OUTCOME_AR);

  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('FAQ 1 question', { exact: true }).fill(FAQ.question);
  await page.getByLabel('FAQ 1 answer', { exact: true }).fill(FAQ.answer);
  await page.getByLabel('Arabic for FAQ 1: question', { exact: true }).fill(FAQ.questionAr);
  await page.getByLabel('Arabic for FAQ 1: answer', { exact: true }).fill(FAQ.answerAr);

  await page.getByLabel('Thumbnail').setInputFiles(await drawPng(page, 'Selling'));
  await page.getByRole('button', { name: 'Create Course' }).click();
  const confirm = page
    .getByRole('alertdialog', { name: 'Create this course?' })
    .or(page.getByRole('dialog', { name: 'Create this course?' }));
  await expect(confirm).toContainText('saved as a draft');
  await confirm.getByRole('button', { name: 'Create Course' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/addmodules\/[^/]+$/);
  course.id = page.url().split('/').pop() ?? '';

  // Lessons with their lengths; the first is a free preview.
  const first = page.getByRole('group', { name: 'Module 1' });
  await first.getByLabel('Module 1 title').fill('Getting started');
  await first.getByLabel('Video 1 title').fill(FREE_LESSON);
  await first.getByLabel('Video 1 Vimeo URL').fill('https://vimeo.com/76979871');
  await first.getByLabel('Video 1 length (m:ss)').fill('5:3');
  await first.getByLabel('Video 1 is a free preview').check();
  await first.getByRole('button', { name: 'Add video to module 1' }).click();
  await first.getByLabel('Video 2 title').fill(PAID_LESSON);
  await first.getByLabel('Video 2 Vimeo URL').fill('https://vimeo.com/22439234');
  await first.getByLabel('Video 2 length (m:ss)').fill('12:00');
  await page.getByRole('button', { name: 'Save Modules' }).click();
  // '5:3' is not a length: the field says so, nothing is saved.
  await expect(first.getByLabel('Video 1 length (m:ss)')).toHaveAttribute('aria-invalid', 'true');
  await first.getByLabel('Video 1 length (m:ss)').fill('5:30');
  await page.getByRole('button', { name: 'Save Modules' }).click();
  await expect(toast(page, 'Module saved!')).toBeVisible();
  await expect(page).toHaveURL(`/admin/dashboard/listModules/${course.id}`);

  const token = await adminToken(page.request);
  const detail = await page.request.get(`/api/courses/course/slug/${course.id}`, { headers: bearer(token) });
  expect(detail.status()).toBe(200);
  course.slug = ((await detail.json()) as { slug: string }).slug;

  // A draft: not in the catalogue, 404 for the public.
  const list = (await (await page.request.get('/api/courses/course')).json()) as { slug: string }[];
  expect(list.map((c) => c.slug)).not.toContain(course.slug);
  const anonymous = await page.context().browser()?.newContext();
  if (anonymous) {
    const visitor = await anonymous.newPage();
    const response = await visitor.goto(`${new URL(page.url()).origin}/courses/${course.slug}`);
    expect(response?.status()).toBe(404);
    await visitor.goto(`${new URL(page.url()).origin}/courses`);
    await expect(visitor.getByRole('heading', { name: TITLE })).toHaveCount(0);
    await anonymous.close();
  }

  // The admin's preview shows the page as the public will see it.
  await page.goto('/admin/dashboard/list');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await expect(card).toContainText('Draft');
  await card.getByRole('link', { name: `Preview of ${TITLE}` }).click();
  await expect(page).toHaveURL(`/admin/dashboard/preview/${course.id}`);
  await expect(page.getByRole('note')).toContainText('This course is a draft');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(TAGLINE)).toBeVisible();
});

test('the owner publishes it: it reaches the catalogue', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/list');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await card.getByRole('button', { name: `Publish ${TITLE}`, exact: true }).click();
  await expect(toast(page, 'Course published: it is now on the public pages.')).toBeVisible();
  await expect(card).toContainText('Published');
  await expect(card.getByRole('button', { name: `Unpublish ${TITLE}`, exact: true })).toBeVisible();

  await page.evaluate(() => window.localStorage.removeItem('adminToken'));
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
});

test('at 1280 px the page shows every block, with the price card beside it and no bottom bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto(`/courses/${course.slug}`);
  expect(response?.status()).toBe(200);

  // Above the fold: title, promise, facts, price and the button.
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeInViewport();
  await expect(page.getByText(TAGLINE)).toBeInViewport();
  const facts = page.getByRole('list', { name: 'Course facts' });
  await expect(facts).toContainText('Beginner');
  await expect(facts).toContainText('English and Arabic');
  await expect(facts).toContainText('2 lessons, 18 min in total');
  await expect(facts).toContainText('Last updated');
  // No learners yet: no "0 students".
  await expect(facts).not.toContainText('student');
  const aside = page.getByRole('complementary', { name: 'Enrol' });
  await expect(aside).toContainText('AED 350.00');
  await expect(aside.getByRole('link', { name: 'Buy Now' })).toBeInViewport();
  await expect(buyBar(page)).toBeHidden();

  // What you will learn, the description once, the curriculum with lengths, the FAQ.
  const outcomes = page.getByRole('region', { name: "What You'll Learn" });
  await expect(outcomes.getByRole('listitem')).toHaveText(OUTCOMES);
  await expect(page.getByText('A short course on reading payment plans.')).toHaveCount(1);
  const curriculum = page.getByRole('region', { name: 'Course content' });
  await expect(curriculum).toContainText('5:30');
  await expect(curriculum).toContainText('12:00');
  await expect(curriculum).toContainText('Free preview');
  await expect(curriculum.getByRole('button', { name: `Preview ${FREE_LESSON}` })).toBeVisible();
  await expect(curriculum.getByRole('button', { name: `Preview ${PAID_LESSON}` })).toHaveCount(0);
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(faq.getByText(FAQ.answer)).toBeHidden();
  await faq.getByText(FAQ.question).click();
  await expect(faq.getByText(FAQ.answer)).toBeVisible();

  // Structured data: a Course with its level, languages and length.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const courseLd = jsonLd.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Course');
  expect(courseLd).toMatchObject({ educationalLevel: 'Beginner', inLanguage: ['en', 'ar'], timeRequired: 'PT18M' });
  expect(courseLd.hasCourseInstance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Online' });
  await expectNoAxeViolations(page);
});

test('at 375 px the price and the button stay at the bottom while scrolling, above the footer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/courses/${course.slug}`);
  const bar = buyBar(page);
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('AED 350.00');
  await expect(bar.getByRole('link', { name: 'Buy Now' })).toBeInViewport();

  // Half-way down the page the bar is still at the bottom of the screen.
  await page.getByRole('heading', { name: 'Course content' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
  const box = await bar.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBeLessThanOrEqual(812);
  expect(box?.y ?? 0).toBeGreaterThan(812 - 160);

  // At the end it stops above the footer instead of covering it.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const footer = await page.getByRole('contentinfo').boundingBox();
  const last = await bar.boundingBox();
  expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual((footer?.y ?? 0) + 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('a free preview plays for a signed-out visitor; other lessons stay locked', async ({ page }) => {
  await standInForVimeo(page);
  await page.goto(`/courses/${course.slug}`);
  await page.getByRole('button', { name: `Preview ${FREE_LESSON}` }).click();
  const player = page.getByRole('dialog', { name: `Watch a free preview: ${FREE_LESSON}` });
  await expect(player).toBeVisible();
  await expect(vimeoFrame(page, FREE_LESSON).locator('body')).toBeVisible();
  await player.getByRole('button', { name: 'Close the preview' }).click();
  await expect(player).toBeHidden();

  // The server hands out the preview's link to anyone, and no other lesson's.
  const detail = (await (await page.request.get(`/api/courses/course/slug/${course.slug}`)).json()) as {
    modules: { videos: { _id: string; title: string; videoUrl?: string }[] }[];
  };
  const lessons = detail.modules.flatMap((m) => m.videos);
  expect(lessons.every((lesson) => lesson.videoUrl === undefined)).toBe(true);
  const free = lessons.find((lesson) => lesson.title === FREE_LESSON);
  const paid = lessons.find((lesson) => lesson.title === PAID_LESSON);
  expect((await page.request.get(`/api/courses/preview/${free?._id}`)).status()).toBe(200);
  expect((await page.request.get(`/api/courses/preview/${paid?._id}`)).status()).toBe(404);
});

test('the learner count shows only from the owner threshold on', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  for (const learner of [newLearner('Count One'), newLearner('Count Two')]) {
    await registerByApi(page.request, learner);
    const login = await page.request.post('/api/auth/login', {
      data: { email: learner.email, password: learner.password },
    });
    await buyCourseByApi(page.request, ((await login.json()) as { token: string }).token, course.slug);
  }
  const facts = page.getByRole('list', { name: 'Course facts' });
  try {
    await setThreshold(page.request, token, 3);
    await page.goto(`/courses/${course.slug}`);
    await expect(facts).not.toContainText('students');

    await setThreshold(page.request, token, 2);
    await page.goto(`/courses/${course.slug}`);
    await expect(facts).toContainText('2 students');
  } finally {
    await setThreshold(page.request, token, 10);
  }

  // The owner sets it in Admin → Settings.
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/settings');
  await expect(page.getByLabel('Show the learner count from')).toHaveValue('10');
});

test('the Arabic page shows the Arabic promise, outcomes and FAQ', async ({ page }) => {
  await page.goto(`/ar/courses/${course.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(TAGLINE_AR)).toBeVisible();
  await expect(page.getByText(OUTCOME_AR)).toBeVisible();
  await expect(page.getByText(OUTCOME_1)).toHaveCount(0);
  await expect(page.getByText(FAQ.questionAr)).toBeVisible();
  await expect(page.getByRole('list', { name: 'معلومات الدورة' })).toContainText('مبتدئ');
});

test.afterAll(async ({ playwright }, testInfo) => {
  if (course.id) await withApi({ playwright }, testInfo, (request) => removeCourse(request, course.id));
});
