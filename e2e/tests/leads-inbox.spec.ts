import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures.ts';

/* The admin inbox at /admin/dashboard/leads: list, filters, search, detail, a stage change, CSV. */

const run = `inbox${Date.now().toString(36)}`;
test('an admin lists, filters, searches, opens, marks and exports leads', async ({ page }) => {
  test.setTimeout(120_000);
  // Three leads from visitors, oldest first.
  const contact = (first: string, message: string) => ({
    first_name: first,
    last_name: run,
    user_email: `${first.toLowerCase()}.${run}@visitor.test`,
    country_code: '+971',
    phone_number: '501234567',
    message,
    query_type: 'consultation',
  });
  for (const data of [contact('Alpha', 'First question'), contact('Beta', '=SUM(1,2) is not a formula')]) {
    const res = await page.request.post('/api/contact', { data });
    expect(res.status(), await res.text()).toBe(201);
  }
  const consult = await page.request.post('/api/consultations', {
    data: {
      fullName: `Gamma ${run}`,
      email: `gamma.${run}@visitor.test`,
      phone: '+447700900123',
      investmentInterest: 'Holiday Home',
      investmentAmount: '1m-2m',
      preferredTime: 'Weekday AM',
    },
  });
  expect(consult.status()).toBe(201);

  await signInAsAdmin(page);
  await page.goto(`/admin/dashboard/leads?q=${run}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Leads', exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ new/)).toBeVisible();
  const list = page.getByRole('region', { name: 'Leads' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`Gamma ${run}`);
  await expect(rows.nth(1)).toContainText(`Beta ${run}`);
  await expect(rows.nth(2)).toContainText(`Alpha ${run}`);
  await expect(list).toContainText('Showing 1–3 of 3');

  // Filter by kind.
  await page.getByLabel('Kind').selectOption('contact');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/kind=contact/);

  // Search narrows further.
  await page.getByLabel('Search').fill(`Beta ${run}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);

  // Open it and move it to the pipeline's next stage.
  await rows.first().getByRole('link').click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: `Beta ${run}` })).toBeFocused();
  await expect(detail).toContainText('=SUM(1,2) is not a formula');
  await expect(detail).toContainText('+971501234567');
  await detail.getByLabel('Stage').selectOption('contacted');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(rows.first()).toContainText('Contacted');

  // Only new ones: Beta is gone.
  await page.getByRole('search').getByLabel('Stage').selectOption('new');
  await page.getByLabel('Search').fill(run);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Alpha ${run}`);

  // A search that finds nothing has its own state.
  await page.getByLabel('Search').fill(`nobody-${run}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(list).toContainText('No leads match these filters.');
  await list.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/q=/);

  // Export what a search finds, as CSV, with the admin token.
  await page.getByLabel('Search').fill(run);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Received,Kind,Status,Name,Email,Phone,Message,Query type,Investment interest,Investment amount,Preferred time,Handled at,Follow-up,First channel,First source,First campaign,Last channel,Last source,Last campaign',
  );
  expect(lines).toHaveLength(4);
  expect(csv).toContain(`"'=SUM(1,2) is not a formula"`);
  expect(csv).toContain(`'+447700900123`);
  expect(csv).toContain('Holiday Home');
});
