import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page (or on `include`, a CSS selector) and expects no violations.
 *
 * It waits first for the page to be still: no CSS transition or animation running and the page no
 * longer scrolling. Axe measures colours at one instant, so a header fading from green to white
 * would otherwise be judged half-way. A transition can start some frames after the step before (a
 * focus that scrolls the page smoothly, the header's scroll handler on the next frame, React's
 * render of its new state in a task after that), so the page counts as still only once two looks,
 * each two frames and a task apart, find nothing running and the same scroll position.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const task = () => new Promise((resolve) => setTimeout(resolve, 30));
    let quiet = 0;
    let scrolled = `${window.scrollX},${window.scrollY}`;
    for (let round = 0; round < 30 && quiet < 2; round++) {
      await frame();
      await frame();
      await task();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
      const position = `${window.scrollX},${window.scrollY}`;
      const moved = position !== scrolled;
      scrolled = position;
      if (running.length === 0 && !moved) {
        quiet++;
        continue;
      }
      quiet = 0;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // Only violations are read: axe then keeps one node of each passing rule instead of every one.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
