import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dialog, signInAsAdmin } from './admin-fixtures.ts';

/*
 * Screenshots of every admin screen at 1280 and 375 px, for a person to look at
 * (SHOTS=1 npx playwright test tests/admin-zz-shots.spec.ts). Skipped otherwise: they assert little.
 */
test.skip(!process.env.SHOTS, 'set SHOTS=1 to take the admin screenshots');

const OUT = path.resolve(import.meta.dirname, `../test-results/admin-shots`);

const SCREENS = [
  ['home', '/admin/dashboard', 'Dashboard'],
  ['add-course', '/admin/dashboard/add', 'Add New Course'],
  ['courses', '/admin/dashboard/list', 'List Courses'],
  ['add-quiz', '/admin/dashboard/quiz', 'Add Quiz'],
  ['quizzes', '/admin/dashboard/listquiz', 'Quiz List'],
  ['add-blog', '/admin/dashboard/addblog', 'Add Blog'],
  ['blogs', '/admin/dashboard/listblog', 'List Blogs'],
  ['hero', '/admin/dashboard/heroeditor', 'Hero'],
  ['intro', '/admin/dashboard/introeditor', 'Intro'],
  ['podcasts', '/admin/dashboard/youtubeadd', 'Podcast Videos'],
  ['leads', '/admin/dashboard/leads', 'Leads'],
  ['orders', '/admin/dashboard/orders', 'Orders'],
  ['settings', '/admin/dashboard/settings', 'Site settings'],
] as const;

async function ready(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

for (const width of [1280, 375]) {
  test(`admin screens at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `${OUT}/${width}-${name}.png`, fullPage });
    for (const [name, url, title] of SCREENS) {
      await page.goto(url);
      await ready(page, title);
      await shot(name);
    }

    await page.goto('/admin/dashboard/list');
    await ready(page, 'List Courses');
    await page.getByRole('link', { name: 'List Modules of Introduction to Off Plan' }).click();
    await ready(page, 'Modules');
    await shot('modules');
    await page
      .getByRole('button', { name: /^Edit video / })
      .first()
      .click();
    await expect(dialog(page, 'Edit video')).toBeVisible();
    await shot('modules-edit-video', false);

    await page.goto('/admin/dashboard/list');
    await ready(page, 'List Courses');
    await page.getByRole('button', { name: 'Edit Introduction to Off Plan' }).click();
    await expect(page.getByRole('toolbar', { name: 'Formatting for Description' })).toBeVisible();
    await shot('courses-edit', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Introduction to Off Plan' }).click();
    await shot('courses-delete', false);
    await page.keyboard.press('Escape');

    await page.goto('/admin/dashboard/add');
    await ready(page, 'Add New Course');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await shot('add-course-errors');

    const courseId = await page.evaluate(async () => {
      const res = await fetch('/api/courses/course/slug/introduction-to-off-plan');
      return ((await res.json()) as { _id: string })._id;
    });
    await page.goto(`/admin/dashboard/addmodules/${courseId}`);
    await ready(page, 'Add Modules');
    await page.getByRole('button', { name: 'Save Modules' }).click();
    await shot('add-modules-errors');

    if (width === 375) {
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await shot('menu', false);
    }
  });
}
