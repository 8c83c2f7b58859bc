import { expect, test } from '@playwright/test';
import { scrollToY } from './support/public';

const YELLOW = 'rgb(245, 197, 24)';

test.describe('top navigation on desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('home: transparent at the top, white with the dark logo after 50 px, hidden past 150 px, back on scroll up', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.locator('header[data-nav-state]');
    const logoMark = header.locator('.logo-mark');

    // Scroll 0: transparent with white text and the light logo.
    await expect(header).toHaveAttribute('data-nav-state', 'transparent');
    await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(logoMark).toHaveClass(/logo-mark-light/);

    // 60 px: white with dark text and the dark logo, still shown.
    await scrollToY(page, 60);
    await expect(header).toHaveAttribute('data-nav-state', 'white');
    await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(header).not.toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(logoMark).toHaveClass(/logo-mark-dark/);
    await expect(header).toHaveAttribute('data-nav-hidden', 'false');

    // 200 px, scrolling down: hidden (moved up out of view).
    await scrollToY(page, 200);
    await expect(header).toHaveAttribute('data-nav-hidden', 'true');
    await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(-50);

    // Scrolling up (still past 150 px): back in view, still white.
    await scrollToY(page, 170);
    await expect(header).toHaveAttribute('data-nav-hidden', 'false');
    await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBe(0);
    await expect(header).toHaveAttribute('data-nav-state', 'white');

    // Back at the top: transparent again.
    await scrollToY(page, 0);
    await expect(header).toHaveAttribute('data-nav-state', 'transparent');
  });

  test('other pages: solid green at the top, white after 50 px', async ({ page }) => {
    await page.goto('/about');
    const header = page.locator('header[data-nav-state]');
    await expect(header).toHaveAttribute('data-nav-state', 'green');
    await expect(header).toHaveCSS('background-color', 'rgb(11, 61, 46)');
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    await scrollToY(page, 60);
    await expect(header).toHaveAttribute('data-nav-state', 'white');
  });

  test('the five links, the active one underlined in yellow, and Login to /login', async ({ page }) => {
    await page.goto('/courses');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Why Choose Me',
      'Dubai Real Estate',
      'Courses',
      'Contact Me',
    ]);
    const active = nav.getByRole('link', { name: 'Courses' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect(active).toHaveCSS('text-decoration-line', 'underline');
    await expect(active).toHaveCSS('text-decoration-color', YELLOW);
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await nav.getByRole('link', { name: 'Why Choose Me' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole('link', { name: 'Why Choose Me' })).toHaveAttribute('aria-current', 'page');
  });

  test('the window scrolls to the top on every path change', async ({ page }) => {
    await page.goto('/about');
    await scrollToY(page, 1200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a skip link jumps to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe('footer', () => {
  test('privacy, social, chat, e-mail and a dialable phone link, the address and the copyright', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    for (const network of ['LinkedIn', 'YouTube', 'Instagram', 'TikTok', 'Facebook']) {
      await expect(footer.getByRole('link', { name: new RegExp(`^${network}`) })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
    }
    await expect(footer.getByRole('link', { name: /Chat with me/ })).toHaveAttribute('href', /^https?:\/\//);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute('href', /^tel:\+\d{6,15}$/);
    await expect(footer.locator('address')).toContainText('Dubai Silicon Oasis');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('All rights reserved');
  });
});

test.describe('admin paths', () => {
  test('show neither the top navigation nor the footer', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.locator('header[data-nav-state]')).toHaveCount(0);
    await expect(page.getByText('All rights reserved')).toHaveCount(0);
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens full screen with the five links and Login, locks scrolling, closes at 768 px and wider', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    await expect(menu.getByRole('navigation').getByRole('link')).toHaveText([
      'Home',
      'Why Choose Me',
      'Dubai Real Estate',
      'Courses',
      'Contact Me',
      'Login',
    ]);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await page.setViewportSize({ width: 800, height: 740 });
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('closes with Escape and after following a link', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Dubai Real Estate' }).click();
    await expect(page).toHaveURL(/\/why-dubai$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why Invest in Dubai Real Estate?');
  });
});
