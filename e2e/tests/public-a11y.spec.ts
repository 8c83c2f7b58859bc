import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { PUBLIC_PAGES, scrollToY } from './support/public';

const PAGES = [
  ...PUBLIC_PAGES.map((p) => p.path),
  '/courses?q=zzzz-nothing',
  '/courses/no-such-course',
  '/blogs/no-such-post',
  '/no-such-page',
];

for (const width of [1280, 375]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Axe reads every node of a whole page: a worker's first run, beside the journeys' worker on a
    // busy machine, can take longer than the usual 30 s.
    test.describe.configure({ timeout: 60_000 });
    for (const path of PAGES) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('axe in other states', () => {
  test('the white navigation after scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await scrollToY(page, 60);
    await expectNoAxeViolations(page);
  });

  test('the open mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
