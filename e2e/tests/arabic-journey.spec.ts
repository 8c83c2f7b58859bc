import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { messagesFor } from '@oasis/shared/i18n';
import { formatMoney } from '@oasis/shared/i18n/format-locale';
import { newLearner, toast } from './auth-fixtures.ts';
import { COURSE } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageReady } from './support/public.ts';
import { drawPng, signInAsAdmin, typeRichText } from './admin-fixtures.ts';

/*
 * The site in Arabic, as people use it (docs/i18n.md): a visitor switches to Arabic, registers,
 * buys a course and takes its quiz without leaving Arabic pages; the owner writes an Arabic post in
 * the Arabic admin and it shows on /ar. The texts are the catalogue's own (packages/shared/src/i18n),
 * so a translation can be improved without touching this test, but an English text left on an
 * Arabic screen fails it.
 */

const ar = messagesFor('ar');
const price = formatMoney(888, 'ar');

test('a visitor switches to Arabic, registers, buys a course and takes the quiz in Arabic', async ({ page }) => {
  test.setTimeout(120_000);
  const learner = newLearner('ليلى حداد');

  await page.goto('/');
  await pageReady(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await pageReady(page);

  // Sign-up from the navigation, in Arabic.
  await page.getByRole('banner').getByRole('link', { name: ar.nav.login }).click();
  await expect(page).toHaveURL(/^[^?]*\/ar\/login/);
  await page.getByRole('button', { name: ar.account.createOne }).click();
  await expect(page.getByRole('heading', { name: ar.account.createTitle })).toBeVisible();
  await page.getByLabel(ar.account.email).fill(learner.email);
  await page.getByLabel(ar.account.password, { exact: true }).fill(learner.password);
  // A rule's message from the shared schema, shown in Arabic.
  await page.getByLabel(ar.account.fullName).fill('  ل ');
  await page.getByRole('button', { name: ar.account.createAccount }).click();
  await expect(page.getByText(ar.auth.nameTooShort)).toBeVisible();
  await page.getByLabel(ar.account.fullName).fill(learner.name);
  await page.getByRole('button', { name: ar.account.createAccount }).click();
  await expect(toast(page, ar.auth.accountCreated)).toBeVisible();
  await page.getByLabel(ar.account.password, { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: ar.account.login, exact: true }).click();
  await expect(toast(page, ar.auth.loggedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/ar\/courses$/);
  // The navigation settles from the sign-in page's look to the catalogue's before axe looks.
  await expect(page.getByRole('banner')).toHaveAttribute('data-nav-state', 'green');
  await expect(page.getByRole('banner').getByRole('link', { name: ar.nav.courses })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);

  // The course page, then checkout and the sandbox provider, all in Arabic.
  await page.goto(`/ar/courses/${COURSE.slug}`);
  await pageReady(page);
  await page.getByRole('link', { name: ar.purchase.buyNow }).click();
  await expect(page).toHaveURL(`/ar/checkout/${COURSE.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: ar.checkout.checkout })).toBeVisible();
  await expect(page.getByRole('region', { name: ar.checkout.orderSummary }).getByText(price).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: ar.payment.payNow }).click();
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/sbx_/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByRole('button', { name: ar.sandboxPayment.pay.replace('{amount}', price) }).click();
  await expect(page).toHaveURL(/\/ar\/success\/sbx_/);
  await expect(page.getByRole('heading', { level: 1, name: ar.payment.paymentSuccessful })).toBeVisible();

  // The watch page in Arabic at both widths, kept in docs/screenshots/ar/ with UPDATE_SCREENSHOTS=1
  // (beside the public pages' shots of public-arabic.spec.ts).
  await page.goto(`/ar/watch/${COURSE.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const name = `watch-${width}.png`;
    const shot = process.env.UPDATE_SCREENSHOTS
      ? path.resolve(import.meta.dirname, '../../docs/screenshots/ar', name)
      : test.info().outputPath(name);
    fs.mkdirSync(path.dirname(shot), { recursive: true });
    await page.screenshot({ path: shot, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // The lessons are marked watched through the API (the watch page's players are tested in
  // English, learner-watch.spec.ts); the quiz is taken on the Arabic page.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const auth = { authorization: `Bearer ${token}` };
  const course = await (await page.request.get(`/api/courses/course/slug/${COURSE.slug}`, { headers: auth })).json();
  for (const module of course.modules as { videos: { _id: string }[] }[]) {
    for (const video of module.videos) {
      const done = await page.request.post('/api/progress', { data: { videoId: video._id }, headers: auth });
      expect(done.status(), await done.text()).toBeLessThan(300);
    }
  }
  await page.goto(`/ar/watch/${COURSE.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: ar.learning.courseQuiz })).toBeVisible();
  for (const [i, q] of COURSE.quiz.entries()) {
    // The seeded quiz is in Arabic on Arabic pages: the same options, in the same order.
    await page.getByRole('radio', { name: q.rightAr, exact: true }).check();
    if (i < COURSE.quiz.length - 1) await page.getByRole('button', { name: ar.quiz.next }).click();
  }
  await page.getByRole('button', { name: ar.quiz.submit }).click();
  await expect(page.getByRole('heading', { name: ar.learning.yourScore })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The result, in the page's main part (moving focus to it scrolls the navigation out of view,
  // mid-transition; the navigation was checked on the pages before).
  await expectNoAxeViolations(page, 'main');
});

test('the owner writes an Arabic post in the Arabic admin, and it shows on /ar', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `سوق دبي العقاري في ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto('/ar/admin/dashboard/addblog');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel(ar.adminBlogs.title).fill(title);
  await page.getByLabel(ar.adminBlogs.author).fill('فريق أبحاث الواحة');
  await typeRichText(page, ar.adminBlogs.content, 'ارتفعت الأسعار في مرسى دبي هذا العام.');
  // The content's toolbar (the Arabic twin's editor has one too).
  const toolbar = page.getByRole('toolbar', {
    name: ar.richText.formattingFor.replace('{label}', ar.adminBlogs.content),
    exact: true,
  });
  await toolbar.getByRole('button', { name: ar.richText.rightToLeft }).click();
  await page.getByLabel(ar.adminBlogs.image, { exact: true }).setInputFiles(await drawPng(page, 'Marina'));
  await page.getByRole('button', { name: ar.adminBlogs.saveDraft }).click();
  await expect(page.getByRole('status').filter({ hasText: ar.adminBlogs.draftSaved })).toBeVisible();
  await expect(page).toHaveURL('/ar/admin/dashboard/listblog');
  // A new post is a draft: published from the list before it shows on /ar.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: `${ar.adminBlogs.publish} ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: ar.adminBlogs.publishedToast })).toBeVisible();

  await page.goto('/ar');
  await page.goto('/ar/why-dubai');
  const link = page.getByRole('link', { name: title }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/ar\/blogs\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.rich-text p[dir="rtl"]').first()).toHaveText('ارتفعت الأسعار في مرسى دبي هذا العام.');
  // The slug is a readable transliteration (docs/decisions/017-arabic-slugs.md).
  expect(new URL(page.url()).pathname).toMatch(/^\/ar\/blogs\/suq-dbi-/);
});

test('the owner writes the hero in both languages side by side; each language’s home shows its own', async ({
  page,
}) => {
  const english = `Dubai property, made clear ${Date.now().toString(36)}`;
  const arabic = `عقارات دبي بوضوح ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/heroeditor');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(english);
  const arabicTitle = page.getByRole('textbox', { name: 'Headline in Arabic', exact: true });
  await expect(arabicTitle).toHaveAttribute('dir', 'rtl');
  await arabicTitle.fill(arabic);
  await page.getByRole('button', { name: 'Save Hero' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hero section updated!' })).toBeVisible();

  await page.goto('/ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(arabic);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english);

  // A field left empty in Arabic shows the English, marked as English for screen readers.
  await page.goto('/admin/dashboard/heroeditor');
  await arabicTitle.fill('');
  await page.getByRole('button', { name: 'Save Hero' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hero section updated!' })).toBeVisible();
  await page.goto('/ar');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(english);
  await expect(heading).toHaveAttribute('lang', 'en');
});
