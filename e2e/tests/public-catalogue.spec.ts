import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminToken } from './admin-fixtures.ts';
import { pageReady, SEED, scrollToY } from './support/public';

const status = (page: Page) => page.getByRole('main').getByRole('status');
const cardTitles = (page: Page) => page.locator('section[aria-labelledby="results-heading"] article h3');

test.describe('catalogue', () => {
  test('search is kept in the URL, resets the page, and Back returns to the full list', async ({ page }) => {
    await page.goto('/courses');
    await expect(status(page)).toHaveText(`Showing 1–${SEED.courseCount} of ${SEED.courseCount} results`);

    await page.getByRole('searchbox', { name: 'Search courses' }).fill('off plan');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/courses\?q=off\+plan$/);
    await expect(status(page)).toHaveText('Showing 1–1 of 1 results');
    await expect(cardTitles(page)).toHaveText([SEED.flagship.title]);

    await pageReady(page);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('OFF');
    await page.getByRole('searchbox', { name: 'Search courses' }).press('Enter');
    await expect(page).toHaveURL(/\?q=OFF$/);
    await expect(cardTitles(page)).toHaveText([SEED.flagship.title]);

    await page.goBack();
    await expect(page).toHaveURL(/\?q=off\+plan$/);
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('off plan');
    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(status(page)).toHaveText(`Showing 1–${SEED.courseCount} of ${SEED.courseCount} results`);
  });

  test('changing the sort keeps the scroll position (only a new path scrolls to the top)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/courses');
    await scrollToY(page, 250);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('oldest');
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(cardTitles(page).last()).toHaveText(SEED.flagship.title);
    await pageReady(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
  });

  test('no match says so', async ({ page }) => {
    await page.goto('/courses?q=zzzz-nothing');
    await expect(status(page)).toHaveText('No results found');
    await expect(page.getByText('No courses found matching your criteria.')).toBeVisible();
    await page.getByRole('link', { name: 'See all courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('the six sorts, applied at once and kept in the URL', async ({ page }) => {
    await page.goto('/courses');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort.locator('option')).toHaveText([
      'Newly Published',
      'Most Popular',
      'Top Rated',
      'Oldest',
      'Price: Low to High',
      'Price: High to Low',
    ]);

    // The flagship is the newest and dearest course, and the demo's only one with a rating shown (three or more
    // approved reviews): first or last by each sort.
    const SORTS = [
      ['priceHigh', 'first'],
      ['rating', 'first'],
      ['priceLow', 'last'],
      ['oldest', 'last'],
    ] as const;
    for (const [value, place] of SORTS) {
      await pageReady(page);
      await sort.selectOption(value);
      await expect(page).toHaveURL(new RegExp(`sort=${value}`));
      await expect(cardTitles(page)[place]()).toHaveText(SEED.flagship.title);
    }

    await page.goBack();
    await expect(page).toHaveURL(/sort=priceLow/);
    await expect(sort).toHaveValue('priceLow');
  });

  test('works without JavaScript: a plain GET form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/courses');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('golden');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('oldest');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/courses\?q=golden&sort=oldest$/);
    await expect(cardTitles(page)).toHaveText([SEED.comingSoon.title]);
    await context.close();
  });

  test('out-of-range or bad parameters fall back to sensible values', async ({ page }) => {
    await page.goto('/courses?page=99&sort=bogus');
    await expect(status(page)).toHaveText(`Showing 1–${SEED.courseCount} of ${SEED.courseCount} results`);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('latest');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });
});

test.describe('catalogue paging (9 per page)', () => {
  const created: string[] = [];
  let token = '';

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    const thumbnail = fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/public/og-default.jpg'));
    for (let i = 1; i <= 5; i++) {
      const response = await request.post('/api/courses/course', {
        headers: { authorization: `Bearer ${token}` },
        multipart: {
          title: `Paging Test Course ${i}`,
          price: String(100 * i),
          description: `<p>A course made by the paging test (${i}).</p>`,
          thumbnail: { name: 'thumb.jpg', mimeType: 'image/jpeg', buffer: thumbnail },
        },
      });
      expect(response.ok(), await response.text()).toBeTruthy();
      const { _id } = (await response.json()) as { _id: string };
      // A course made in the admin is a draft until published (docs/product.md#drafts).
      const published = await request.post(`/api/admin/courses/${_id}/publish`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(published.status(), await published.text()).toBe(200);
      created.push(_id);
    }
  });

  test.afterAll(async ({ request }) => {
    for (const id of created) {
      await request.delete(`/api/courses/course/${id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });

  test('pages are links kept in the URL; search and sort go back to page 1; Back works', async ({ page }) => {
    const total = SEED.courseCount + created.length;
    await page.goto('/courses');
    await expect(status(page)).toHaveText(`Showing 1–9 of ${total} results`);
    await expect(cardTitles(page)).toHaveCount(9);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/courses\?page=2$/);
    await expect(status(page)).toHaveText(`Showing 10–${total} of ${total} results`);
    await expect(pagination.getByText('2')).toHaveAttribute('aria-current', 'page');

    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(status(page)).toHaveText(`Showing 1–9 of ${total} results`);

    await page.goForward();
    await expect(page).toHaveURL(/page=2$/);
    await pageReady(page);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceHigh');
    await expect(page).toHaveURL(/\/courses\?sort=priceHigh$/);
    await expect(status(page)).toHaveText(`Showing 1–9 of ${total} results`);

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/sort=priceHigh&page=2$/);
    await pageReady(page);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('course');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?q=course&sort=priceHigh$/);
  });
});
