import { expect, test } from '@playwright/test';
import { adminToken, createPublishedCourse, RUN } from './admin-fixtures';

/*
 * English shown on an Arabic page (docs/i18n.md#text-in-another-language): a course the owner has
 * not translated keeps its question mark at its own end, is marked English and set in the English
 * headline face; the brand in the footer's sentence is isolated; no Latin-only text is left loose.
 */

test('an English course title on an Arabic page is isolated, marked English and set in Lora', async ({
  page,
  request,
}) => {
  const title = `Will the handover be held in Dubai ${RUN}?`;
  const token = await adminToken(request);
  const { slug } = await createPublishedCourse(request, token, {
    title,
    description: '<p>Payments to the developer are held in escrow.</p>',
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/ar/courses/${slug}`);

  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toHaveAttribute('lang', 'en');
  await expect(heading).toHaveAttribute('dir', 'auto');
  expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Lora/);

  // The '?' is the rightmost thing of the title's last line (not thrown to its left end).
  const mark = await heading.evaluate((el) => {
    const text = el.lastChild as Text;
    const end = (text.textContent ?? '').trimEnd().length;
    const range = document.createRange();
    range.setStart(text, end - 1);
    range.setEnd(text, end);
    const markBox = range.getBoundingClientRect();
    const all = document.createRange();
    all.selectNodeContents(el);
    const rects = Array.from(all.getClientRects());
    const lastLine = rects.filter((r) => Math.abs(r.bottom - markBox.bottom) < 2);
    return {
      char: text.textContent?.[end - 1],
      right: markBox.right,
      lineRight: Math.max(...lastLine.map((r) => r.right)),
    };
  });
  expect(mark.char).toBe('?');
  expect(mark.right).toBeGreaterThanOrEqual(mark.lineRight - 1);

  // '© <year> Brand. جميع الحقوق…': the brand is isolated, and the full stop follows it (to its left).
  const rights = page.locator('footer p').filter({ hasText: '©' });
  await expect(rights.locator('bdi')).toHaveCount(1);
  const stop = await rights.evaluate((p) => {
    const bdi = p.querySelector('bdi') as HTMLElement;
    const after = bdi.nextSibling as Text;
    const range = document.createRange();
    range.setStart(after, 0);
    range.setEnd(after, 1);
    return {
      char: after.textContent?.[0],
      right: range.getBoundingClientRect().right,
      brandLeft: bdi.getBoundingClientRect().left,
    };
  });
  expect(stop.char).toBe('.');
  expect(stop.right).toBeLessThanOrEqual(stop.brandLeft + 1);

  // Every run of Latin-only text (a name, a title, the brand) sits in an element that isolates it
  // (dir, bdi) or is marked English.
  const loose = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (!element || element.closest('script, style')) continue;
      if (!/[A-Za-z]/.test(text) || /[\u0600-\u06FF]/.test(text)) continue;
      // A price ('150.00 AED') is ours, not typed: the page's own order reads it figure first.
      if (/^[\d.,\s]+[A-Z]{3}$/.test(text)) continue;
      if (!element.closest('[dir]:not(html), bdi, [lang]:not(html)')) found.push(text.slice(0, 60));
    }
    return found;
  });
  expect(loose).toEqual([]);
});
