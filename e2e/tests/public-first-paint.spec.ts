import { expect, test } from '@playwright/test';
import { pageReady, SEED } from './support/public';

/*
 * What a public page's first paint waits on (docs/benchmarks.md#lighthouse): the document, the
 * fonts the first screen shows and its image. The islands' scripts are fetched after it, Arabic
 * pages fetch one Arabic font file (their bold is the browser's), every font is preloaded (a font
 * first asked for by the stylesheet comes at the highest priority, ahead of the paint).
 */
const PAGES = ['/ar', '/ar/courses', `/ar/courses/${SEED.flagship.slug}`, '/ar/contact', '/'];

for (const address of PAGES) {
  test(`${address}: scripts after the first paint, every font preloaded, one Arabic font`, async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(address);
    await pageReady(page);

    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType('resource')
        .filter(
          (entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
        )
        .map((entry) => ({ name: entry.name, start: entry.startTime }));
      return { paint, scripts };
    });
    expect(timing.scripts.length, 'the islands script and its chunks').toBeGreaterThan(0);
    for (const script of timing.scripts)
      expect(script.start, `${script.name} starts after the first contentful paint`).toBeGreaterThanOrEqual(
        timing.paint,
      );
    // Nothing asks for the scripts before that: no module preload, no script element with a source.
    expect(await page.locator('link[rel="modulepreload"], script[src]').count()).toBe(0);

    const preloaded = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    for (const font of fonts) expect(preloaded, `${font} is preloaded`).toContain(font);
    const arabicFonts = fonts.filter((font) => font.includes('ibm-plex-sans-arabic'));
    expect(new Set(arabicFonts).size).toBe(address.startsWith('/ar') ? 1 : 0);
  });
}
