import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures.ts';
import { newLearner, registerByApi, signInAsNewLearner, toast } from './auth-fixtures.ts';
import { COURSE, courseId, initiatePayment } from './learner-fixtures.ts';
import { pageReady, PUBLIC_PAGES, SEED } from './support/public.ts';

/*
 * Small things people notice: toasts, the contact confirmation, focus rings, loading
 * skeletons with the signed-in header, the phone fields, the headline font, the payment pages, the
 * home page's videos and Scroll cue, and quiet consoles. At a phone's and a laptop's width.
 */

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

/** Holds every request to an API path until `release()` is called (a slow network). */
async function holdApi(page: Page, glob: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The focus ring a focused element draws (the outline, in px, and its offset). */
function ringOf(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      offset: Number.parseFloat(style.outlineOffset),
      color: style.outlineColor,
    };
  });
}

const GREEN = 'rgb(11, 61, 46)';
const YELLOW = 'rgb(245, 197, 24)';

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('toasts: one per message, and an error goes once the same action succeeds', async ({ page }) => {
      const learner = newLearner('Tariq Toast');
      await registerByApi(page.request, learner);
      await page.goto('/login');
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password', { exact: true });
      const login = page.getByRole('button', { name: 'Login', exact: true });
      await email.fill(learner.email);
      for (let attempt = 0; attempt < 2; attempt++) {
        await password.fill('not-the-password');
        await login.click();
        await expect(toast(page, 'Invalid email or password.').first()).toBeVisible();
      }
      // Two failures, one toast.
      await expect(toast(page, 'Invalid email or password.')).toHaveCount(1);
      await password.fill(learner.password);
      await login.click();
      await expect(toast(page, 'Logged in successfully!')).toBeVisible();
      await expect(toast(page, 'Invalid email or password.')).toHaveCount(0);
    });

    test('no toast or catalogue text carries an emoji on the pages a visitor sees', async ({ page }) => {
      await page.goto('/contact');
      await pageReady(page);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/(?![©®™])\p{Extended_Pictographic}/u);
    });

    test('the contact form: a lasting confirmation in its place, then another message', async ({ page }) => {
      // The server's side is leads-forms.spec.ts; here the answer is the API's, without using up
      // the per-address limit on leads.
      await page.route('**/api/contact', (route) =>
        route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Message sent successfully!' }),
        }),
      );
      await page.goto('/contact');
      await pageReady(page);
      const form = page.locator('form').filter({ has: page.getByLabel('First name') });
      const email = `touches.${size.width}.${Date.now().toString(36)}@visitor.test`;
      await form.getByLabel('First name').fill('Rana');
      await form.getByLabel('Last name').fill('Finishing');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone number').fill('501234567');
      await form.getByLabel('Message').fill('Checking the confirmation.');
      await form.getByRole('button', { name: 'Send Message' }).click();

      const heading = page.getByRole('heading', { name: 'Message sent successfully!' });
      await expect(heading).toBeFocused();
      await expect(form).toHaveCount(0);
      await expect(page.getByText(`a confirmation is on its way to ${email}`)).toBeVisible();
      // Still there well after the old 5 seconds.
      await page.waitForTimeout(6_000);
      await expect(heading).toBeVisible();

      await page.getByRole('button', { name: 'Send another message' }).click();
      await expect(form.getByLabel('First name')).toBeFocused();
      await expect(form.getByLabel('First name')).toHaveValue('');
    });

    test('focus rings: 2 px with an offset on fields and buttons, yellow on dark sections', async ({ page }) => {
      await page.goto('/contact');
      await pageReady(page);
      const form = page.locator('form').filter({ has: page.getByLabel('First name') });
      await form.getByLabel('First name').click();
      await expect
        .poll(() => ringOf(page))
        .toMatchObject({ tag: 'INPUT', style: 'solid', width: 2, offset: 2, color: GREEN });
      await form.getByLabel('What is your enquiry about?').focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => ringOf(page)).toMatchObject({ tag: 'SELECT', style: 'solid', width: 2 });
      await form.getByLabel('Message').focus();
      await page.keyboard.press('Tab');
      await expect
        .poll(() => ringOf(page))
        .toMatchObject({ tag: 'BUTTON', style: 'solid', width: 2, offset: 2, color: GREEN });

      // A button-like link on the dark hero.
      await page.goto('/');
      await pageReady(page);
      await page.keyboard.press('Tab');
      await page.getByRole('link', { name: 'Explore Courses' }).first().focus();
      await expect.poll(() => ringOf(page)).toMatchObject({ style: 'solid', width: 2, offset: 2, color: YELLOW });
    });

    test('the phone fields: full country names, and one message for a wrong number', async ({ page }) => {
      await page.goto('/consult');
      await pageReady(page);
      const book = page.locator('#book form');
      const country = book.getByLabel('Country code');
      await expect(country).toHaveValue('AE');
      await expect(country.locator('option:checked')).toHaveText('United Arab Emirates (+971)');
      // The list has a row of its own: the chosen name fits, not cut to a few letters.
      const fits = await country.evaluate((el: HTMLSelectElement) => {
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(el).font}`;
        probe.textContent = el.selectedOptions[0]?.textContent ?? '';
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        // The select's own padding: 14 px before the text, 32 px for the arrow.
        return el.clientWidth - 46 >= text;
      });
      expect(fits).toBe(true);

      await page.goto('/ar/consult');
      await pageReady(page);
      await expect(page.locator('#book form select').first().locator('option:checked')).toContainText('الإمارات');

      await page.goto('/contact');
      await pageReady(page);
      const form = page.locator('form').filter({ has: page.getByLabel('First name') });
      await form.getByLabel('Phone number').fill('12');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText('Enter a valid phone number (6 to 14 digits)')).toHaveCount(1);
    });

    test('the headline face is self-hosted and loaded on English pages', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('link[rel="preload"][as="font"][href*="lora"]')).toHaveCount(1);
      const family = await page
        .locator('h1')
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily);
      expect(family).toMatch(/^"?Lora"?,/);
      const loaded = await page.evaluate(async () => {
        await document.fonts.ready;
        await document.fonts.load('600 2rem Lora');
        return [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Lora' && face.status === 'loaded');
      });
      expect(loaded).toBe(true);
    });

    test('signed-in pages show their skeleton and the signed-in header while the session loads', async ({ page }) => {
      const learner = await signInAsNewLearner(page, 'Hana Hint');
      // A first visit: the header learns whose account this browser holds.
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

      const release = await holdApi(page, '**/api/auth/user');
      await page.goto('/profile');
      const skeleton = page.locator('main[data-skeleton="learner"]');
      await expect(skeleton).toBeVisible();
      await expect(skeleton).toHaveAttribute('aria-busy', 'true');
      await expect(skeleton.getByRole('status')).toHaveText(/Loading/i);
      const header = page.locator('header.site-header');
      if (size.width >= 768) {
        await expect(header.locator('[data-account="pending"]')).toContainText(learner.name);
        await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
      }
      release();
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expect(skeleton).toHaveCount(0);
      if (size.width >= 768) await expect(header.getByRole('button', { name: new RegExp(learner.name) })).toBeVisible();
    });

    test('the admin panel shows its skeleton while the session is checked', async ({ page }) => {
      await signInAsAdmin(page);
      const release = await holdApi(page, '**/api/auth/user');
      await page.goto('/admin/dashboard');
      const skeleton = page.locator('[data-skeleton="admin"]');
      await expect(skeleton).toBeVisible();
      await expect(skeleton.getByText('Admin Panel', { exact: true })).toBeVisible();
      release();
      await expect(skeleton).toHaveCount(0);
    });

    test('Retry payment goes back to that course’s checkout, in the page’s language', async ({ page }) => {
      const learner = await signInAsNewLearner(page, 'Reem Retry');
      const { paymentIntentId } = await initiatePayment(page.request, learner.token, await courseId(page.request));
      await page.goto(`/cancel/${paymentIntentId}`);
      await expect(page.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute(
        'href',
        `/checkout/${COURSE.slug}`,
      );
      await page.goto(`/ar/cancel/${paymentIntentId}`);
      await expect(page.getByRole('link', { name: 'أعد محاولة الدفع' })).toHaveAttribute(
        'href',
        `/ar/checkout/${COURSE.slug}`,
      );
    });

    test('the sandbox payment page says "test payment" and nothing meant for developers', async ({ page }) => {
      const learner = await signInAsNewLearner(page, 'Sami Sandbox');
      const { paymentUrl } = await initiatePayment(page.request, learner.token, await courseId(page.request));
      await page.goto(paymentUrl);
      await expect(page.getByText('Test mode: no real payment is taken.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/PAYMENT_PROVIDER|ziina|stripe|stands in for/i);
    });

    test('a podcast card without a still frame shows the designed fallback', async ({ page }) => {
      await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto('/');
      await pageReady(page);
      const section = page.locator('section[aria-labelledby="videos-heading"]');
      await section.scrollIntoViewIfNeeded();
      const card = section.locator('figure.video-card').filter({ hasText: SEED.video.title });
      await expect(card).toHaveAttribute('data-thumbnail', 'fallback');
      await expect(card.locator('img')).toHaveCount(0);
      await expect(card.getByRole('link', { name: `Play video: ${SEED.video.title}` })).toBeVisible();
      await card.getByRole('link', { name: `Play video: ${SEED.video.title}` }).click();
      const frame = card.locator('iframe');
      await expect(frame).toHaveAttribute('allow', /fullscreen/);
      expect(await frame.evaluate((el) => el.hasAttribute('allowfullscreen'))).toBe(false);
    });

    test('the Scroll cue lands on the next section, and Tab continues there', async ({ page }) => {
      await page.goto('/');
      await pageReady(page);
      const cue = page.getByRole('link', { name: 'Scroll' });
      await expect(cue).toHaveAttribute('href', '#intro');
      await cue.click();
      await expect
        .poll(() => page.locator('#intro').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThanOrEqual(1);
      await expect
        .poll(() => page.locator('#intro').evaluate((el) => el.getBoundingClientRect().top))
        .toBeGreaterThan(-2);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('intro')?.contains(document.activeElement))).toBe(true);
    });

    test('no console warnings or errors on the public pages', async ({ page }) => {
      // No internet here: answer outside hosts at once, so only our own pages speak.
      await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }));
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'warning' && message.type() !== 'error') return;
        const from = message.location().url;
        // A stand-in answer for an outside image fails to decode: not our page's doing.
        if (/Failed to load resource/.test(message.text()) && from && !from.startsWith(new URL(page.url()).origin))
          return;
        problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
      for (const { path } of PUBLIC_PAGES) {
        await page.goto(path);
        await pageReady(page);
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        await page.waitForTimeout(300);
      }
      expect(problems).toEqual([]);
    });
  });
}
