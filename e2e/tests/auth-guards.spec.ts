import { expect, test } from '@playwright/test';
import { ADMIN, signInAsNewLearner } from './auth-fixtures.ts';

/* Each guard of docs/product.md#guards: guest-only, learner and admin pages. */

test.describe('learner pages send others to /login, remembering where they were', () => {
  for (const path of [
    '/profile',
    '/profile?tab=details',
    '/enrolledCourse',
    '/watch/introduction-to-off-plan',
    '/checkout/introduction-to-off-plan',
    '/success/sbx_000000000000000000000000',
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    });
  }

  test('a token the server no longer accepts counts as signed out', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('token', 'revoked-or-made-up'));
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirectTo=%2Fprofile');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('guest-only pages send a signed-in person to /', () => {
  for (const path of ['/login', '/forgot-password', '/reset-password/some-token']) {
    test(path, async ({ page }) => {
      await signInAsNewLearner(page);
      await page.goto(path);
      await expect(page).toHaveURL('/');
    });
  }
});

test.describe('admin pages', () => {
  // A signed-out visit goes to /admin/login, remembering the screen asked for (?next=).
  test('send a visitor without an admin token to /admin/login, remembering the screen', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin/login');
    await page.goto('/admin/dashboard/orders');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard%2Forders');
  });

  test('send a learner to /admin/login too (a learner token is not an admin token)', async ({ page }) => {
    await signInAsNewLearner(page);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin/login');
  });

  test('send an admin whose session ended back to /admin/login', async ({ page }) => {
    const res = await page.request.post('/api/auth/admin', { data: ADMIN });
    const { token } = (await res.json()) as { token: string };
    await page.request.post('/api/auth/admin/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.goto('/');
    await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin/login');
    expect(await page.evaluate(() => window.localStorage.getItem('adminToken'))).toBeNull();
  });
});

test('/oauth-success without a token goes to /login', async ({ page }) => {
  await page.goto('/oauth-success');
  await expect(page).toHaveURL('/login');
});

test('guarded pages are rendered in the browser: the server sends the same loading shell to everyone', async ({
  request,
}) => {
  for (const path of ['/profile', '/login', '/admin/dashboard']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('role="status"');
    expect(html).not.toContain('My Profile</h1>');
  }
});
