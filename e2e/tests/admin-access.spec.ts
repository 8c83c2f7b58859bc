import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInAsNewLearner } from './auth-fixtures.ts';
import { adminToken, dialog, RUN, sendContactLead, signInAsAdmin, toast } from './admin-fixtures.ts';

/*
 * The admin area's frame: who may open it, what the server sends, accessibility (axe, dialogs,
 * keyboard, the phone menu), the sidebar's lead count, the Orders screen, and that the rich-text
 * editor never ships with public pages.
 */

/** An admin screen has finished loading when its title shows and no loading state is left. */
async function openScreen(page: Page, url: string, title: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test.describe('who may open the admin area', () => {
  // Signed-out visits go to /admin/login, remembering the screen (?next=) but for the dashboard itself.
  for (const [url, login] of [
    ['/admin/dashboard', '/admin/login'],
    ['/admin/dashboard/list', '/admin/login?next=%2Fadmin%2Fdashboard%2Flist'],
    ['/admin/dashboard/addblog', '/admin/login?next=%2Fadmin%2Fdashboard%2Faddblog'],
  ] as const) {
    test(`an anonymous visitor opening ${url} is sent to /admin/login`, async ({ page }) => {
      await page.goto(url);
      await expect(page).toHaveURL(login);
    });
  }

  test('a learner is sent to the admin login, even with their token stored as the admin token', async ({ page }) => {
    const learner = await signInAsNewLearner(page);
    await page.goto('/admin/dashboard/list');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard%2Flist');
    await page.evaluate((token) => window.localStorage.setItem('adminToken', token), learner.token);
    await page.goto('/admin/dashboard/orders');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard%2Forders');
    expect(await page.evaluate(() => window.localStorage.getItem('adminToken'))).toBeNull();
  });

  test('the server renders only a loading state, never admin data', async ({ request }) => {
    const res = await request.get('/admin/dashboard/list');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('Loading the admin panel...');
    expect(html).not.toContain('Introduction to Off Plan');
    expect(html).toContain('noindex');
  });
});

const SCREENS = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/dashboard/add', 'Add New Course'],
  ['/admin/dashboard/list', 'List Courses'],
  ['/admin/dashboard/quiz', 'Add Quiz'],
  ['/admin/dashboard/listquiz', 'Quiz List'],
  ['/admin/dashboard/addblog', 'Add Blog'],
  ['/admin/dashboard/listblog', 'List Blogs'],
  ['/admin/dashboard/heroeditor', 'Hero'],
  ['/admin/dashboard/introeditor', 'Intro'],
  ['/admin/dashboard/youtubeadd', 'Podcast Videos'],
  ['/admin/dashboard/leads', 'Leads'],
  ['/admin/dashboard/orders', 'Orders'],
  ['/admin/dashboard/coupons', 'Coupons'],
  ['/admin/dashboard/settings', 'Site settings'],
] as const;

