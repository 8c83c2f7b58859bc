import { expect, test } from '@playwright/test';

test('the home page renders on the server', async ({ page, request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<h1');
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
});
