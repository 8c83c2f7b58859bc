import { expect, type Page } from '@playwright/test';

/** Nothing on the page is wider than `width`: the document does not scroll sideways. */
export async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