for (const width of [1280, 375]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every admin screen has no violations', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      for (const [url, title] of SCREENS) {
        await test.step(url, async () => {
          await openScreen(page, url, title);
          await expectNoAxeViolations(page);
        });
      }
      // The modules of a seeded course, and an open edit dialog.
      await openScreen(page, '/admin/dashboard/list', 'List Courses');
      await page.getByRole('link', { name: 'List Modules of Introduction to Off Plan' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Modules' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page
        .getByRole('button', { name: /^Edit video / })
        .first()
        .click();
      await expect(dialog(page, 'Edit video')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('dialogs: focus moves in, stays in, Escape closes, focus returns', async ({ page }) => {
  await signInAsAdmin(page);
  await openScreen(page, '/admin/dashboard/list', 'List Courses');
  const opener = page.getByRole('button', { name: 'Edit Introduction to Off Plan' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const edit = dialog(page, 'Edit course');
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Price (AED)')).toHaveValue('888');
  // The rich-text editors load inside the dialog, with their toolbars.
  await expect(edit.getByRole('toolbar', { name: 'Formatting for Description' })).toBeVisible();
  // Focus starts inside and cannot leave by tabbing.
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    expect(await edit.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(opener).toBeFocused();

  // A confirmation works the same way; Cancel leaves the course alone.
  const remove = page.getByRole('button', { name: 'Delete Introduction to Off Plan' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this course?' });
  await expect(confirm).toContainText('will be deleted with its modules, videos and quiz');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
});

test('the toolbar of the editor is one tab stop with arrow keys, and its buttons say when they are on', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openScreen(page, '/admin/dashboard/addblog', 'Add Blog');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting for Content' });
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Bold words');
  await expect(editor).toHaveText('Bold words');
  await page.keyboard.press('Shift+Home');
  // The editor itself must hold the selection before focus leaves it, not only the page: it reads
  // the page's selection a moment later, and a busy machine can lag behind the keys (Bold then
  // found nothing selected, once in CI). Tiptap keeps its editor on the element it edits.
  await expect
    .poll(() =>
      editor.evaluate((element) => {
        const { state } = (element as HTMLElement & { editor: { state: ProseMirrorState } }).editor;
        return state.doc.textBetween(state.selection.from, state.selection.to);
      }),
    )
    .toBe('Bold words');
  // Back past Preview to the toolbar, which is a single tab stop (the first Preview: the Arabic twin's editor follows).
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Preview' }).first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  const heading = toolbar.getByRole('button', { name: 'Heading', exact: true });
  await expect(heading).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Redo' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(heading).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await expect(bold).toBeFocused();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await expect(editor.locator('strong')).toHaveText('Bold words');
  // Formatting applied, the writer is back in the text.
  await expect(editor).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(bold).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the sidebar becomes a full-screen menu', async ({ page }) => {
    await signInAsAdmin(page);
    await openScreen(page, '/admin/dashboard', 'Dashboard');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open admin menu' });
    await open.click();
    const menu = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBe(375);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('link', { name: 'Quiz List' }).click();
    await expect(page).toHaveURL('/admin/dashboard/listquiz');
    await expect(menu).toBeHidden();
    await open.click();
    await expect(menu.getByRole('link', { name: 'Quiz List' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

test('the sidebar counts new leads', async ({ page }) => {
  await sendContactLead(page.request, {
    first_name: 'Nadia',
    last_name: `Sidebar ${RUN}`,
    user_email: `nadia.${RUN}@visitor.test`,
    message: 'Please call me about off-plan.',
  });
  const token = await adminToken(page.request);
  const count = await page.request.get('/api/leads/count?status=new', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { count: n } = (await count.json()) as { count: number };
  expect(n).toBeGreaterThan(0);

  await signInAsAdmin(page);
  await openScreen(page, '/admin/dashboard', 'Dashboard');
  const leads = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Leads/ });
  await expect(leads).toHaveAccessibleName(`Leads, ${n === 1 ? '1 new lead' : `${n} new leads`}`);
  await leads.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Leads', exact: true })).toBeVisible();
  await expect(leads).toHaveAttribute('aria-current', 'page');
});

test('Orders lists every order, newest first, with a status filter', async ({ page }) => {
  // A learner starts paying for the seeded course: a pending order.
  const learner = await signInAsNewLearner(page, 'Omar Orders');
  const course = (await (await page.request.get('/api/courses/course/slug/introduction-to-off-plan')).json()) as {
    _id: string;
  };
  const started = await page.request.post('/api/payment/initiate', {
    data: { courseId: course._id },
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(started.status(), await started.text()).toBe(200);

  await signInAsAdmin(page);
  await openScreen(page, '/admin/dashboard/orders', 'Orders');
  const row = page.getByRole('row').filter({ hasText: learner.email });
  await expect(row).toContainText('Omar Orders');
  await expect(row).toContainText('Introduction to Off Plan');
  await expect(row).toContainText('AED 888.00');
  await expect(row).toContainText('Sandbox (test)');
  await expect(row).toContainText('Pending');
  await expect(page.getByRole('row').nth(1)).toContainText(learner.email);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('paid');
  await expect(page).toHaveURL('/admin/dashboard/orders?status=paid');
  await expect(page.getByRole('row').filter({ hasText: learner.email })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
  await expect(page.getByRole('row').filter({ hasText: learner.email })).toBeVisible();

  // A failure to load is said plainly, with a way to try again.
  await page.route('**/api/admin/orders?*', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Failed to load orders.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('row').filter({ hasText: learner.email })).toBeVisible();
});

test('failures to load and to save say so in the screen wording', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/api/admin/courses', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
  await page.goto('/admin/dashboard/list');
  await expect(page.getByRole('alert')).toContainText('Failed to load courses');
  await page.route('**/api/quiz/quizzes', (route) => route.fulfill({ status: 503, body: '' }), { times: 1 });
  await page.goto('/admin/dashboard/listquiz');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch quizzes');
  await page.route('**/api/admin/blogs', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
  await page.goto('/admin/dashboard/listblog');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch blogs');

  await openScreen(page, '/admin/dashboard/heroeditor', 'Hero');
  await page.route('**/api/hero/update', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: 'Save Hero' }).click();
  await expect(toast(page, 'Failed to update hero section')).toBeVisible();

  await openScreen(page, '/admin/dashboard/youtubeadd', 'Podcast Videos');
  await page.route('**/api/youtube/add', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Never saved');
  await page.getByLabel('YouTube URL').fill('https://www.youtube.com/shorts/dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Add Video' }).click();
  await expect(toast(page, 'Error saving podcast video.')).toBeVisible();

  // The server's own reason reaches the admin (a session that ended sends them to sign in again).
  await openScreen(page, '/admin/dashboard/introeditor', 'Intro');
  await page.evaluate(() => window.localStorage.setItem('adminToken', 'not-a-session'));
  await page.getByRole('button', { name: 'Save Intro' }).click();
  await expect(toast(page, 'Your admin session has ended. Please log in again.')).toBeVisible();
});

test('the rich-text editor (Tiptap, ProseMirror) never ships with public pages', () => {
  const assets = path.resolve(
    import.meta.dirname,
    `../../apps/web/${process.env.WEB_BUILD_DIR ?? 'build'}/client/assets`,
  );
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  expect(manifestFile).toBeTruthy();
  const source = fs.readFileSync(path.join(assets, manifestFile ?? ''), 'utf8');
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[] }>;
  };
  const editorMarkers = /prosemirror|@tiptap|ProseMirror-|tiptap/i;
  const contains = (file: string) =>
    editorMarkers.test(fs.readFileSync(path.join(assets, path.basename(file)), 'utf8'));

  const publicFiles = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const adminFiles = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    const files = [route.module, ...(route.imports ?? [])];
    // Admin screens in either language (`ar:routes/admin/…` under /ar).
    const target = /^(ar:)?routes\/admin\//.test(route.id) ? adminFiles : publicFiles;
    for (const file of files) target.add(file);
  }
  const leaking = [...publicFiles].filter(contains);
  expect(leaking).toEqual([]);
  // The editor is a chunk of its own, loaded by import() from admin screens only.
  const editorChunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js') && contains(f));
  expect(editorChunks.length).toBeGreaterThan(0);
  for (const chunk of editorChunks) expect(publicFiles.has(`/assets/${chunk}`)).toBe(false);
  // The field that loads it (on its own, or inside the English-and-Arabic pair that holds it).
  expect([...adminFiles].some((f) => /rich-text-field|bilingual-field/.test(f))).toBe(true);
});

test('Site settings are checked before saving, and saved', async ({ page }) => {
  await signInAsAdmin(page);
  await openScreen(page, '/admin/dashboard/settings', 'Site settings');
  const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
  const saved = await email.inputValue();
  await email.fill('not-an-email');
  await page.getByRole('textbox', { name: 'Facebook' }).fill('http://facebook.com/oasis');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(page.getByText('Please enter a valid email address.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Facebook' })).toHaveAttribute('aria-invalid', 'true');

  // Put the values back and save them unchanged: other journeys rely on the defaults.
  await page.reload();
  await expect(email).toHaveValue(saved);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved!')).toBeVisible();
});

/** The part of the editor's ProseMirror state the toolbar test reads (the page has no types for it). */
interface ProseMirrorState {
  doc: { textBetween(from: number, to: number): string };
  selection: { from: number; to: number };
}
