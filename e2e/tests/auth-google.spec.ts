import { expect, test } from '@playwright/test';
import { setGoogleIdentity } from '../support/oidc.ts';
import { storedToken, toast } from './auth-fixtures.ts';

/* Google sign-in through the OpenID Connect stand-in (support/oidc.ts), the whole browser round trip. */

const run = Date.now().toString(36);

/** A Google account for the stand-in to answer with, its subject and e-mail unique to `key` and this run. */
const googleIdentity = (key: string, name: string, verified = true) => ({
  sub: `google-${key}-${run}`,
  email: `google.${key}.${run}@e2e.test`,
  email_verified: verified,
  name,
});

test('a first Google sign-in creates the learner; the next one signs in to the same account', async ({ page }) => {
  const identity = googleIdentity('first', 'Google Person');
  await setGoogleIdentity(page.request, identity);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/courses');
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  const first = await storedToken(page);
  const me = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${first}` } });
  const { user } = (await me.json()) as { user: { _id: string; email: string; name: string; role: string } };
  expect(user).toMatchObject({ email: identity.email, name: 'Google Person', role: 'learner' });
  await expect(page.getByRole('button', { name: /Google Person/ })).toBeVisible();

  // Sign out, then in again with Google: same account.
  await page.getByRole('button', { name: /Google Person/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/courses');
  const second = await storedToken(page);
  expect(second).not.toBe(first);
  const again = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${second}` } });
  expect(((await again.json()) as { user: { _id: string } }).user._id).toBe(user._id);
});

test('Google sign-in returns to the page that asked for it', async ({ page }) => {
  await setGoogleIdentity(page.request, googleIdentity('return', 'Return Person'));
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirectTo=%2Fprofile');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
});

test('a refused Google sign-in comes back to /login with a message', async ({ page }) => {
  await setGoogleIdentity(page.request, googleIdentity('unverified', 'Unverified Person', false));
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/login?error=google');
  await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in failed. Please try again.' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
