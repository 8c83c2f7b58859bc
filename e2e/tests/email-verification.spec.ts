import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/smtp.ts';
import { alert, signInAsNewLearner, toast } from './auth-fixtures.ts';

/*
 * Sign up → the profile says the e-mail is not verified → the link from the e-mail the SMTP
 * stand-in received → verified, on the profile too. The link works once.
 */

test('a new learner verifies the e-mail through the link; the link works once', async ({ page }) => {
  const learner = await signInAsNewLearner(page, 'Vera Verify');

  await page.goto('/profile');
  await expect(page.getByText('Not verified yet')).toBeVisible();
  // The sign-up link left moments ago: another one is refused for now.
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(toast(page, 'A link was sent less than a minute ago')).toBeVisible();

  const mail = await waitForMail({ to: learner.email, subjectIncludes: 'Confirm your' });
  const link = /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Your e-mail is verified.' })).toBeVisible();
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);

  // A second visit: the link is used up, and the page says so.
  await page.goto(link!);
  await expect(alert(page, 'This verification link is invalid, has expired or has already been used.')).toBeVisible();
});
