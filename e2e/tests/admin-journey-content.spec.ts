import { expect, test } from '@playwright/test';
import { signInAtAdminLogin } from '../support/admin-journey.ts';
import { dialog, drawPng, RUN, toast, typeRichText } from './admin-fixtures.ts';

/*
 * The admin journey for the site's content (docs/product.md#admin-area): sign in → write a blog with
 * rich text and images → edit the hero and the intro → add a podcast video → see each on the public
 * site. Courses, lessons and quizzes: admin-journey.spec.ts.
 */

const BLOG = `Why Dubai Marina keeps rising ${RUN}`;
const HERO = `Invest in Dubai with confidence ${RUN}`;
const INTRO = `Your guide to Dubai property ${RUN}`;
const PODCAST = `Off-plan payment plans explained ${RUN}`;

test('an admin writes a blog, the home page and podcast videos, and the public site shows them', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAtAdminLogin(page);

  let blogHref = '';
  await test.step('Add Blog: title and author required, rich text with a heading, a link and an image', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Add Blog' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Please fill in the title and author.')).toBeVisible();

    await page.getByLabel('Title').fill(BLOG);
    await page.getByLabel('Author').fill('Oasis Research Desk');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting for Content' });
    await typeRichText(page, 'Content', 'Marina outlook');
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
    await expect(toolbar.getByRole('button', { name: 'Heading', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Prices in the Marina rose again this year. ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Demand is strong.');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' Read the ');
    await toolbar.getByRole('button', { name: 'Insert link' }).click();
    const link = dialog(page, 'Add a link');
    await link.getByLabel('Web or e-mail address').fill('dubailand.gov.ae');
    await link.getByRole('button', { name: 'Add link' }).click();
    await expect(link).toBeHidden();
    await page.keyboard.press('End');
    await page.keyboard.type(' report.');

    await toolbar.getByRole('button', { name: 'Insert image' }).click();
    const image = dialog(page, 'Add an image');
    await image.getByLabel('Image file').setInputFiles(await drawPng(page, 'Marina chart'));
    await image.getByLabel('Alternative text').fill('Marina prices chart');
    await image.getByRole('button', { name: 'Insert image' }).click();
    await expect(image).toBeHidden();
    const editor = page.getByRole('textbox', { name: 'Content' });
    await expect(editor.locator('img[alt="Marina prices chart"]')).toHaveAttribute('src', /^\/media\/images\//);

    // The sanitised preview shows the same content (the first Preview: the Arabic twin's editor has one too).
    await page.getByRole('button', { name: 'Preview' }).first().click();
    const preview = page.getByRole('region', { name: 'Preview of Content' });
    await expect(preview.getByRole('heading', { name: 'Marina outlook' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('Demand is strong.');
    await page.getByRole('button', { name: 'Preview' }).first().click();

    await page.getByLabel('Image', { exact: true }).setInputFiles(await drawPng(page, 'Marina'));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Draft saved. Preview it, then publish it when it is ready.')).toBeVisible();
    await expect(page).toHaveURL('/admin/dashboard/listblog');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: BLOG }) });
    // The excerpt is the text without markup, cut to 120 characters.
    await expect(item).toContainText('Marina outlook Prices in the Marina rose again this year. Demand is strong.');
    // A new post is a draft (no page on the site yet) until it is published.
    await expect(item).toContainText('Draft');
    await item.getByRole('button', { name: `Publish ${BLOG}` }).click();
    await expect(toast(page, 'Published: the post is on the site.')).toBeVisible();
    await expect(item).toContainText('Published');
    blogHref = (await item.getByRole('link', { name: `View ${BLOG}`, exact: true }).getAttribute('href')) ?? '';
    expect(blogHref).toMatch(/^\/blogs\//);

    await item.getByRole('button', { name: `Edit ${BLOG}` }).click();
    const edit = dialog(page, 'Edit blog');
    await edit.getByLabel('Author').fill('Oasis Research');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Blog updated!')).toBeVisible();
    await expect(item).toContainText('Oasis Research ·');

    // Delete the oldest seeded post, after a confirmation.
    const oldest = page.getByRole('main').getByRole('listitem').last();
    const oldestTitle = await oldest.getByRole('heading').innerText();
    await oldest.getByRole('button', { name: `Delete ${oldestTitle}` }).click();
    const confirm = dialog(page, 'Delete this blog post?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: oldestTitle })).toBeVisible();
    await oldest.getByRole('button', { name: `Delete ${oldestTitle}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Blog deleted!')).toBeVisible();
    await expect(page.getByRole('heading', { name: oldestTitle })).toHaveCount(0);
  });

  await test.step('Hero and Intro editors', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Hero' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(HERO);
    await page
      .getByLabel('Subtitle')
      .fill('Off-plan expertise, from a mortgage professional with 26 years of experience.');
    await page
      .getByLabel('Background image')
      .setInputFiles(await drawPng(page, 'Skyline', { width: 640, height: 360 }));
    await page.getByRole('button', { name: 'Save Hero' }).click();
    await expect(toast(page, 'Hero section updated!')).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Intro' }).click();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Intro' }).click();
    await expect(toast(page, 'All fields must be filled')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Heading', exact: true })).toBeFocused();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill(INTRO);
    await page.getByRole('button', { name: 'Save Intro' }).click();
    await expect(toast(page, 'Introduction updated!')).toBeVisible();
  });

  await test.step('Podcast videos: both fields, a YouTube link, then listed', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Podcast Videos' }).click();
    await page.getByRole('button', { name: 'Add Video' }).click();
    await expect(toast(page, 'Please fill in all fields.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(PODCAST);
    await page.getByLabel('YouTube URL').fill('https://www.youtube.com/watch?v=short');
    await page.getByRole('button', { name: 'Add Video' }).click();
    await expect(toast(page, 'Invalid YouTube URL.')).toBeVisible();
    await page.getByLabel('YouTube URL').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add Video' }).click();
    await expect(toast(page, 'Podcast video saved!')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: PODCAST });
    await expect(row).toContainText('https://www.youtube.com/embed/dQw4w9WgXcQ');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');

    // Edit it, move it to the top, and delete a placeholder.
    await row.getByRole('button', { name: `Edit ${PODCAST}` }).click();
    const edit = dialog(page, 'Edit video');
    await edit.getByLabel('YouTube URL').fill('https://www.youtube.com/shorts/dQw4w9WgXcQ');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Podcast video saved!').first()).toBeVisible();
    await expect(row).toContainText('https://www.youtube.com/embed/dQw4w9WgXcQ');
    const items = page.getByRole('main').getByRole('listitem');
    const count = await items.count();
    for (let i = count - 1; i > 0; i -= 1) {
      await page.getByRole('button', { name: `Move ${PODCAST} up` }).click();
      await expect(items.nth(i - 1)).toContainText(PODCAST);
    }
    await expect(page.getByRole('button', { name: `Move ${PODCAST} down` })).toBeFocused();
    const placeholder = items.filter({ hasText: 'Coming soon' }).first();
    const placeholderTitle = (await placeholder.locator('p').first().innerText()).replace('Coming soon', '').trim();
    await placeholder.getByRole('button', { name: /^Delete / }).click();
    await dialog(page, 'Delete this video?').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Podcast video deleted!')).toBeVisible();
    await expect(items.filter({ hasText: placeholderTitle })).toHaveCount(0);
  });

  await test.step('the public site shows every change', async () => {
    await page.goto(blogHref);
    await expect(page.getByRole('heading', { level: 1, name: BLOG })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Marina outlook' })).toBeVisible();
    await expect(page.locator('main strong', { hasText: 'Demand is strong.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'dubailand.gov.ae' })).toHaveAttribute(
      'href',
      'https://dubailand.gov.ae/',
    );
    await expect(page.getByRole('img', { name: 'Marina prices chart' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole('heading', { name: INTRO })).toBeVisible();
    // Without a thumbnail the card's designed fallback shows the title too, above its caption.
    await expect(page.getByRole('figure', { name: PODCAST }).locator('figcaption')).toHaveText(PODCAST);
    await expect(page.getByRole('link', { name: `Play video: ${PODCAST}` })).toBeVisible();
  });
});
