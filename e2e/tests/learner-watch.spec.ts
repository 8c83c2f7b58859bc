import { expect, type Page, test } from '@playwright/test';
import { addModuleWithLessons, adminToken, createPublishedCourse, RUN } from './admin-fixtures.ts';
import { ADMIN, signInAsNewLearner, submitLogin, toast } from './auth-fixtures.ts';
import { buyCourseByApi, COURSE, playToEnd, standInForVimeo, vimeoFrame } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/*
 * The watch page (docs/product.md#watch-page): access, the Vimeo player's end event completing lessons, progress
 * stored on the server (it survives a reload), the quiz unlocking and graded on the server.
 * The Vimeo player is a network stand-in speaking Vimeo's postMessage protocol (learner-fixtures.ts).
 */

const watchPage = `/watch/${COURSE.slug}`;

function lesson(page: Page, title: string) {
  return page.getByRole('navigation', { name: 'Course content' }).getByRole('button', { name: title });
}

async function expectCurrent(page: Page, title: string) {
  await expect(lesson(page, title)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

async function expectCompleted(page: Page, titles: readonly string[]) {
  const outline = page.getByRole('navigation', { name: 'Course content' });
  for (const title of titles) {
    await expect(outline.getByRole('button', { name: `${title} (completed)` })).toBeVisible();
  }
  await expect(outline.getByText(`${titles.length} of ${COURSE.videos.length} videos completed`)).toBeVisible();
}

async function answer(page: Page, option: string) {
  await page.getByRole('radio', { name: option, exact: true }).check();
}

test('an enrolled learner plays through the videos, keeps them after a reload, then takes the quiz', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await standInForVimeo(page);
  const { token } = await signInAsNewLearner(page, 'Wafa Watcher');
  await buyCourseByApi(page.request, token);

  await page.goto(watchPage);
  await expect(page.getByRole('heading', { level: 1, name: COURSE.title })).toBeVisible();
  await expect(page.getByText('Watch all videos to unlock the quiz.')).toBeVisible();
  await expect(page.getByText(`0 of ${COURSE.videos.length} videos completed`)).toBeVisible();
  // A fresh learner starts at the first video.
  await expectCurrent(page, COURSE.videos[0]);
  await expect(vimeoFrame(page, COURSE.videos[0]).getByText('Listening for: ended')).toBeVisible();
  await expectNoAxeViolations(page);

  // The first three end: each is ticked and the next one comes up.
  for (const [i, title] of COURSE.videos.slice(0, 3).entries()) {
    await playToEnd(page, title);
    await expectCurrent(page, COURSE.videos[i + 1] as string);
  }
  await expectCompleted(page, COURSE.videos.slice(0, 3));

  // Stored on the server: after a reload the ticks stay and the page resumes at the fourth video.
  await page.reload();
  await expectCompleted(page, COURSE.videos.slice(0, 3));
  await expectCurrent(page, COURSE.videos[3]);

  // Choosing a video from the sidebar plays it; finishing an already completed one changes nothing.
  await lesson(page, COURSE.videos[0]).click();
  await expectCurrent(page, COURSE.videos[0]);
  await playToEnd(page, COURSE.videos[0]);
  await expectCurrent(page, COURSE.videos[3]);
  await expectCompleted(page, COURSE.videos.slice(0, 3));

  for (const [i, title] of COURSE.videos.slice(3).entries()) {
    await playToEnd(page, title);
    const next = COURSE.videos[i + 4];
    if (next) await expectCurrent(page, next);
  }

  // Every video is completed: the quiz replaces the video area.
  await expect(page.getByRole('heading', { level: 2, name: 'Course quiz' })).toBeVisible();
  await expectCompleted(page, COURSE.videos);
  await expect(page.getByText('Watch all videos to unlock the quiz.')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByText(`Question 1 of ${COURSE.quiz.length}`, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(previous).toBeDisabled();
  await expect(next).toBeDisabled();

  // The first answer by keyboard: Tab into the radio group, arrow to the right option.
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: COURSE.quiz[0].right })).toBeChecked();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByText(`Question 2 of ${COURSE.quiz.length}`, { exact: true })).toBeVisible();
  await expect(previous).toBeEnabled();
  await expect(next).toBeDisabled();

  // Going back keeps the answer given.
  await previous.click();
  await expect(page.getByRole('radio', { name: COURSE.quiz[0].right })).toBeChecked();
  await next.click();

  // Questions 2-4 right, question 5 wrong.
  for (const q of COURSE.quiz.slice(1, 4)) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(escapeRegExp(q.question)) })).toBeVisible();
    await answer(page, q.right);
    await next.click();
  }
  await expect(next).toHaveCount(0);
  const submit = page.getByRole('button', { name: 'Submit Quiz' });
  await expect(submit).toBeDisabled();
  await answer(page, 'The Dubai Chamber of Commerce');
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Your score' })).toBeFocused();
  await expect(page.getByText('4 / 5', { exact: true }).first()).toBeVisible();
  const stats = page.getByRole('definition');
  await expect(stats.nth(0)).toHaveText('4 / 5');
  await expect(stats.nth(1)).toHaveText('4 / 5');
  await expect(stats.nth(2)).toHaveText('1');
  await expectNoAxeViolations(page);

  // Retake: answers and position reset; a full score is now the best and the latest.
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByText(`Question 1 of ${COURSE.quiz.length}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(previous).toBeDisabled();
  for (const [i, q] of COURSE.quiz.entries()) {
    await answer(page, q.right);
    if (i < COURSE.quiz.length - 1) await next.click();
  }
  await submit.click();
  await expect(stats.nth(0)).toHaveText('5 / 5');
  await expect(stats.nth(1)).toHaveText('5 / 5');
  await expect(stats.nth(2)).toHaveText('2');

  // The scores are the server's: after a reload the last result is shown again, until Retake.
  await page.reload();
  await expect(stats.nth(0)).toHaveText('5 / 5');
  await expect(stats.nth(1)).toHaveText('5 / 5');
  await expect(stats.nth(2)).toHaveText('2');
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByText('Your best score so far is 5 / 5 (2 attempts).')).toBeVisible();
});

test('a signed-in learner who has not bought the course is sent to the course page', async ({ page }) => {
  await signInAsNewLearner(page, 'Stella Stranger');
  await page.goto(watchPage);
  await expect(page).toHaveURL(`/courses/${COURSE.slug}`);
  await expect(toast(page, 'You need to enrol in this course to watch it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Now' })).toBeVisible();
});

test('a signed-out visitor is sent to /login and back to the watch page afterwards', async ({ page }) => {
  await page.goto(watchPage);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(watchPage)}`);
});

