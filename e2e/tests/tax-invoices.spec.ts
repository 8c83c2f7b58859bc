import { expect, test } from '@playwright/test';
import { createPublishedCourse, RUN, signInAsAdmin } from './admin-fixtures.ts';
import { patient, signInAsNewLearner } from './auth-fixtures.ts';

/*
 * Tax invoices (docs/product.md#tax-invoices) through the real UI, API and database: the owner
 * registers for VAT on the Settings screen, a learner buys on `/ar` in the sandbox (the country
 * preselected, as the checkout asks it of a registered seller's buyers) and downloads the invoice
 * from My orders as a PDF. The site goes back to not registered afterwards, its default.
 */

test('a registered seller: a learner buys on /ar and downloads the invoice from My orders', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInAsAdmin(page);
  const admin = { authorization: `Bearer ${token}` };
  try {
    await page.goto('/admin/dashboard/settings');
    await patient(page.getByRole('heading', { level: 3, name: 'VAT and tax invoices' })).toBeVisible();
    await page.getByRole('radio', { name: /^Registered for VAT/ }).check();
    await page.getByRole('textbox', { name: /^Tax Registration Number/ }).fill('1002345');
    await page.getByRole('button', { name: 'Save VAT settings' }).click();
    // Refused in the browser with the rule the server applies.
    await expect(page.getByText('A Tax Registration Number (TRN) is 15 digits.').first()).toBeVisible();
    await page.getByRole('textbox', { name: /^Tax Registration Number/ }).fill('100234567890003');
    await page.getByRole('textbox', { name: /^Legal name$|^Legal name\s*\*/ }).fill(`Oasis Academy FZ-LLC ${RUN}`);
    await page
      .getByRole('textbox', { name: /^Registered address/ })
      .first()
      .fill('Dubai Silicon Oasis, Dubai');
    await page.getByRole('button', { name: 'Save VAT settings' }).click();
    await patient(page.getByText('VAT settings saved.').first()).toBeVisible();

    const course = await createPublishedCourse(page.request, token, {
      title: `Invoice journey ${RUN}`,
      description: '<p>With a tax invoice.</p>',
    });
    await signInAsNewLearner(page, 'Invoice Buyer');
    await page.goto(`/ar/checkout/${course.slug}`);
    const country = page.getByRole('combobox', { name: /^البلد الذي تشتري منه/ });
    await patient(country).toBeVisible();
    await country.selectOption('AE');
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await expect(page).toHaveURL(/\/api\/payment\/sandbox\/sbx_[a-f0-9]{24}\?key=[\w-]+$/);
    const paymentIntentId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByRole('button', { name: /^ادفع / }).click();
    await expect(page).toHaveURL(`/ar/success/${paymentIntentId}`);
    await patient(page.getByRole('heading', { level: 1 })).toHaveText('تمّت عملية الدفع بنجاح!');

    await page.goto('/ar/orders');
    await patient(page.getByRole('heading', { level: 1, name: 'طلباتي' })).toBeVisible();
    const order = page.getByRole('listitem').filter({ hasText: `Invoice journey ${RUN}` });
    await expect(order.getByText('مدفوع', { exact: true })).toBeVisible();
    const download = order.getByRole('button', { name: /^تنزيل الفاتورة INV-\d{6}$/ });
    await patient(download).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    await page.request.put('/api/admin/settings/vat', { headers: admin, data: { registered: false } });
  }
});
