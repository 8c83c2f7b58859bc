import { expect, test } from '@playwright/test';
import { createPublishedCourse, RUN, signInAsAdmin } from './admin-fixtures.ts';
import { patient, signInAsNewLearner } from './auth-fixtures.ts';

/*
 * Coupons (docs/product.md#coupons) through the real UI, API and database: the admin creates a
 * code on the Arabic Coupons screen, a learner follows its coupon link on `/ar`, sees the discount
 * at checkout and pays the discounted price in the sandbox; a refused code shows its message.
 */

test('the admin creates a code; a learner follows its link on /ar, sees the discount, pays in the sandbox and is enrolled', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await signInAsAdmin(page);
  const title = `Coupon journey ${RUN}`;
  const course = await createPublishedCourse(page.request, token, { title, description: '<p>Launch offer.</p>' });
  const code = `LAUNCH-${RUN}`.toUpperCase();

  // The admin's screen, in Arabic: the code, its course and 20 % off.
  await page.goto('/ar/admin/dashboard/coupons');
  await patient(page.getByRole('heading', { level: 2, name: 'رموز الخصم' })).toBeVisible();
  await page.getByRole('textbox', { name: /^الرمز/ }).fill(code.toLowerCase());
  await page.getByRole('combobox', { name: /^الدورة/ }).selectOption({ label: title });
  await page.getByRole('spinbutton', { name: /^نسبة الخصم/ }).fill('20');
  await page.getByRole('button', { name: 'إنشاء رمز الخصم' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await patient(row).toBeVisible();
  await expect(row.getByText(`/ar/courses/${course.slug}?coupon=${code}`)).toBeVisible();

  // The learner follows the link: the page comes without the code, which waits for checkout.
  await signInAsNewLearner(page, 'Coupon Buyer');
  await page.goto(`/ar/courses/${course.slug}?coupon=${code.toLowerCase()}`);
  await expect(page).toHaveURL(`/ar/courses/${course.slug}`);
  await page.getByRole('link', { name: 'اشترِ الآن' }).first().click();
  await expect(page).toHaveURL(`/ar/checkout/${course.slug}`);

  // Applied from the link: the code, its line in the summary and the announced result.
  await patient(page.getByLabel('هل لديك رمز خصم؟')).toHaveValue(code);
  await patient(page.getByText(`طُبّق رمز الخصم ${code}`)).toBeVisible();
  const summary = page.getByRole('region', { name: 'ملخّص الطلب' });
  await expect(summary.getByText(`رمز الخصم ${code}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'ادفع الآن' }).click();
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/sbx_[a-f0-9]{24}\?key=[\w-]+$/);
  const paymentIntentId = new URL(page.url()).pathname.split('/').pop() as string;
  // The provider is asked for the discounted price: 150 less 20 %.
  const learnerToken = await page.evaluate(() => window.localStorage.getItem('token'));
  const asked = await page.request.get(`/api/payment/status/${paymentIntentId}`, {
    headers: { authorization: `Bearer ${learnerToken}` },
  });
  expect(await asked.json()).toMatchObject({ amount: 120, status: 'pending' });
  await page.getByRole('button', { name: /^ادفع / }).click();

  await expect(page).toHaveURL(`/ar/success/${paymentIntentId}`);
  await patient(page.getByRole('heading', { level: 1 })).toHaveText('تمّت عملية الدفع بنجاح!');
  const paid = await page.request.get(`/api/payment/status/${paymentIntentId}`, {
    headers: { authorization: `Bearer ${learnerToken}` },
  });
  expect(await paid.json()).toMatchObject({ amount: 120, status: 'paid' });

  // The admin's list counts the use.
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/coupons');
  await patient(page.getByRole('row').filter({ hasText: code }).getByText('1 / no limit')).toBeVisible();
});

test('a refused code shows its message at checkout, and the field keeps focus', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInAsAdmin(page);
  const course = await createPublishedCourse(page.request, token, {
    title: `Coupon refusal ${RUN}`,
    description: '<p>No such code.</p>',
  });
  await signInAsNewLearner(page, 'Coupon Tryer');
  await page.goto(`/checkout/${course.slug}`);
  const field = page.getByLabel('Have a coupon code?');
  await patient(field).toBeVisible();
  await field.fill('no-such-code');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon code does not exist.').first()).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});
