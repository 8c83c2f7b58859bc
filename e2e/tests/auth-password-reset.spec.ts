import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/smtp.ts';
import { alert, newLearner, registerByApi, submitLogin, toast } from './auth-fixtures.ts';

/*
 * Forgot password → the e-mail the SMTP stand-in received → the link → a new password → sign in
 * with it. The old password stops working and the link works once.
 */

test('forgot password → link from the e-mail → new password → sign in with it', async ({ page }) => {
  const learner = newLearner('Reset Person');
  await registerByApi(page.request, learner);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const sent = 'If an account exists for that email, we have sent a link to reset your password.';
  await expect(page.getByRole('status').filter({ hasText: sent }).first()).toBeVisible();

  const mail = await waitForMail({ to: learner.email, subjectIncludes: 'Reset your' });
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('my-new-password');
  await page.getByLabel('Confirm Password', { exact: true }).fill('my-new-passwort');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password', { exact: true }).fill('my-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your password has been reset. You can now log in with your new password.' })
      .first(),
  ).toBeVisible();
  // Then the login page, after 3 seconds.
  await expect(page).toHaveURL('/login', { timeout: 6000 });

  await submitLogin(page, learner);
  await expect(alert(page, 'Invalid email or password.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('my-new-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/courses');
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();

  // The link worked once.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm Password', { exact: true }).fill('third-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(alert(page, 'Invalid or expired token')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('forgot password answers the same for an unknown e-mail', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`nobody.${Date.now()}@e2e.test`);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If an account exists for that email' }).first(),
  ).toBeVisible();
});
