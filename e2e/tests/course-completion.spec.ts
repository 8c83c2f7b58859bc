import fs from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { messagesFor } from '@oasis/shared/i18n';
import { adminToken, createCourseWithLessons, createQuiz, RUN, signInAsAdmin, toast } from './admin-fixtures.ts';
import { signInAsNewLearner } from './auth-fixtures.ts';
import { buyCourseByApi, standInForVimeo } from './learner-fixtures.ts';
import { expectFits } from '../support/layout.ts';

/*
 * The finish line (docs/product.md#certificates): a learner completes the lessons, passes the quiz,
 * sees the completion screen, downloads the certificate's PDF and opens its check page signed out
 * (valid, with the name, course and date); the owner then revokes it with a reason in the admin and
 * the same page says revoked, through the page cache's declared effects alone. Then the same finish
 * in Arabic at 375 px: right to left, nothing wider than the screen.
 *
 * The course is made through the admin API: two Vimeo lessons and a two-question quiz at 50 %
 * (four options each, as every quiz has).
 */

const LESSONS = ['Reading a title deed', 'Handover day'] as const;
const QUIZ = [
  { question: 'Who registers off-plan sales in Dubai?', right: 'The Land Department', wrong: 'The developer' },
  { question: 'Where do off-plan payments go?', right: 'An escrow account', wrong: "The agent's account" },
] as const;
const en = messagesFor('en');
const ar = messagesFor('ar');

const course = { id: '', slug: '', title: `Finish Line Course ${RUN}`, videoIds: [] as string[] };
let admin = '';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    admin = await adminToken(request);
    await createCourse(request);
  } finally {
    await request.dispose();
  }
});

test.afterAll(async ({ playwright }, testInfo) => {
  if (!course.id) return;
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await request.delete(`/api/courses/course/${course.id}`, { headers: bearer(admin) });
  await request.dispose();
});

async function createCourse(request: APIRequestContext) {
  Object.assign(
    course,
    await createCourseWithLessons(
      request,
      admin,
      { title: course.title, description: '<p>A course made by the course completion tests.</p>' },
      LESSONS,
    ),
  );
  await createQuiz(request, admin, course.id, QUIZ, { showQuestionResults: false, passPercent: 50 });
}

/** Answers every question right with the quiz's own Next and Submit buttons, in the page's language. */
async function passQuiz(page: Page, text: { next: string; submit: string }) {
  for (const [i, q] of QUIZ.entries()) {
    await expect(page.getByText(q.question)).toBeVisible();
    await page.getByRole('radio', { name: q.right, exact: true }).check();
    if (i < QUIZ.length - 1) await page.getByRole('button', { name: text.next, exact: true }).click();
  }
  await page.getByRole('button', { name: text.submit }).click();
}

/**
 * Downloads the certificate from the completion screen: a PDF named after its id. Its id (from
 * the file's name).
 */
async function downloadCertificate(page: Page, label: string): Promise<string> {
  const screen = page.getByTestId('completion-screen');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    screen.getByRole('link', { name: label }).click(),
  ]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^certificate-[A-Za-z0-9_-]{22}\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return name.slice('certificate-'.length, -'.pdf'.length);
}

/** The page in a fresh browser context: nobody signed in, nothing cached in the browser. */
async function signedOut(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { page: await context.newPage(), close: () => context.close() };
}

