import { expect, type Page, test } from '@playwright/test';
import { pageReady, SEED } from './support/public';

/*
 * How Arabic pages read and settle (docs/i18n.md#text-in-another-language): English content is
 * isolated (its punctuation stays at its own end) and set in the English faces, no text is smaller
 * than 12 px, and no page shifts while its fonts and images arrive, in either language.
 */

const arabic = (englishPath: string) => (englishPath === '/' ? '/ar' : `/ar${englishPath}`);
const LAYOUT_PAGES = ['/', '/courses', `/courses/${SEED.flagship.slug}`, `/blogs/${SEED.blog.slug}`];
const ARABIC_PAGES = [...LAYOUT_PAGES, '/about', '/why-dubai', '/contact', '/consult', '/privacy-policy'].map(arabic);
const WIDTHS = [375, 1280];
/** A font that comes late, as on a phone network: what a swap would move shows up. */
const FONT_DELAY_MS = 800;

/** Sum of the page's layout shifts not caused by input, from the first paint until it is still. */
async function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Lets late fonts, images and the islands' first render land.
        setTimeout(() => resolve(total), 1500);
      }),
  );
}

test.describe('no layout shift while a page loads', () => {
  for (const width of WIDTHS) {
    for (const english of LAYOUT_PAGES) {
      for (const address of [english, arabic(english)]) {
        test(`${address} at ${width} px: cumulative layout shift under 0.01`, async ({ page }) => {
          await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
          await page.route(/\.woff2(\?|$)/, async (route) => {
            await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
            await route.continue();
          });
          await page.goto(address);
          await page.evaluate(() => document.fonts.ready);
          await pageReady(page);
          const shift = await cumulativeLayoutShift(page);
          expect(shift, `${address} at ${width} px`).toBeLessThan(0.01);
        });
      }
    }
  }
});

test.describe('Arabic pages', () => {
  for (const address of ARABIC_PAGES) {
    test(`${address}: no visible text under 12 px, no letter-spacing on Arabic`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(address);
      await pageReady(page);
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const element = node.parentElement;
          if (!text || !element || element.closest('script, style, .sr-only, [hidden]')) continue;
          const style = getComputedStyle(element);
          if (style.display === 'none' || style.visibility === 'hidden') continue;
          const size = Number.parseFloat(style.fontSize);
          if (size < 12) found.push(`${size}px: ${text.slice(0, 40)}`);
          const spacing = Number.parseFloat(style.letterSpacing);
          if (/[\u0600-\u06FF]/.test(text) && spacing > 0)
            found.push(`letter-spacing ${spacing}px: ${text.slice(0, 40)}`);
        }
        return found;
      });
      expect(problems, address).toEqual([]);
    });
  }

  test('English text on an Arabic page is isolated, marked English and set in the English headline face', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(arabic(`/blogs/${SEED.blog.slug}`));
    // The post has no Arabic version in the demo: its English title is marked and isolated.
    const heading = page.getByRole('heading', { level: 1, name: SEED.blog.title });
    await expect(heading).toHaveAttribute('lang', 'en');
    await expect(heading).toHaveAttribute('dir', 'auto');
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Lora/);

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
        // A price ('888.00 AED') is ours, not typed: the page's own order reads it figure first.
        if (/^[\d.,\s]+[A-Z]{3}$/.test(text)) continue;
        if (!element.closest('[dir]:not(html), bdi, [lang]:not(html)')) found.push(text.slice(0, 60));
      }
      return found;
    });
    expect(loose).toEqual([]);
  });

  test("a question in English keeps its question mark at its own end, and the footer's full stop after the brand", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(arabic(`/courses/${SEED.flagship.slug}`));
    // A question of the course's FAQ with no Arabic twin: its '?' stays on the right, where it ends.
    const question = page.locator('main summary [lang="en"]').filter({ hasText: /\?$/ }).first();
    await expect(question).toBeVisible();
    const ends = await question.evaluate((el) => {
      const range = document.createRange();
      const text = el.lastChild?.nodeType === Node.TEXT_NODE ? (el.lastChild as Text) : null;
      if (!text?.textContent) return null;
      const length = text.textContent.trimEnd().length;
      range.setStart(text, length - 1);
      range.setEnd(text, length);
      const mark = range.getBoundingClientRect();
      return { markRight: mark.right, textRight: Math.max(...Array.from(el.getClientRects(), (r) => r.right)) };
    });
    expect(ends).not.toBeNull();
    // The mark is the rightmost thing on its line.
    expect(ends?.markRight ?? 0).toBeGreaterThanOrEqual((ends?.textRight ?? 0) - 1);

    // '© 2026 Brand. جميع الحقوق…': the brand is isolated, and the full stop follows it to its left.
    const rights = page.locator('footer p').filter({ hasText: '©' });
    const brand = rights.locator('bdi');
    await expect(brand).toHaveCount(1);
    const positions = await rights.evaluate((p) => {
      const bdi = p.querySelector('bdi') as HTMLElement;
      const after = bdi.nextSibling as Text;
      const range = document.createRange();
      range.setStart(after, 0);
      range.setEnd(after, 1);
      return { stop: range.getBoundingClientRect(), brand: bdi.getBoundingClientRect(), char: after.textContent?.[0] };
    });
    expect(positions.char).toBe('.');
    expect(positions.stop.right).toBeLessThanOrEqual(positions.brand.left + 1);
  });
});
