import { expect, test } from '@playwright/test';
import { signInAsNewLearner, storedToken, toast } from './auth-fixtures.ts';

/* The top navigation when signed in (docs/product.md#navigation-and-footer): desktop dropdown and the mobile menu. */

test('desktop: avatar, name and a dropdown with name, e-mail, Profile, Courses and Logout', async ({ page }) => {
  const learner = await signInAsNewLearner(page, 'Nadia Nav');
  await page.goto('/about');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  const menuButton = nav.getByRole('button', { name: /Nadia Nav/ });
  await expect(menuButton).toContainText('N');
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByText(learner.email)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await expect(nav.getByRole('link', { name: 'Courses', exact: true }).last()).toHaveAttribute(
    'href',
    '/enrolledCourse',
  );

  // An outside click closes it.
  await page.mouse.click(5, 400);
  await expect(nav.getByText(learner.email)).toBeHidden();

  await menuButton.click();
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu shows Profile, Enrolled Courses and Logout; Logout goes to /', async ({ page }) => {
    await signInAsNewLearner(page, 'Mona Mobile');
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Enrolled Courses' })).toHaveAttribute('href', '/enrolledCourse');
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Logged out successfully!')).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
