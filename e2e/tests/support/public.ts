import type { APIRequestContext, Page } from '@playwright/test';

/** Content the demo seed creates on every fresh e2e database (apps/server/src/db/seed.ts). */
export const SEED = {
  flagship: { slug: 'introduction-to-off-plan', title: 'Introduction to Off Plan', price: 'AED 888.00' },
  comingSoon: { slug: 'dubai-golden-visa-through-property', title: 'Dubai Golden Visa Through Property' },
  courseCount: 6,
  blog: {
    slug: 'understanding-rental-yields-in-dubai',
    title: 'Understanding Rental Yields in Dubai',
    text: 'Gross yield versus net yield',
  },
  blogCount: 3,
  video: { title: 'Off-Plan in Dubai: What Every Buyer Should Know', youtubeId: 'aqz-KE-bpKQ' },
  admin: { email: 'admin@e2e.test', password: 'e2e-admin-password' },
} as const;

/** Every public page, with the heading it must show. */
export const PUBLIC_PAGES = [
  { path: '/', heading: /Invest in Dubai/i },
  { path: '/home', heading: /Invest in Dubai/i },
  { path: '/about', heading: 'Why Choose Me' },
  { path: '/why-dubai', heading: 'Why Invest in Dubai Real Estate?' },
  { path: '/courses', heading: 'Courses' },
  { path: `/courses/${SEED.flagship.slug}`, heading: SEED.flagship.title },
  { path: `/blogs/${SEED.blog.slug}`, heading: SEED.blog.title },
  { path: '/contact', heading: 'Contact Me' },
  { path: '/consult', heading: 'Book Your Free Consultation' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
] as const;

/** Scrolls the window to `y` at once (no smooth scrolling) and lets scroll handlers run. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
  // The navigation updates on the next animation frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Waits until a public page's parts are live (islands/main.ts marks <html>): after a navigation
 * that a click or a form started, the new page is a page load, and its controls answer once this
 * holds (docs/decisions/013-public-pages-as-islands.md).
 */
export async function pageReady(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
}

/** Page HTML as a crawler gets it: no JavaScript runs. */
export async function rawHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}
