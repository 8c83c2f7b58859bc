import { expect, type Page, test } from '@playwright/test';
import { createPublishedCourse, expectSaleOnRevenueChart, RUN, signInAsAdmin } from './admin-fixtures.ts';
import { patient, signInAsNewLearner, toast } from './auth-fixtures.ts';

/*
 * UAE commerce end to end (docs/product.md#tax-invoices, #refunds), as one learner and the owner
 * live it: the owner registers for VAT on the Settings screen; a code link followed on `/ar`, the
 * discounted sale paid in the sandbox, the Arabic tax invoice downloaded from My orders; the owner
 * sees the sale on the revenue chart and refunds it from Orders; the learner's My orders then shows
 * it refunded with the credit note. The site goes back to not registered afterwards, its default.
 */

async function downloadedPdf(page: Page, button: ReturnType<Page['getByRole']>, name: RegExp) {
  await patient(button).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toMatch(name);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('a coupon sale on /ar: Arabic invoice, the sale on the chart, the owner refunds it, the learner gets the credit note', async ({
  page,
}) => {
  test.setTimeout(240_000);
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
    const title = `Commerce journey ${RUN}`;
    const course = await createPublishedCourse(page.request, token, {
      title,
      description: '<p>Bought and refunded.</p>',
    });
    const code = `JOURNEY-${RUN}`.toUpperCase();
    const coupon = await page.request.post('/api/admin/coupons', {
      headers: admin,
      data: {
        code,
        kind: 'percent',
        value: 20,
        courseId: course.id,
        startsAt: null,
        endsAt: null,
        totalLimit: null,
        oncePerLearner: true,
        active: true,
      },
    });
    expect(coupon.status()).toBe(201);

    // The learner follows the code's link on /ar and pays the discounted price.
    await signInAsNewLearner(page, 'Journey Buyer');
    await page.goto(`/ar/courses/${course.slug}?coupon=${code}`);
    await page.getByRole('link', { name: 'اشترِ الآن' }).first().click();
    await expect(page).toHaveURL(`/ar/checkout/${course.slug}`);
    await patient(page.getByText(`طُبّق رمز الخصم ${code}`)).toBeVisible();
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
    const order = page.getByRole('listitem').filter({ hasText: title });
    await expect(order.getByText('مدفوع', { exact: true })).toBeVisible();
    await downloadedPdf(page, order.getByRole('button', { name: /^تنزيل الفاتورة INV-\d{6}$/ }), /^INV-\d{6}\.pdf$/);

    // The owner (the admin's token is kept beside the learner's) sees the sale, then refunds it.
    await page.goto('/admin/dashboard?preset=last7&by=day');
    await patient(page.getByRole('table', { name: 'Revenue by period (AED)' })).toBeVisible();
    await expectSaleOnRevenueChart(page, title);

    await page.goto('/admin/dashboard/orders?status=paid');
    const row = page.getByRole('row').filter({ hasText: title });
    const refund = row.getByRole('button', { name: /^Refund order OA-/ });
    await patient(refund).toBeVisible();
    await refund.click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    await expect(dialog.getByRole('spinbutton', { name: /^Amount to refund/ })).toHaveValue(/^\d+(\.\d\d)?$/);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    // The reason is required, said under its field.
    await expect(
      dialog.getByText('Enter the reason for the refund: it is printed on the credit note.').first(),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Changed their mind');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await patient(toast(page, 'Refund made.')).toBeVisible();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Download credit note CN-\d{6}$/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Refund order / })).toHaveCount(0);

    await page.goto('/ar/orders');
    const refunded = page.getByRole('listitem').filter({ hasText: title });
    await patient(refunded.getByText('مسترد', { exact: true }).first()).toBeVisible();
    await downloadedPdf(
      page,
      refunded.getByRole('button', { name: /^تنزيل الإشعار الدائن CN-\d{6}$/ }),
      /^CN-\d{6}\.pdf$/,
    );
  } finally {
    await page.request.put('/api/admin/settings/vat', { headers: admin, data: { registered: false } });
  }
});
