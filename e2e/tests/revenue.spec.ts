import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createPublishedCourse, expectSaleOnRevenueChart, RUN, signInAsAdmin } from './admin-fixtures.ts';
import { newLearner, patient, registerByApi } from './auth-fixtures.ts';
import { buyCourseByApi } from './learner-fixtures.ts';

/*
 * Revenue (docs/product.md#revenue) through the real UI, API and database: a learner buys a course
 * in the sandbox; the owner sees the sale in today's row of the revenue table, the chart drawn,
 * the course among the top courses, and downloads the orders CSV of the range holding the sale.
 */
test('the owner sees a sale on the revenue chart and table, and downloads it as CSV', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInAsAdmin(page);
  const title = `Revenue journey ${RUN}`;
  const course = await createPublishedCourse(page.request, token, {
    title,
    description: '<p>Sold today.</p>',
    price: '321.45',
  });
  const learner = newLearner('Revenue Buyer');
  await registerByApi(page.request, learner);
  const login = await page.request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
  });
  const { token: learnerToken } = (await login.json()) as { token: string };
  await buyCourseByApi(page.request, learnerToken, course.slug);

  await page.goto('/admin/dashboard?preset=last7&by=day');
  await patient(page.getByRole('heading', { level: 3, name: 'Revenue' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Revenue by period (AED)' });
  await patient(table).toBeVisible();
  // Today (Dubai) is the last row of the last 7 days: at least this sale in it.
  const today = table.locator('tbody tr').last();
  await expect(today.locator('td').first()).not.toHaveText('0');
  await expectSaleOnRevenueChart(page, title);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Orders (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const raw = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const line = raw.split('\r\n').find((l) => l.includes(title));
  expect(line).toContain('321.45');
  expect(line).toContain(',paid,');
});
