import { expect, type Page, test } from '@playwright/test';
import { drawPng, signInAsAdmin, toast } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageReady } from './support/public.ts';

/*
 * The mentor is a person: the owner fills in the mentor profile (Admin → Mentor
 * profile), the About page presents the mentor in both languages with `Person` structured data,
 * and the focal point the owner picks (by pointer or keyboard) decides how the public images crop.
 */

const stamp = Date.now().toString(36);
const PROFILE = {
  name: `Sarah Whitfield ${stamp}`,
  nameAr: `سارة ويتفيلد ${stamp}`,
  jobTitle: 'Founder and property mentor',
  jobTitleAr: 'مؤسِّسة ومرشدة عقارية',
  credential: `RERA broker no. ${stamp}`,
  credentialAr: `وسيطة لدى ريرا برقم ${stamp}`,
  linkedin: `https://www.linkedin.com/in/sarah-${stamp}`,
  story: `My story begins in London ${stamp}.`,
  storyAr: `تبدأ قصتي في لندن ${stamp}.`,
};

/** Replaces what a rich-text editor holds (the Tiptap editable, named by its field label). */
async function replaceRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
  await expect(editor).toContainText(text);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The page's JSON-LD blocks of `type`. */
async function jsonLd(page: Page, type: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).filter((block) => block['@type'] === type);
}

test.describe.configure({ mode: 'serial' });

test('the owner fills in the mentor profile, with a portrait and its focal point', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard/mentor');
  await expect(page.getByRole('heading', { level: 2, name: 'Mentor profile', exact: true })).toBeVisible();
  // The sidebar leads here too.
  await expect(page.getByRole('link', { name: 'Mentor profile' }).first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(PROFILE.name);
  const nameAr = page.getByRole('textbox', { name: 'Spelt in Arabic', exact: true });
  await expect(nameAr).toHaveAttribute('dir', 'rtl');
  await nameAr.fill(PROFILE.nameAr);
  await page.getByRole('textbox', { name: 'Job title', exact: true }).fill(PROFILE.jobTitle);
  await page.getByRole('textbox', { name: 'Position in Arabic', exact: true }).fill(PROFILE.jobTitleAr);
  await page.getByRole('textbox', { name: 'Credentials', exact: true }).fill(`${PROFILE.credential}\nCeMAP (UK)`);
  await page.getByRole('textbox', { name: 'Qualifications in Arabic', exact: true }).fill(PROFILE.credentialAr);
  await page.getByRole('textbox', { name: 'LinkedIn', exact: true }).fill(PROFILE.linkedin);
  await replaceRichText(page, 'About page story', PROFILE.story);
  await replaceRichText(page, 'Your story in Arabic', PROFILE.storyAr);

  // A refused link is said under its field, and nothing is saved.
  const website = page.getByRole('textbox', { name: 'Website', exact: true });
  await website.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await website.fill('');

  await page
    .getByLabel('Portrait', { exact: true })
    .setInputFiles(await drawPng(page, 'Portrait', { width: 600, height: 800 }));
  const picker = page.getByRole('button', { name: /^Focal point of the image/ });
  await expect(picker).toBeVisible();
  const across = page.getByRole('spinbutton', { name: 'Across (%)' });
  const down = page.getByRole('spinbutton', { name: 'Down (%)' });

  // A click on the photo puts the point there…
  const box = await picker.boundingBox();
  if (!box) throw new Error('the focal point picker has no box');
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect.poll(async () => Number(await across.inputValue())).toBeCloseTo(25, -1);
  await expect.poll(async () => Number(await down.inputValue())).toBeCloseTo(75, -1);

  // …and the keyboard moves it: Home centres, Shift+arrow moves 10 %, an arrow 1 %.
  await picker.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(across).toHaveValue('60');
  await expect(down).toHaveValue('51');
  await expect(picker).toHaveAccessibleName('Focal point of the image: 60% across, 51% down');

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Mentor profile saved!')).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const width of [375, 1280]) {
  test(`the About page presents the mentor at ${width} px, with Person data`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/about');
    await pageReady(page);

    const mentor = page.getByRole('region', { name: PROFILE.name });
    await expect(mentor.getByRole('heading', { level: 2, name: PROFILE.name })).toBeVisible();
    await expect(mentor).toContainText(PROFILE.jobTitle);
    await expect(mentor.getByRole('list', { name: 'Credentials' })).toContainText(PROFILE.credential);
    const linkedin = mentor.getByRole('link', { name: `${PROFILE.name} on LinkedIn` });
    await expect(linkedin).toHaveAttribute('href', PROFILE.linkedin);
    const portrait = mentor.getByRole('img', { name: `Portrait of ${PROFILE.name}` });
    await expect(portrait).toBeVisible();
    await expect(portrait).toHaveCSS('object-position', '60% 51%');
    await expect(page.getByText(PROFILE.story)).toBeVisible();

    const [person] = await jsonLd(page, 'Person');
    expect(person).toMatchObject({
      name: PROFILE.name,
      jobTitle: PROFILE.jobTitle,
      sameAs: expect.arrayContaining([PROFILE.linkedin]),
      hasCredential: expect.arrayContaining([expect.objectContaining({ name: PROFILE.credential })]),
      worksFor: expect.objectContaining({ '@type': 'Organization' }),
    });
    expect(String(person?.image)).toMatch(/^https?:\/\/.+\/media\//);

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
}

test('the Arabic About page shows the Arabic texts', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/ar/about');
  await pageReady(page);
  const mentor = page.getByRole('region', { name: PROFILE.nameAr });
  await expect(mentor.getByRole('heading', { level: 2, name: PROFILE.nameAr })).toBeVisible();
  await expect(mentor).toContainText(PROFILE.jobTitleAr);
  await expect(mentor).toContainText(PROFILE.credentialAr);
  await expect(page.getByText(PROFILE.storyAr)).toBeVisible();
  await expect(page.getByText(PROFILE.story)).toHaveCount(0);
  const [person] = await jsonLd(page, 'Person');
  expect(person).toMatchObject({ name: PROFILE.nameAr });
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('the hero’s focal point, set with the keyboard, positions the home page image', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const setHeroFocus = async (keys: string[]) => {
    await page.goto('/admin/dashboard/heroeditor');
    await expect(page.getByRole('heading', { level: 2, name: 'Hero', exact: true })).toBeVisible();
    const picker = page.getByRole('button', { name: /^Focal point of the image/ });
    await picker.focus();
    for (const key of ['Home', ...keys]) await page.keyboard.press(key);
    await page.getByRole('button', { name: 'Save Hero' }).click();
    await expect(toast(page, 'Hero section updated!')).toBeVisible();
  };

  await setHeroFocus(['Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+ArrowUp']);
  await page.goto('/');
  const heroImage = page.locator('section[aria-labelledby="hero-heading"] img').first();
  await expect(heroImage).toHaveCSS('object-position', '30% 40%');

  // Back to the centre, as the other journeys expect it.
  await setHeroFocus([]);
  await page.goto('/');
  await expect(heroImage).toHaveCSS('object-position', '50% 50%');
});
