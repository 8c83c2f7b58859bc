import { expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../tests/admin-fixtures.ts';

/**
 * The first step of both admin journeys (tests/admin-journey*.spec.ts): sign in at the admin
 * door and land on the dashboard, which has no site navigation or footer.
 */
export async function signInAtAdminLogin(page: Page): Promise<void> {
  await test.step('sign in at /admin/login', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the Admin Panel' })).toBeVisible();
    // No site navigation or footer on admin pages.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
}
