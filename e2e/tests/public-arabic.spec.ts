import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectNoAxeViolations } from './support/axe.ts';
import { PUBLIC_PAGES, pageReady, rawHtml, SEED } from './support/public';

/*
 * Every public page in both languages (docs/i18n.md): the address, `<html lang dir>`, the head
 * (title, description, canonical, hreflang, og:locale), axe, no horizontal scroll, and a screenshot
 * of each Arabic page at 375 and 1280 px (kept in docs/screenshots/ar/ for review).
 */

const ARABIC_LETTER = /[\u0600-\u06FF]/;
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const arabic = (englishPath: string) => (englishPath === '/' ? '/ar' : `/ar${englishPath}`);
/** The pages, '/home' aside (an alias of '/' whose canonical is '/'). */
const PAGES = PUBLIC_PAGES.filter((p) => p.path !== '/home');
/**
 * Pages whose title and description are their content's (a course, a post): until the owner gives
 * it an Arabic version, the Arabic page shows the English (a field left empty falls back).
 */
const TITLED_BY_CONTENT = new Set<string>([`/courses/${SEED.flagship.slug}`, `/blogs/${SEED.blog.slug}`]);

test.describe('every public page in English and in Arabic', () => {
  for (const { path: english } of PAGES) {
    test(`${english} and ${arabic(english)}: lang, dir, title, description, canonical, hreflang`, async ({
      request,
    }) => {
      const heads = [];
      for (const [locale, address] of [
        ['en', english],
        ['ar', arabic(english)],
      ] as const) {
        const { status, html } = await rawHtml(request, address);
        expect(status, address).toBe(200);
        expect(tag(html, /<html ([^>]*)>/), address).toBe(
          locale === 'ar' ? 'lang="ar" dir="rtl"' : 'lang="en" dir="ltr"',
        );
        const title = tag(html, /<title>([^<]+)<\/title>/) ?? '';
        const description = tag(html, /<meta name="description" content="([^"]+)"/) ?? '';
        expect(title, address).toBeTruthy();
        expect(description.length, address).toBeGreaterThan(40);
        if (locale === 'ar' && !TITLED_BY_CONTENT.has(english)) {
          expect(title, `${address}: an Arabic title`).toMatch(ARABIC_LETTER);
          expect(description, `${address}: an Arabic description`).toMatch(ARABIC_LETTER);
        }
        expect(tag(html, /<link rel="canonical" href="([^"]+)"/), address).toBe(`${baseURL}${address}`);
        expect(tag(html, /<link rel="alternate" hrefLang="en" href="([^"]+)"/), address).toBe(`${baseURL}${english}`);
        expect(tag(html, /<link rel="alternate" hrefLang="ar" href="([^"]+)"/), address).toBe(
          `${baseURL}${arabic(english)}`,
        );
        expect(tag(html, /<link rel="alternate" hrefLang="x-default" href="([^"]+)"/), address).toBe(
          `${baseURL}${english}`,
        );
        expect(tag(html, /<meta property="og:locale" content="([^"]+)"/), address).toBe(
          locale === 'ar' ? 'ar_AE' : 'en_GB',
        );
        heads.push({ title, description });
      }
      // Two languages, two heads.
      if (!TITLED_BY_CONTENT.has(english)) {
        expect(heads[1]?.title).not.toBe(heads[0]?.title);
        expect(heads[1]?.description).not.toBe(heads[0]?.description);
      }
    });
  }

  test('the sitemap lists both languages of every page', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    for (const { path: english } of PAGES) {
      expect(locs.has(`${baseURL}${english}`), english).toBe(true);
      expect(locs.has(`${baseURL}${arabic(english)}`), arabic(english)).toBe(true);
    }
  });
});

test('the language switch keeps the page and its query, both ways', async ({ page }) => {
  await page.goto('/courses?q=off');
  await pageReady(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL('/ar/courses?q=off');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await pageReady(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL('/courses?q=off');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

/**
 * The reviewed screenshots live in docs/screenshots/ar/: `UPDATE_SCREENSHOTS=1` writes them there
 * (to review and commit); other runs write them with the test's results.
 */
const KEPT_SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots/ar');
const SHOT_NAMES: Record<string, string> = {
  '/': 'home',
  '/about': 'about',
  '/why-dubai': 'why-dubai',
  '/courses': 'courses',
  [`/courses/${SEED.flagship.slug}`]: 'course',
  [`/blogs/${SEED.blog.slug}`]: 'blog',
  '/contact': 'contact',
  '/consult': 'consult',
  '/privacy-policy': 'privacy-policy',
};

for (const width of [375, 1280]) {
  test.describe(`Arabic pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const { path: english } of PAGES) {
      test(`${arabic(english)}: right to left, no horizontal scroll, no axe violations`, async ({ page }) => {
        await page.goto(arabic(english));
        await pageReady(page);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        // The main heading is in Arabic or is the content's own title (content falls back to English).
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal scroll').toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        const name = `${SHOT_NAMES[english] ?? 'page'}-${width}.png`;
        const shot = process.env.UPDATE_SCREENSHOTS ? path.join(KEPT_SHOTS, name) : test.info().outputPath(name);
        fs.mkdirSync(path.dirname(shot), { recursive: true });
        await page.screenshot({
          path: shot,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}

test('an Arabic page downloads the Arabic font; an English page does not', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font' || /\.woff2(\?|$)/.test(r.url())) fonts.push(r.url());
  });
  await page.goto('/courses');
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((f) => /arabic/i.test(f))).toEqual([]);
  await page.goto('/ar/courses');
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((f) => /arabic/i.test(f)).length).toBeGreaterThan(0);
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/IBM Plex Sans Arabic/);
});