test('a learner finishes, downloads the certificate and anyone can check it; the owner revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await standInForVimeo(page);
  const learner = await signInAsNewLearner(page, `Nadia Finisher ${RUN}`);
  await buyCourseByApi(page.request, learner.token, course.slug);

  await page.goto(`/watch/${course.slug}`);
  const completeAndContinue = page
    .getByRole('navigation', { name: 'Lesson navigation' })
    .getByRole('button', { name: en.learning.completeAndContinue });
  for (const title of LESSONS) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await completeAndContinue.click();
  }
  await expect(page.getByRole('heading', { level: 2, name: en.learning.courseQuiz })).toBeFocused();
  await passQuiz(page, en.quiz);

  const screen = page.getByTestId('completion-screen');
  await expect(screen.getByRole('heading', { level: 2, name: en.completion.congratulations })).toBeVisible();
  await expect(screen).toContainText(`You have completed ${course.title}.`);
  await expect(screen.getByText(`${LESSONS.length} of ${LESSONS.length} lessons complete`)).toBeVisible();
  await expect(screen.getByText(en.completion.quizPassed)).toBeVisible();
  const completedOn = (await screen.getByText(/^Completed on /).textContent())?.replace('Completed on ', '') ?? '';
  expect(completedOn).not.toBe('');
  const id = await downloadCertificate(page, en.completion.downloadCertificate);

  // Signed out, in a fresh context: the check page says valid, with what the certificate prints.
  const visitor = await signedOut(browser);
  const check = visitor.page;
  await check.goto(`/certificates/${id}`);
  const status = check.locator('[data-status]');
  await expect(status).toHaveAttribute('data-status', 'valid');
  await expect(status.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  const facts = check.getByRole('main').locator('dl');
  await expect(facts).toContainText(`Issued to${learner.name}`);
  await expect(facts).toContainText(`Course${course.title}`);
  await expect(facts).toContainText(`Issued on${completedOn}`);
  await expect(facts).toContainText(`Certificate ID${id}`);
  await expect(check.getByRole('link', { name: 'Download the certificate (PDF)' })).toBeVisible();

  // The owner revokes it with a reason, in the admin's list (found by the learner's name).
  const owner = await browser.newPage();
  await signInAsAdmin(owner);
  await owner.goto('/admin/dashboard/certificates');
  const search = owner.getByRole('searchbox', { name: 'Search by name, course or certificate ID' });
  await search.fill(learner.name);
  await search.press('Enter');
  const row = owner.getByRole('listitem').filter({ hasText: learner.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Valid', { exact: true })).toBeVisible();
  await row.getByLabel('Reason for revoking').selectOption({ label: 'Breach of the course rules' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(owner, 'Certificate revoked')).toBeVisible();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await owner.close();

  // The same address, served again by the site's page cache: revoked, with the reason's category.
  await check.reload();
  await expect(status).toHaveAttribute('data-status', 'revoked');
  await expect(status.getByRole('heading', { name: 'Revoked certificate' })).toBeVisible();
  await expect(status).toContainText('Reason: Breach of the course rules');
  await expect(check.getByRole('link', { name: 'Download the certificate (PDF)' })).toHaveCount(0);
  await visitor.close();
});

test.describe('in Arabic at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the completion screen and the check page read right to left and fit the screen', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await standInForVimeo(page);
    const learner = await signInAsNewLearner(page, `ليلى المتعلمة ${RUN}`);
    await buyCourseByApi(page.request, learner.token, course.slug);
    // The lessons completed as the player reports them; the quiz is taken on the page.
    for (const videoId of course.videoIds) {
      const done = await page.request.post('/api/progress', { data: { videoId }, headers: bearer(learner.token) });
      expect(done.status(), await done.text()).toBe(200);
    }

    await page.goto(`/ar/watch/${course.slug}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: ar.learning.courseQuiz })).toBeVisible();
    await passQuiz(page, ar.quiz);

    const screen = page.getByTestId('completion-screen');
    await expect(screen.getByRole('heading', { level: 2, name: ar.completion.congratulations })).toBeVisible();
    await expect(screen.getByText(ar.completion.quizPassed)).toBeVisible();
    await expect(screen.getByRole('link', { name: ar.completion.downloadCertificate })).toBeVisible();
    await expectFits(page, 375);
    const id = await downloadCertificate(page, ar.completion.downloadCertificate);

    const visitor = await signedOut(browser, 375);
    const check = visitor.page;
    await check.goto(`/ar/certificates/${id}`);
    await expect(check.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(check.locator('html')).toHaveAttribute('lang', 'ar');
    const status = check.locator('[data-status]');
    await expect(status).toHaveAttribute('data-status', 'valid');
    await expect(status.getByRole('heading', { name: ar.certificate.valid })).toBeVisible();
    const facts = check.getByRole('main').locator('dl');
    await expect(facts).toContainText(`${ar.certificate.issuedTo}${learner.name}`);
    await expect(facts).toContainText(`${ar.certificate.course}${course.title}`);
    await expect(facts).toContainText(ar.certificate.issuedOn);
    await expect(facts).toContainText(`${ar.certificate.certificateId}${id}`);
    await expect(check.getByRole('link', { name: ar.certificate.downloadPdf })).toBeVisible();
    await expectFits(check, 375);
    // The id and the name read in their own direction inside the right-to-left page.
    await expect(facts.getByText(id, { exact: true })).toHaveAttribute('dir', 'ltr');
    await visitor.close();
  });
});
