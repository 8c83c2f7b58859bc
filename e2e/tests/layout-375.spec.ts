import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures.ts';
import { patient, registerByApi, signInAs } from './auth-fixtures.ts';
import { buyCourseByApi, COURSE, courseId, standInForVimeo } from './learner-fixtures.ts';
import { PUBLIC_PAGES, SEED } from './support/public.ts';

/*
 * Every screen at a 375 px phone's width: the page never scrolls sideways, and no element sticks
 * out past the viewport (unless a scrolling or clipping box holds it). Public pages in both
 * languages, the learner's pages signed in as a learner who owns a course, and every admin screen
 * with long data in it (a lead with a long name, e-mail and message; an order with a long e-mail).
 */

test.use({ viewport: { width: 375, height: 812 } });

const run = Date.now().toString(36);
/** A long but valid address: real ones like this break layouts that assume short ones. */
const longEmail = (who: string) => `${who}.alexandria.montgomery-fitzgerald.${run}@long-company-name-example.test`;

/** What overflows the viewport on the current page: the document's width, then each offender. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > width) found.push(`document is ${doc.scrollWidth} px wide`);
    /** Whether a box between the element and the page scrolls or clips it (then it cannot widen the page). */
    const held = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.position === 'fixed' || style.visibility === 'hidden' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Past the end of the line (the right in English, the left in Arabic) the page would scroll;
      // past its start (an off-screen honeypot) it cannot, and nothing shows there.
      const rtl = getComputedStyle(doc).direction === 'rtl';
      if (rtl ? box.left >= -1 : box.right <= width + 1) continue;
      if (held(element)) continue;
      // Visually hidden text (sr-only) is one pixel, clipped.
      if (style.clip !== 'auto' && style.clip !== '' && style.position === 'absolute') continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(
        element.getAttribute('class') ?? '',
      )
        .split(/\s+/)
        .slice(0, 4)
        .join('.')}`;
      found.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      if (found.length > 8) break;
    }
    return found;
  });
}

/** Opens each page and collects what overflows, so one run names every page at fault. */
async function visitAll(page: Page, pages: readonly string[], ready: (page: Page) => Promise<void>) {
  const faults: Record<string, string[]> = {};
  for (const path of pages) {
    // Not 'load': a lesson's player frame may never finish loading here (no internet).
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await ready(page);
    const found = await overflow(page);
    if (found.length) faults[path] = found;
  }
  expect(faults).toEqual({});
}

async function publicReady(page: Page) {
  await patient(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready', null, { timeout: 30_000 });
}

/** A signed-in screen has drawn its data: a heading, no skeleton and no loading status left. */
async function screenReady(page: Page) {
  await patient(page.getByRole('heading').first()).toBeVisible();
  await patient(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
  await patient(page.getByRole('status').filter({ hasText: /^(Loading|جارٍ)/ })).toHaveCount(0);
}

const publicPaths = [...PUBLIC_PAGES.map((p) => p.path), '/no-such-page'];

test('every public page fits 375 px, in English and in Arabic', async ({ page }) => {
  test.setTimeout(300_000);
  const paths = [...publicPaths, ...publicPaths.map((path) => (path === '/' ? '/ar' : `/ar${path}`))];
  const faults: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await publicReady(page);
    const found = await overflow(page);
    if (found.length) faults[path] = found;
  }
  expect(faults).toEqual({});
});

test('the sign-in pages fit 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await visitAll(
    page,
    ['/login', '/forgot-password', '/reset-password/not-a-token', '/admin/login', '/ar/login'],
    screenReady,
  );
});

test('the learner pages fit 375 px for a learner who owns a course', async ({ page }) => {
  test.setTimeout(240_000);
  const learner = { name: 'Maximiliana Montgomery-Fitzgerald', email: longEmail('learner'), password: `pw-${run}-1` };
  await standInForVimeo(page);
  const { token } = await signInAs(page, learner);
  // Checkout before the course is bought, then the rest once it is.
  await visitAll(page, [`/checkout/${COURSE.slug}`, `/ar/checkout/${COURSE.slug}`], screenReady);
  await buyCourseByApi(page.request, token, COURSE.slug);
  await visitAll(
    page,
    [
      '/enrolledCourse',
      '/profile',
      `/watch/${COURSE.slug}`,
      '/ar/enrolledCourse',
      '/ar/profile',
      `/ar/watch/${COURSE.slug}`,
    ],
    screenReady,
  );
});

test('every admin screen fits 375 px, with long leads and orders in it', async ({ page }) => {
  test.setTimeout(420_000);
  const lead = await page.request.post('/api/contact', {
    data: {
      first_name: 'Maximiliana',
      last_name: `Montgomery-Fitzgerald-Worthington ${run}`,
      user_email: longEmail('lead'),
      country_code: '+971',
      phone_number: '501234567',
      message: `A long message without spaces: https://example.test/${'very-long-path-segment-'.repeat(8)}${run}`,
      query_type: 'consultation',
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  // An order with a long e-mail.
  const buyer = { name: 'Bartholomew Long-Address', email: longEmail('buyer'), password: `pw-${run}-2` };
  await registerByApi(page.request, buyer);
  const login = await page.request.post('/api/auth/login', { data: { email: buyer.email, password: buyer.password } });
  await buyCourseByApi(page.request, ((await login.json()) as { token: string }).token, COURSE.slug);

  await signInAsAdmin(page);
  const id = await courseId(page.request);
  const screens = [
    '',
    '/add',
    '/list',
    `/addmodules/${id}`,
    `/listModules/${id}`,
    `/preview/${id}`,
    '/quiz',
    '/listquiz',
    '/addblog',
    '/listblog',
    `/blogpreview/${SEED.blog.slug}`,
    '/heroeditor',
    '/introeditor',
    '/mentor',
    '/youtubeadd',
    `/leads?q=${run}`,
    '/leads',
    `/orders?q=${run}`,
    '/orders',
    '/coupons',
    '/settings',
  ].map((screen) => `/admin/dashboard${screen}`);
  await visitAll(
    page,
    [...screens, '/ar/admin/dashboard/leads', '/ar/admin/dashboard/orders', '/ar/admin/dashboard/coupons'],
    screenReady,
  );

  // A lead opened in full.
  await page.goto(`/admin/dashboard/leads?q=${run}`);
  await screenReady(page);
  await page.getByRole('region', { name: 'Leads' }).getByRole('listitem').first().getByRole('link').click();
  await patient(page.getByText(longEmail('lead')).last()).toBeVisible();
  expect(await overflow(page)).toEqual([]);
});