test('an unknown course is not found', async ({ page }) => {
  await signInAsNewLearner(page);
  await page.goto('/watch/no-such-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Course not found.' })).toBeVisible();
});

test('an admin watches any course without buying it', async ({ page }) => {
  // A course of its own: the admin's progress on it starts empty, whatever ran before (the admin
  // account is shared by every spec).
  const token = await adminToken(page.request);
  const titles = [`Marina walk-through ${RUN}`, `Skyline by night ${RUN}`];
  const course = await createPublishedCourse(page.request, token, {
    title: `Owner Preview Course ${RUN}`,
    description: '<p>A course made by the admin preview test.</p>',
  });
  try {
    await addModuleWithLessons(
      page.request,
      token,
      course.id,
      titles.map((title) => ({ title, videoUrl: 'https://vimeo.com/76979871' })),
    );
    await standInForVimeo(page);
    await page.goto('/admin/login');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');

    // The course page offers the lessons to an admin, too.
    await page.goto(`/courses/${course.slug}`);
    await page.getByRole('link', { name: 'Go to Course' }).click();
    await expect(page).toHaveURL(`/watch/${course.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `Owner Preview Course ${RUN}` })).toBeVisible();
    await expect(page.getByText('Admin preview')).toBeVisible();
    await expectCurrent(page, titles[0] as string);
    await playToEnd(page, titles[0] as string);
    await expectCurrent(page, titles[1] as string);
    const outline = page.getByRole('navigation', { name: 'Course content' });
    await expect(outline.getByRole('button', { name: `${titles[0]} (completed)` })).toBeVisible();
    await expect(outline.getByText('1 of 2 videos completed')).toBeVisible();
  } finally {
    await page.request.delete(`/api/courses/course/${course.id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
