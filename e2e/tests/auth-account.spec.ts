import { expect, test } from '@playwright/test';
import { alert, newLearner, registerByApi, storedToken, submitLogin, toast } from './auth-fixtures.ts';

/*
 * The learner's account journey through the real UI and API: create an account, sign in, edit the
 * profile, reload (still edited), log out (the session is revoked on the server).
 */

test('register → sign in → edit the profile → reload, still edited → log out', async ({ page }) => {
  const learner = newLearner('Layla Journey');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('button', { name: 'Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // Submit waits for every field, the name included.
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await expect(create).toBeDisabled();
  await page.getByLabel('Full Name').fill('  Al ');
  await create.click();
  await expect(page.getByText('Name must be at least 3 characters.')).toBeVisible();

  await page.getByLabel('Full Name').fill(learner.name);
  await create.click();
  await expect(toast(page, 'Account created successfully! Please login to access the course.')).toBeVisible();
  // Back in sign-in mode, with the prompt and the e-mail kept.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(learner.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/courses');
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  // The profile shows the account and saves edits through the API.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details.nth(0)).toHaveText(learner.name);
  await expect(details.nth(1)).toHaveText(learner.email);
  // The e-mail carries its verification state: a new password account is not verified yet.
  await expect(details.nth(2)).toContainText('Not verified yet');
  await expect(details.nth(3)).toHaveText('Not provided');
  await expect(details.nth(4)).toHaveText('Learner');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Full Name').fill('Layla Haddad');
  await page.getByLabel('Phone').fill('+971 50 123 4567');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
  await expect(details.nth(0)).toHaveText('Layla Haddad');

  // Cancel puts the fields back and leaves edit mode.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Full Name').fill('Somebody Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(details.nth(0)).toHaveText('Layla Haddad');

  await page.reload();
  await expect(page.getByRole('definition').nth(0)).toHaveText('Layla Haddad');
  await expect(page.getByRole('definition').nth(3)).toHaveText('+971 50 123 4567');

  // Log out from the navigation's menu: back to /login, token gone here and on the server.
  // Scrolling up brings back the navigation, which hides on scroll down. Scroll until it is in
  // view: the reload restores the scroll position, which may land after a first wheel.
  const account = page.getByRole('button', { name: /Layla Haddad/ });
  await expect(async () => {
    await page.mouse.wheel(0, -5000);
    await expect(account).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await account.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(toast(page, 'Logged out successfully!')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  const after = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('a failed sign-in shows the server message inline and as a toast; toggling clears it', async ({ page }) => {
  const learner = newLearner();
  await registerByApi(page.request, learner);
  await page.goto('/login');
  await submitLogin(page, { email: learner.email, password: 'wrong-password' });
  await expect(alert(page, 'Invalid email or password.')).toBeVisible();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL('/login');

  await page.getByRole('button', { name: 'Create one' }).click();
  await expect(alert(page, 'Invalid email or password.')).toHaveCount(0);

  // A taken e-mail is refused with the server's message.
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Password', { exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(alert(page, 'An account with this email already exists.')).toBeVisible();
});

test('the shared rules check the form before it is sent', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, { email: 'not-an-email', password: '12345' });
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('sign-in returns to the page that sent the person to log in, never to another site', async ({ page }) => {
  const learner = newLearner();
  await registerByApi(page.request, learner);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirectTo=%2Fprofile');
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
  await submitLogin(page, learner);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/login?redirectTo=https%3A%2F%2Fevil.example%2F');
  await submitLogin(page, learner);
  await expect(page).toHaveURL('/courses');
});
