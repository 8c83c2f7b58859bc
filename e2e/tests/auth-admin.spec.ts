import { expect, test } from '@playwright/test';
import { ADMIN, alert, newLearner, registerByApi, storedToken, submitLogin, toast } from './auth-fixtures.ts';

/* Admin sign-in at /admin/login (the admin seeded from ADMIN_EMAIL / ADMIN_PASSWORD) and logout. */

test('admin sign-in and logout', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeDisabled();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await login.click();
  await expect(alert(page, 'Invalid email or password.')).toBeVisible();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await login.click();
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(toast(page, 'Admin login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to the Admin Panel' })).toBeVisible();
  const token = await storedToken(page, 'adminToken');
  expect(token).toBeTruthy();
  // The learner's token is untouched: admin and learner sessions are separate.
  expect(await storedToken(page, 'token')).toBeNull();

  // Still signed in after a reload; /admin/login now leads to the dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to the Admin Panel' })).toBeVisible();
  await page.goto('/admin/login');
  await expect(page).toHaveURL('/admin/dashboard');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/admin/login');
  await expect(toast(page, 'Logged out successfully!')).toBeVisible();
  expect(await storedToken(page, 'adminToken')).toBeNull();
  const after = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('a learner cannot sign in at /admin/login', async ({ page }) => {
  const learner = newLearner();
  await registerByApi(page.request, learner);
  await page.goto('/admin/login');
  await submitLogin(page, learner);
  await expect(alert(page, 'Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL('/admin/login');
  expect(await storedToken(page, 'adminToken')).toBeNull();
});

test('a failed admin logout keeps the admin signed in and says so', async ({ page }) => {
  const res = await page.request.post('/api/auth/admin', { data: ADMIN });
  const { token } = (await res.json()) as { token: string };
  await page.goto('/admin/login');
  await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to the Admin Panel' })).toBeVisible();
  await page.route('**/api/auth/admin/logout', (route) => route.abort());
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logout failed. Please try again.')).toBeVisible();
  await expect(page).toHaveURL('/admin/dashboard');
  expect(await storedToken(page, 'adminToken')).toBe(token);
});
