import { expect, test } from '@playwright/test';
import { alert } from './auth-fixtures.ts';

/* After too many wrong passwords from one address, the admin sign-in page offers the way back in. */

test('admin login: refused for too many tries, the alert links to the password reset, by keyboard too', async ({
  page,
}) => {
  // An e-mail of its own: the limit counts per address and e-mail, so other journeys' sign-ins
  // (the seeded admin's) are not held back by this one.
  const email = `limit.${Date.now().toString(36)}@e2e.test`;
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post('/api/auth/admin', { data: { email, password: `wrong-password-${i}` } });
    expect(res.status()).toBe(401);
  }

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('one-more-guess');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  const refused = alert(page, 'Too many attempts. Please wait a few minutes and try again.');
  await expect(refused).toBeVisible();
  const reset = refused.getByRole('link', { name: 'Reset your password' });
  await expect(reset).toHaveAttribute('href', '/forgot-password');

  // For someone using the keyboard, the next stop after the password field and its Show button.
  await page.getByRole('button', { name: 'Show password' }).focus();
  await page.keyboard.press('Tab');
  await expect(reset).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/forgot-password');
});
