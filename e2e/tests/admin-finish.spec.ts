import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, adminToken, RUN, sendContactLead, signInAsAdmin, toast, typeRichText } from './admin-fixtures.ts';
import { newLearner, registerByApi, submitLogin } from './auth-fixtures.ts';
import { buyCourseByApi } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFits } from '../support/layout.ts';

/*
 * The admin fits the owner: the sidebar at every laptop size and the phone menu, the
 * dashboard's figures, blog drafts (preview, publish), hidden podcast videos, and the way back to
 * the screen a signed-out owner asked for.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every screen the sidebar lists (another screen may be added: these must all be there). */
const SIDEBAR_LINKS = [
  'Dashboard',
  'Add Course',
  'List Courses',
  'Add Quiz',
  'Quiz List',
  'Add Blog',
  'List Blogs',
  'Hero',
  'Intro',
  'Podcast Videos',
  'Testimonials',
  /^Leads/,
  'Reviews',
  'Orders',
  'Coupons',
  'Where visitors come from',
  'Certificates',
  'Calendar',
  'Site settings',
];

async function openDashboard(page: Page) {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/**
 * A link is reachable when it can be scrolled into view and nothing covers its middle (a link
 * partly shown at the sidebar's edge counts as in view for `scrollIntoViewIfNeeded`).
 */
async function expectReachable(link: Locator) {
  await link.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  // Whole but for a fraction of a pixel: a scrolled list's edge may fall between device pixels.
  await expect(link).toBeInViewport({ ratio: 0.95 });
  const onTop = await link.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && el.contains(top);
  });
  expect(onTop, `${await link.innerText()} is covered`).toBe(true);
}

for (const viewport of [
  { width: 768, height: 800 },
  { width: 768, height: 600 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the sidebar at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('shows every screen, each reachable and working', async ({ page }) => {
      await signInAsAdmin(page);
      await openDashboard(page);
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await expect(nav).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open admin menu' })).toBeHidden();
      for (const name of SIDEBAR_LINKS) {
        await expectReachable(nav.getByRole('link', { name, exact: typeof name === 'string' }));
      }
      // The footer row stays in view too, and nothing runs off the side of the page.
      await expect(page.getByRole('link', { name: 'View the site' })).toBeInViewport();
      await expectFits(page, viewport.width);
      // The last screens, once hidden at this size, open.
      await nav.getByRole('link', { name: 'Site settings' }).click();
      await expect(page).toHaveURL('/admin/dashboard/settings');
      await nav.getByRole('link', { name: 'Orders', exact: true }).click();
      await expect(page).toHaveURL('/admin/dashboard/orders');
      await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the sidebar is a menu button that opens every screen and navigates', async ({ page }) => {
    await signInAsAdmin(page);
    await openDashboard(page);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(menu).toBeVisible();
    for (const name of SIDEBAR_LINKS) {
      await expect(menu.getByRole('link', { name, exact: typeof name === 'string' })).toBeAttached();
    }
    const orders = menu.getByRole('link', { name: 'Orders', exact: true });
    await orders.scrollIntoViewIfNeeded();
    await orders.click();
    await expect(page).toHaveURL('/admin/dashboard/orders');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
    await expectFits(page, 375);
  });

  test('the dashboard figures fit a phone', async ({ page }) => {
    await signInAsAdmin(page);
    await openDashboard(page);
    await expect(page.getByRole('link', { name: /Revenue this month/ })).toBeVisible();
    await expectFits(page, 375);
  });
});

/** A figure's value: the second line of its card ('Revenue this month' / 'AED 888.00' / '1 paid order'). */
async function figure(page: Page, label: string): Promise<number> {
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: label }).first();
  await expect(card).toBeVisible();
  const value =
    (await card.innerText())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)[1] ?? '';
  const number = Number(value.replace(/[^\d.]/g, ''));
  expect(Number.isFinite(number), `${label}: ${value}`).toBe(true);
  return number;
}

async function readFigures(page: Page) {
  await openDashboard(page);
  return {
    revenue: await figure(page, 'Revenue this month'),
    learners: await figure(page, 'New learners this month'),
    leads: await figure(page, 'Leads awaiting an answer'),
  };
}

test('the dashboard shows figures that follow a new learner, a paid order and a new lead, each linking to its list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const before = await readFigures(page);

  // A new learner who buys the seeded course (AED 888), and a new contact message.
  const learner = newLearner('Dana Dashboard');
  await registerByApi(page.request, learner);
  const login = await page.request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
  });
  const { token } = (await login.json()) as { token: string };
  await buyCourseByApi(page.request, token);
  await sendContactLead(page.request, {
    first_name: 'Farah',
    last_name: `Dashboard ${RUN}`,
    user_email: `farah.${RUN}@visitor.test`,
    message: 'Please tell me about the courses.',
  });

  // Other journeys may add their own meanwhile: at least these.
  const after = await readFigures(page);
  expect(after.revenue).toBeGreaterThanOrEqual(before.revenue + 888);
  expect(after.learners).toBeGreaterThanOrEqual(before.learners + 1);
  expect(after.leads).toBeGreaterThanOrEqual(before.leads + 1);
  const best = page.getByRole('region', { name: 'Best-selling courses this month' });
  await expect(best.getByRole('link', { name: 'Introduction to Off Plan' })).toBeVisible();
  await expectNoAxeViolations(page, 'main');

  await page.getByRole('link', { name: /Revenue this month/ }).click();
  await expect(page).toHaveURL('/admin/dashboard/orders?status=paid');
  await page.goBack();
  await page.getByRole('link', { name: /Leads awaiting an answer/ }).click();
  await expect(page).toHaveURL('/admin/dashboard/leads?status=new');
});

