import { expect, test } from '@playwright/test';
import { signInAtAdminLogin } from '../support/admin-journey.ts';
import { adminToken, dialog, drawPng, RUN, toast, typeRichText } from './admin-fixtures.ts';

/*
 * The admin journey for courses (docs/product.md#admin-area): sign in → create a course with a
 * thumbnail → add modules with Vimeo videos → rearrange, edit and delete lessons (one replaced by an
 * uploaded file) → write its quiz → edit and delete questions → edit and delete courses → see the
 * course on the public site. The site's other content: admin-journey-content.spec.ts.
 */

const COURSE = `Dubai Off-Plan Masterclass ${RUN}`;
const COURSE_RENAMED = `Dubai Off-Plan Masterclass (2026) ${RUN}`;

/** The smallest file the server's content check takes for an MP4 (an `ftyp` box, then padding). */
function tinyMp4(bytes = 256 * 1024): Buffer {
  const file = Buffer.alloc(bytes);
  file.writeUInt32BE(24, 0);
  file.write('ftypisom', 4, 'latin1');
  file.writeUInt32BE(512, 12);
  file.write('isomiso2', 16, 'latin1');
  return file;
}

test('an admin builds a course, its lessons and quiz, and the public site shows it', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAtAdminLogin(page);

  let courseId = '';
  await test.step('Add New Course: required fields, confirmation, then the move to Add Modules', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Add Course' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Course' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(toast(page, 'Please fill in all required fields before submitting.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' })).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Title').fill(COURSE);
    await page.getByLabel('Price (AED)').fill('1250.50');
    await typeRichText(page, 'Description', 'A complete course on ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('off-plan investing');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' in Dubai.');
    // A new course lists its learning points (the older free-text editor is only for old courses).
    await page.getByLabel('Learning point 1', { exact: true }).fill('Reading a payment plan');

    // Images only: a text file is refused with a message, a PNG shows a preview.
    await page
      .getByLabel('Thumbnail')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(page.getByText('Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).')).toBeVisible();
    await page.getByLabel('Thumbnail').setInputFiles(await drawPng(page, 'Masterclass'));
    await expect(page.getByRole('img', { name: /Preview of masterclass\.png/ })).toBeVisible();

    // A failed creation says so and keeps the form as it was.
    await page.route('**/api/courses/course', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
    await page.getByRole('button', { name: 'Create Course' }).click();
    const confirm = dialog(page, 'Create this course?');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Create Course' }).click();
    await expect(toast(page, 'Course creation failed.')).toBeVisible();
    await expect(page).toHaveURL('/admin/dashboard/add');
    await expect(page.getByLabel('Title')).toHaveValue(COURSE);

    // While the course is created: 'Creating...' and the loading toast.
    await page.route('**/api/courses/course', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Course' }).click();
    await confirm.getByRole('button', { name: 'Create Course' }).click();
    await expect(confirm.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await expect(toast(page, 'Creating course...')).toBeVisible();
    await expect(toast(page, 'Course created.')).toBeVisible();
    await page.unroute('**/api/courses/course');
    await expect(page).toHaveURL(/\/admin\/dashboard\/addmodules\/[^/]+$/);
    courseId = page.url().split('/').pop() ?? '';
    await expect(page.getByText(COURSE)).toBeVisible();
  });

  await test.step('Add Modules: Vimeo links are checked, then modules and videos are saved together', async () => {
    const first = page.getByRole('group', { name: 'Module 1' });
    await first.getByLabel('Module 1 title').fill('Foundations');
    await first.getByLabel('Video 1 title').fill('Welcome');
    await first.getByLabel('Video 1 Vimeo URL').fill('https://example.com/123');
    await page.getByRole('button', { name: 'Save Modules' }).click();
    await expect(toast(page, 'Please fill all required module and video fields with valid Vimeo URLs.')).toBeVisible();
    await expect(first.getByLabel('Video 1 Vimeo URL')).toHaveAttribute('aria-invalid', 'true');

    await first.getByLabel('Video 1 Vimeo URL').fill('https://vimeo.com/76979871');
    await first.getByRole('button', { name: 'Add video to module 1' }).click();
    await expect(first.getByLabel('Video 2 title')).toBeFocused();
    await first.getByLabel('Video 2 title').fill('Payment plans');
    await first.getByLabel('Video 2 Vimeo URL').fill('vimeo.com/22439234');
    await first.getByRole('button', { name: 'Add video to module 1' }).click();
    await first.getByLabel('Video 3 title').fill('A lesson to delete');
    await first.getByLabel('Video 3 Vimeo URL').fill('https://player.vimeo.com/video/1084537');

    await page.getByRole('button', { name: '+ Add module' }).click();
    const second = page.getByRole('group', { name: 'Module 2' });
    await second.getByLabel('Module 2 title').fill('Closing the deal');
    await second.getByLabel('Video 1 title').fill('Handover');
    await second.getByLabel('Video 1 Vimeo URL').fill('https://vimeo.com/76979872');
    await page.getByRole('button', { name: 'Save Modules' }).click();
    await expect(toast(page, 'Modules saved!')).toBeVisible();
    await expect(page).toHaveURL(`/admin/dashboard/listModules/${courseId}`);
  });

  await test.step('List modules: reorder, rename, edit a video, upload a file with progress, delete', async () => {
    const headings = page.getByRole('heading', { level: 3 });
    await expect(headings).toHaveText(['Module 1: Foundations', 'Module 2: Closing the deal']);
    const down = page.getByRole('button', { name: 'Move module Foundations down' });
    await down.click();
    await expect(toast(page, 'Order saved!')).toBeVisible();
    await expect(headings).toHaveText(['Module 1: Closing the deal', 'Module 2: Foundations']);
    // Focus follows the moved module (its 'down' button is now disabled, so 'up' has it).
    await expect(page.getByRole('button', { name: 'Move module Foundations up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(headings).toHaveText(['Module 1: Foundations', 'Module 2: Closing the deal']);

    await page.getByRole('button', { name: 'Rename module Foundations' }).click();
    const rename = dialog(page, 'Rename module');
    await rename.getByLabel('Module title').fill('');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByText('Title is required')).toBeVisible();
    await rename.getByLabel('Module title').fill('Foundations of off-plan');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Module saved!')).toBeVisible();
    await expect(headings.first()).toHaveText('Module 1: Foundations of off-plan');
    // Focus went back to the button that opened the modal.
    await expect(page.getByRole('button', { name: 'Rename module Foundations of off-plan' })).toBeFocused();

    await page.getByRole('button', { name: 'Edit video Payment plans' }).click();
    const edit = dialog(page, 'Edit video');
    await edit.getByLabel('Video title').fill('Payment plans, step by step');
    await edit.getByLabel('Vimeo URL').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Either upload a video file or provide a Vimeo URL')).toBeVisible();
    await edit.getByLabel('Vimeo URL').fill('https://vimeo.com/22439235');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Video saved!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit video Payment plans, step by step' })).toBeVisible();

    // Replace a lesson by an uploaded MP4; the upload shows its progress.
    await page.route('**/api/vimeo/update/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Edit video Handover' }).click();
    const upload = dialog(page, 'Edit video');
    await upload.getByLabel('Upload a video file').setInputFiles({
      name: 'handover.mp4',
      mimeType: 'video/mp4',
      buffer: tinyMp4(),
    });
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/vimeo/update/'));
    await upload.getByRole('button', { name: 'Save changes' }).click();
    await expect(upload.getByRole('progressbar')).toBeVisible();
    await expect(upload.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect((await uploaded).status()).toBe(200);
    await expect(upload).toBeHidden();
    await page.unroute('**/api/vimeo/update/**');
    await expect(page.getByRole('listitem').filter({ hasText: 'Handover' }).getByText('Uploaded file')).toBeVisible();

    await page.getByRole('button', { name: 'Delete video A lesson to delete' }).click();
    const confirm = dialog(page, 'Delete this video?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Video deleted!')).toBeVisible();
    await expect(page.getByText('A lesson to delete')).toHaveCount(0);
  });

  await test.step('Add Quiz: a course is required, four options, the correct one chosen, confirmed', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Add Quiz' }).click();
    await expect(page.getByRole('heading', { name: 'Add Quiz' })).toBeVisible();
    await expect(page.getByLabel('Question 1, option A')).toHaveValue('');
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(toast(page, 'Please select a course.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Course' })).toBeFocused();

    // The course is still a draft (published further on): the list offers it, marked.
    await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: `${COURSE} (Draft)` });
    await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill('What does off-plan mean?');
    for (const [i, text] of ['Already built', 'Bought before completion', 'A rental', 'A mortgage'].entries())
      await page.getByLabel(`Question 1, option ${'ABCD'[i]}`).fill(text);
    await page.getByLabel('Question 1: option B is correct').check();
    await page.getByRole('button', { name: '+ Add question' }).click();
    await page.getByRole('textbox', { name: 'Question 2', exact: true }).fill('Which body regulates Dubai property?');
    for (const [i, text] of ['RERA', 'FIFA', 'NASA', 'OPEC'].entries())
      await page.getByLabel(`Question 2, option ${'ABCD'[i]}`).fill(text);
    // No answer is preselected as correct: the owner chooses one for every question.
    await page.getByLabel('Question 2: option A is correct').check();
    await page.getByRole('button', { name: '+ Add question' }).click();
    await page.getByRole('button', { name: 'Remove question 3' }).click();

    await page.getByRole('button', { name: 'Save Quiz' }).click();
    const confirm = dialog(page, 'Save this quiz?');
    await expect(confirm).toContainText('2 questions');
    await confirm.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(toast(page, 'Quiz saved!')).toBeVisible();
  });

  await test.step('Quiz List: edit a question, delete another', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Quiz List' }).click();
    const quiz = page.getByRole('region', { name: COURSE });
    await expect(quiz.getByText('What does off-plan mean?')).toBeVisible();
    await expect(quiz).toContainText('Bought before completion ✓ Correct');

    await quiz.getByRole('button', { name: 'Edit question 2' }).click();
    const edit = dialog(page, 'Edit question 2');
    await edit
      .getByRole('textbox', { name: 'Question', exact: true })
      .fill('Which agency regulates Dubai real estate?');
    await edit.getByLabel('Question, option B').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Please fill in all four options.')).toBeVisible();
    await edit.getByLabel('Question, option B').fill('DLD and RERA');
    await edit.getByLabel('Question: option B is correct').check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Question updated!')).toBeVisible();
    await expect(quiz).toContainText('DLD and RERA ✓ Correct');

    await quiz.getByRole('button', { name: 'Delete question 1' }).click();
    await dialog(page, 'Delete this question?').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Question deleted!')).toBeVisible();
    await expect(quiz.getByText('What does off-plan mean?')).toHaveCount(0);
    await expect(quiz.getByText('1 question', { exact: true })).toBeVisible();
  });

  await test.step('List Courses: edit (AED, title required) and delete (confirmed, Deleting...)', async () => {
    // A second course to delete, created through the API.
    const token = await adminToken(page.request);
    const doomed = `Course to delete ${RUN}`;
    const created = await page.request.post('/api/courses/course', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        title: doomed,
        price: '0',
        description: '<p>Short-lived.</p>',
        thumbnail: await drawPng(page, 'Doomed'),
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'List Courses' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE }) });
    await expect(card).toContainText('AED 1250.50');
    await expect(card).toContainText('2 modules · 3 videos · quiz');
    await card.getByRole('button', { name: `Edit ${COURSE}` }).click();
    const edit = dialog(page, 'Edit course');
    await expect(edit.getByLabel('Price (AED)')).toHaveValue('1250.5');
    await expect(edit).not.toContainText('₹');
    await expect(edit.getByRole('textbox', { name: 'Description' })).toContainText('off-plan investing');
    await edit.getByLabel('Title').fill('   ');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Title cannot be empty')).toBeVisible();
    await edit.getByLabel('Title').fill(COURSE_RENAMED);
    await edit.getByLabel('Thumbnail').setInputFiles(await drawPng(page, 'Renamed'));
    await expect(edit.getByRole('img', { name: /Preview of renamed\.png/ })).toBeVisible();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Course updated!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: COURSE_RENAMED })).toBeVisible();

    // A course made in the admin is a draft until the owner publishes it (the public site shows it below).
    const renamed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE_RENAMED }) });
    await expect(renamed).toContainText('Draft');
    await renamed.getByRole('button', { name: `Publish ${COURSE_RENAMED}`, exact: true }).click();
    await expect(toast(page, 'Course published: it is now on the public pages.')).toBeVisible();
    await expect(renamed).toContainText('Published');

    // A failed delete says so and keeps the course.
    await page.route('**/api/courses/course/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
    );
    const doomedCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: doomed }) });
    await doomedCard.getByRole('button', { name: `Delete ${doomed}` }).click();
    const confirm = dialog(page, 'Delete this course?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Delete failed')).toBeVisible();
    await page.unroute('**/api/courses/course/*');

    // While deleting, both buttons are disabled and the label says so.
    await page.route('**/api/courses/course/*', async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(toast(page, 'Course deleted!')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: doomed })).toHaveCount(0);
    await page.unroute('**/api/courses/course/*');
  });

  await test.step('the public site shows every change', async () => {
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: COURSE_RENAMED })).toBeVisible();
  });
});
