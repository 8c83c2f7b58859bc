import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, signInAsAdmin, toast } from './admin-fixtures.ts';
import { signInAsNewLearner } from './auth-fixtures.ts';
import { buyCourseByApi, COURSE, courseId } from './learner-fixtures.ts';

/*
 * The owner's attempt policy (docs/product.md#quiz): the owner limits the demo course's quiz to one
 * attempt in the Quiz List; a learner is told so before answering, takes it once, and the retake
 * is refused (no Retake button, the server's message, and the API says no as well). The quiz goes
 * back to unlimited afterwards, as the other journeys expect.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const USED_UP = 'You have used your one attempt at this quiz.';

async function demoQuizId(request: APIRequestContext, token: string): Promise<string> {
  const id = await courseId(request);
  const res = await request.get('/api/quiz/quizzes', { headers: bearer(token) });
  const { quizzes } = (await res.json()) as { quizzes: { _id: string; courseId: string }[] };
  const quiz = quizzes.find((q) => q.courseId === id);
  if (!quiz) throw new Error('the demo course has no quiz');
  return quiz._id;
}

/** Every lesson of the demo course completed, as the player would have reported. */
async function finishLessons(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/courses/course/slug/${COURSE.slug}`, { headers: bearer(token) });
  const course = (await res.json()) as { modules: { videos: { _id: string }[] }[] };
  for (const video of course.modules.flatMap((m) => m.videos)) {
    const done = await request.post('/api/progress', { data: { videoId: video._id }, headers: bearer(token) });
    expect(done.status(), await done.text()).toBe(200);
  }
}

test.afterAll(async ({ request }) => {
  const token = await adminToken(request);
  const res = await request.put(`/api/quiz/quizzes/${await demoQuizId(request, token)}/settings`, {
    headers: bearer(token),
    data: { attemptPolicy: 'unlimited', attemptCount: 3, waitHours: 24, showQuestionResults: false },
  });
  expect(res.status()).toBe(200);
});

test('the owner limits the quiz to one attempt; the learner takes it once and the retake is refused', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await browser.newPage();
  await signInAsAdmin(owner);
  await owner.goto('/admin/dashboard/listquiz');
  const section = owner.getByRole('region', { name: COURSE.title });
  await expect(section.getByText('Unlimited attempts · score only')).toBeVisible();
  await section.getByRole('button', { name: `Attempt settings of the quiz of ${COURSE.title}` }).click();
  const form = owner.getByRole('form', { name: 'Attempt settings' });
  await form.getByLabel('Attempts', { exact: true }).selectOption({ label: 'A fixed number of attempts' });
  await form.getByLabel('Number of attempts').fill('0');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Number of attempts')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Number of attempts')).toBeFocused();
  await owner.keyboard.press('Control+a');
  await owner.keyboard.type('1');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(owner, 'Quiz settings saved!')).toBeVisible();
  await expect(section.getByText('1 attempt in all · score only')).toBeVisible();
  await owner.close();

  const page = await browser.newPage();
  const { token } = await signInAsNewLearner(page, 'Lina Limited');
  await buyCourseByApi(page.request, token);
  await finishLessons(page.request, token);
  await page.goto(`/watch/${COURSE.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Course quiz' })).toBeVisible();
  await expect(page.getByText('You have 1 attempt left.')).toBeVisible();

  for (const [i] of COURSE.quiz.entries()) {
    await page.getByRole('radio').first().check();
    if (i < COURSE.quiz.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Quiz' }).click();
  await expect(page.getByRole('heading', { name: 'Your score' })).toBeFocused();
  await expect(page.getByText(USED_UP)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retake Quiz' })).toHaveCount(0);

  // After a reload the quiz says so before any answer, and offers none to give.
  await page.reload();
  await expect(page.getByText(USED_UP)).toBeVisible();
  // The quiz's own options (the review form beside it has star radios of its own).
  await expect(page.getByRole('region', { name: 'Course quiz' }).getByRole('radio')).toHaveCount(0);

  // The server refuses it whatever the page shows.
  const retake = await page.request.post(`/api/quiz/course/${await courseId(page.request)}/attempts`, {
    headers: bearer(token),
    data: { answers: COURSE.quiz.map(() => 0) },
  });
  expect(retake.status()).toBe(403);
  expect(((await retake.json()) as { message: string }).message).toBe(USED_UP);
  await page.close();
});