test('a new blog post is a draft: previewed by the admin, public only once published', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Draft then publish ${RUN}`;
  const token = await signInAsAdmin(page);
  await page.goto('/admin/dashboard/addblog');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Author').fill('Oasis Research Desk');
  await typeRichText(page, 'Content', 'A post that waits for its day.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved.')).toBeVisible();
  await expect(page).toHaveURL('/admin/dashboard/listblog');

  const item = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Draft');
  // A draft has no page on the site yet.
  await expect(item.getByRole('link', { name: `View ${title}`, exact: true })).toHaveCount(0);
  const previewHref = (await item.getByRole('link', { name: `Preview ${title}` }).getAttribute('href')) ?? '';
  const slug = decodeURIComponent(previewHref.split('/').pop() ?? '');
  expect(slug).not.toBe('');
  expect((await page.request.get(`/blogs/${slug}`)).status()).toBe(404);
  expect((await page.request.get(`/api/blogs/blogs/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/blogs/${slug}`);

  try {
    // The preview: the post as visitors will read it, for the admin only.
    await item.getByRole('link', { name: `Preview ${title}` }).click();
    await expect(page).toHaveURL(`/admin/dashboard/blogpreview/${slug}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('A post that waits for its day.')).toBeVisible();
    await expect(page.getByText('This post is a draft: visitors cannot see it yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'main');
    // Signed out (a browser of its own), the preview is the admin login.
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(`/admin/dashboard/blogpreview/${slug}`);
    await expect(visitor).toHaveURL(/\/admin\/login\?next=/);
    await expect(visitor.getByText('A post that waits for its day.')).toHaveCount(0);
    await visitor.close();

    await page.getByRole('link', { name: 'Back to List Blogs' }).click();
    await item.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(toast(page, 'Published: the post is on the site.')).toBeVisible();
    await expect(item).toContainText('Published');
    await expect(item.getByRole('link', { name: `View ${title}`, exact: true })).toBeVisible();

    await page.goto(`/blogs/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/why-dubai');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

    // Back to draft: off the site again.
    await page.goto('/admin/dashboard/listblog');
    await item.getByRole('button', { name: `Unpublish ${title}` }).click();
    await expect(toast(page, 'Back to draft')).toBeVisible();
    await expect.poll(async () => (await page.request.get(`/blogs/${slug}`)).status()).toBe(404);
  } finally {
    await page.request.delete(`/api/blogs/blogs/${encodeURIComponent(slug)}`, { headers: bearer(token) });
  }
});

test('a hidden podcast video stays in the admin and leaves the home page', async ({ page }) => {
  const title = `Hidden episode ${RUN}`;
  const token = await adminToken(page.request);
  const added = await page.request.post('/api/youtube/add', {
    data: { title, embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ' },
    headers: bearer(token),
  });
  expect(added.status(), await added.text()).toBe(201);
  const { _id: id } = (await added.json()) as { _id: string };
  const home = async () => (await page.request.get('/')).text();
  try {
    await expect.poll(home).toContain(title);

    await page.goto('/admin/login');
    await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
    await page.goto('/admin/dashboard/youtubeadd');
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: `Hide ${title}` }).click();
    await expect(toast(page, 'Hidden: the video is off the site.')).toBeVisible();
    await expect(row).toContainText('Hidden');
    await expect(row.getByRole('button', { name: `Show ${title}` })).toBeVisible();

    await expect.poll(home).not.toContain(title);
    const listed = (await (await page.request.get('/api/youtube/get')).json()) as { title: string }[];
    expect(listed.map((video) => video.title)).not.toContain(title);
    await page.goto('/');
    await expect(page.getByText(title)).toHaveCount(0);

    // Shown again: back on the home page.
    await page.goto('/admin/dashboard/youtubeadd');
    await row.getByRole('button', { name: `Show ${title}` }).click();
    await expect(toast(page, 'Shown: the video is on the site again.')).toBeVisible();
    await expect.poll(home).toContain(title);
  } finally {
    await page.request.delete(`/api/youtube/delete/${id}`, { headers: bearer(token) });
  }
});

test.describe('signed out', () => {
  test('a visit to an admin screen goes to the login and, once signed in, back to that screen', async ({ page }) => {
    await page.goto('/admin/dashboard/orders?status=paid');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard%2Forders%3Fstatus%3Dpaid');
    await expect(page.getByText('Sign in to continue to the admin screen you asked for.')).toBeVisible();
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/dashboard/orders?status=paid');
    await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
  });

  test('in Arabic too', async ({ page }) => {
    await page.goto('/ar/admin/dashboard/orders');
    await expect(page).toHaveURL('/ar/admin/login?next=%2Far%2Fadmin%2Fdashboard%2Forders');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('the way back is this site’s admin screens only (no open redirect)', async ({ page }) => {
    for (const next of ['https://evil.example/admin/dashboard', '//evil.example/admin/dashboard', '/courses']) {
      await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
      await expect(page.getByText('Sign in to continue to the admin screen you asked for.')).toHaveCount(0);
    }
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    // Signed in already: a login link with a foreign `next` still leads to the dashboard.
    await page.goto(`/admin/login?next=${encodeURIComponent('https://evil.example/')}`);
    await expect(page).toHaveURL('/admin/dashboard');
  });
});
