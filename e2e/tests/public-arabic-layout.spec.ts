import { expect, type Page, test } from '@playwright/test';
import { pageReady, SEED } from './support/public';

/*
 * How pages settle and Arabic pages read (docs/i18n.md#right-to-left): no text on an Arabic page is
 * smaller than 12 px or spaced out, and no page shifts while its fonts and images arrive, in either
 * language. English text on Arabic pages: arabic-isolation.spec.ts (it makes its own course).
 */

const arabic = (englishPath: string) => (englishPath === '/' ? '/ar' : `/ar${englishPath}`);
const LAYOUT_PAGES = ['/', '/courses', `/courses/${SEED.flagship.slug}`, `/blogs/${SEED.blog.slug}`];
const ARABIC_PAGES = [...LAYOUT_PAGES, '/about', '/why-dubai', '/contact', '/consult', '/privacy-policy'].map(arabic);
const WIDTHS = [375, 1280];
/** A font that comes late, as on a phone network: what a swap would move shows up. */
const FONT_DELAY_MS = 800;

// Each page waits for late fonts and a quiet second: more than the default on a busy machine.
test.describe.configure({ timeout: 60_000 });

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
});
