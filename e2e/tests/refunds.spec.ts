import { expect, test } from '@playwright/test';
import { createPublishedCourse, RUN, signInAsAdmin } from './admin-fixtures.ts';
import { patient, signInAsNewLearner, toast } from './auth-fixtures.ts';

/*
 * Refunds (docs/product.md#refunds) through the real UI, API and database: a VAT-registered
 * seller's learner buys in the sandbox, the owner refunds the sale in full from Orders, and the
 * learner's My orders shows it refunded with the tax credit note to download as a PDF. The site
 * goes back to not registered afterwards, its default.
 */

test('the owner refunds a sale from Orders; the learner sees it refunded and downloads the credit note', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await signInAsAdmin(page);
  const admin = { authorization: `Bearer ${token}` };
  try {
    const vat = await page.request.put('/api/admin/settings/vat', {
      headers: admin,
      data: {
        registered: true,
        trn: '100234567890003',
        legalName: `Oasis Academy FZ-LLC ${RUN}`,
        address: 'Dubai Silicon Oasis, Dubai',
      },
    });
    expect(vat.status()).toBe(200);
    const title = `Refund journey ${RUN}`;
    const course = await createPublishedCourse(page.request, token, {
      title,
      description: '<p>Refunded in full.</p>',
    });

    await signInAsNewLearner(page, 'Refund Buyer');
    await page.goto(`/checkout/${course.slug}`);
    const country = page.getByRole('combobox', { name: /^Country you are buying from/ });
    await patient(country).toBeVisible();
    await country.selectOption('AE');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/api\/payment\/sandbox\/sbx_[a-f0-9]{24}\?key=[\w-]+$/);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/success\/sbx_/);

    // The owner (the admin's token is kept beside the learner's) refunds it from Orders.
    await page.goto('/admin/dashboard/orders?status=paid');
    const row = page.getByRole('row').filter({ hasText: title });
    const refund = row.getByRole('button', { name: /^Refund order OA-/ });
    await patient(refund).toBeVisible();
    await refund.click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    await expect(dialog.getByRole('spinbutton', { name: /^Amount to refund/ })).toHaveValue(/^\d+(\.\d\d)?$/);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    // The reason is required, said under its field, and focus goes there.
    await expect(
      dialog.getByText('Enter the reason for the refund: it is printed on the credit note.').first(),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Course withdrawn');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await patient(toast(page, 'Refund made.')).toBeVisible();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Download credit note CN-\d{6}$/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Refund order / })).toHaveCount(0);

    await page.goto('/orders');
    await patient(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const order = page.getByRole('listitem').filter({ hasText: title });
    await expect(order.getByText('Refunded', { exact: true }).first()).toBeVisible();
    const download = order.getByRole('button', { name: /^Download credit note CN-\d{6}$/ });
    await patient(download).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^CN-\d{6}\.pdf$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    await page.request.put('/api/admin/settings/vat', { headers: admin, data: { registered: false } });
  }
});
