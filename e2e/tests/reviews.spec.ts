import { type APIRequestContext, expect, test } from '@playwright/test';
import { messagesFor } from '@oasis/shared/i18n';
import {
  adminToken,
  createCourseWithLessons,
  RUN,
  removeCourse,
  signInAsAdmin,
  toast,
  withApi,
} from './admin-fixtures.ts';
import { newLearner, registerByApi, signInAsNewLearner } from './auth-fixtures.ts';
import { buyCourseByApi, standInForVimeo } from './learner-fixtures.ts';
import { expectFits } from '../support/layout.ts';

/*
 * Reviews and testimonials in the browser (docs/product.md#reviews): a learner past a third of the
 * lessons rates the course on the watch page, the owner approves it in the Reviews queue, and the
 * course page shows the rating (from three approved reviews) and the review, in English and in
 * Arabic at 375 px. Then the owner adds a home page testimonial, which shows on `/` and `/ar` at
 * once: the page cache follows the routes' declared effects, nothing else.
 *
 * The course is made through the admin API with three lessons; two other learners' reviews are
 * seeded through the API and approved by the owner, so the learner's makes the third.
 */

const en = messagesFor('en');
const ar = messagesFor('ar');
const LESSONS = ['Reading a floor plan', 'Snagging before handover', 'Service charges explained'] as const;
const SEEDED = [
  { name: `Omar Seeded ${RUN}`, rating: 5, text: `Clear and practical ${RUN}.` },
  { name: `Huda Seeded ${RUN}`, rating: 4, text: `Useful examples ${RUN}.` },
] as const;
const REVIEW = { rating: 3, text: `The snagging lesson saved me a headache ${RUN}.` };
const TESTIMONIAL = {
  name: `Karim Testimonial ${RUN}`,
  quote: `Oasis made buying off plan calm ${RUN}.`,
  quoteAr: `جعلت أواسيس الشراء على الخارطة هادئًا ${RUN}.`,
};

const course = { id: '', slug: '', title: `Reviewed Course ${RUN}`, videoIds: [] as string[] };
let admin = '';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new learner (by API) enrolled by buying, with the first lesson completed: a third of three. */
async function enrolledPastAThird(request: APIRequestContext, token: string) {
  await buyCourseByApi(request, token, course.slug);
  const done = await request.post('/api/progress', { data: { videoId: course.videoIds[0] }, headers: bearer(token) });
  expect(done.status(), await done.text()).toBe(200);
}

test.beforeAll(async ({ playwright }, workerInfo) => {
  await withApi({ playwright }, workerInfo, async (request) => {
    admin = await adminToken(request);
    Object.assign(
      course,
      await createCourseWithLessons(
        request,
        admin,
        { title: course.title, description: '<p>A course made by the reviews tests.</p>' },
        LESSONS,
      ),
    );
    for (const seeded of SEEDED) {
      const learner = newLearner(seeded.name);
      await registerByApi(request, learner);
      const login = await request.post('/api/auth/login', {
        data: { email: learner.email, password: learner.password },
      });
      const { token } = (await login.json()) as { token: string };
      await enrolledPastAThird(request, token);
      const saved = await request.put(`/api/reviews/courses/${course.id}/mine`, {
        headers: bearer(token),
        data: { rating: seeded.rating, text: seeded.text },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    const queue = await request.get(`/api/admin/reviews?course=${course.id}`, { headers: bearer(admin) });
    expect(queue.status(), await queue.text()).toBe(200);
    const waiting = (await queue.json()) as { _id: string }[];
    expect(waiting).toHaveLength(SEEDED.length);
    for (const review of waiting) {
      const approved = await request.put(`/api/admin/reviews/${review._id}/status`, {
        headers: bearer(admin),
        data: { status: 'approved' },
      });
      expect(approved.status(), await approved.text()).toBe(200);
    }
  });
});

test.afterAll(async ({ playwright }, workerInfo) => {
  await withApi({ playwright }, workerInfo, async (request) => {
    const token = await adminToken(request);
    const list = await request.get('/api/admin/testimonials', { headers: bearer(token) });
    for (const item of (await list.json()) as { _id: string; name: string }[]) {
      if (item.name === TESTIMONIAL.name) {
        await request.delete(`/api/admin/testimonials/${item._id}`, { headers: bearer(token) });
      }
    }
    if (course.id) await removeCourse(request, course.id, token);
  });
});

test('a learner reviews, the owner approves, the course page rates; a testimonial reaches the home page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await standInForVimeo(page);
  const learner = await signInAsNewLearner(page, 'Rana Reviewer');
  await enrolledPastAThird(page.request, learner.token);

  // The learner rates the course on the watch page: stars and text, then it waits for approval.
  await page.goto(`/watch/${course.slug}`);
  const form = page.getByRole('region', { name: en.reviews.formHeading });
  await form.getByRole('radio', { name: '3 stars', exact: true }).check();
  await form.getByRole('textbox', { name: en.reviews.textLabel }).fill(REVIEW.text);
  await form.getByRole('button', { name: en.reviews.submit }).click();
  await expect(form.getByRole('status')).toHaveText(en.reviews.statusWaiting);

  // Not public yet: the course page shows the two approved reviews only, below the rating block's three.
  const visitor = await browser.newPage();
  await visitor.goto(`/courses/${course.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(visitor.getByTestId('course-reviews')).toHaveCount(0);

  // The owner approves it in the Reviews queue, filtered to the course's waiting reviews.
  const owner = await browser.newPage();
  await signInAsAdmin(owner);
  await owner.goto(`/admin/dashboard/reviews?course=${course.id}&status=waiting`);
  const row = owner.getByTestId('review-queue').getByRole('listitem').filter({ hasText: REVIEW.text });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: new RegExp(`^${en.adminReviews.approve} Rana`) }).click();
  await expect(toast(owner, en.adminReviews.saved)).toBeVisible();

  // The same address again: the rating (average of 5, 4 and 3) and the learner's review.
  await visitor.reload();
  const reviews = visitor.getByRole('region', { name: en.reviews.heading });
  await expect(reviews.getByTestId('course-rating')).toHaveText('4.0 out of 5, 3 reviews');
  const mine = reviews.getByRole('listitem').filter({ hasText: REVIEW.text });
  await expect(mine).toContainText('Rana R.');
  await expect(mine).toContainText('3 out of 5 stars');
  await expect(reviews.getByRole('listitem')).toHaveCount(3);
  await visitor.close();

  // In Arabic at 375 px: the rating in Arabic, nothing wider than the screen.
  const narrow = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const arabic = await narrow.newPage();
  await arabic.goto(`/ar/courses/${course.slug}`);
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  const arReviews = arabic.getByRole('region', { name: ar.reviews.heading });
  await expect(arReviews.getByTestId('course-rating')).toHaveText('4.0 من 5، 3 مراجعات');
  await expect(arReviews.getByRole('listitem').filter({ hasText: REVIEW.text })).toBeVisible();
  await expectFits(arabic, 375);

  // The owner adds a home page testimonial in both languages; the home pages show it at once.
  const home = await browser.newPage();
  await home.goto('/');
  await expect(home.getByText(TESTIMONIAL.quote)).toHaveCount(0);
  await arabic.goto('/ar');
  await expect(arabic.getByText(TESTIMONIAL.quoteAr)).toHaveCount(0);
  await owner.goto('/admin/dashboard/testimonials');
  const add = owner.locator('form').first();
  await add.getByRole('textbox', { name: en.adminReviews.name, exact: true }).fill(TESTIMONIAL.name);
  await add.getByRole('textbox', { name: en.adminReviews.quote, exact: true }).fill(TESTIMONIAL.quote);
  await add.getByRole('textbox', { name: en.adminReviews.quoteAr, exact: true }).fill(TESTIMONIAL.quoteAr);
  await add.getByRole('button', { name: en.adminReviews.addTestimonial }).click();
  await expect(toast(owner, en.adminReviews.saved)).toBeVisible();
  await expect(owner.getByRole('listitem').filter({ hasText: TESTIMONIAL.name })).toBeVisible();
  await owner.close();

  await home.reload();
  const said = home.getByRole('region', { name: en.reviews.testimonialsHeading });
  await expect(said.getByText(TESTIMONIAL.quote)).toBeVisible();
  await home.close();
  await arabic.reload();
  const arSaid = arabic.getByRole('region', { name: ar.reviews.testimonialsHeading });
  await expect(arSaid.getByText(TESTIMONIAL.quoteAr)).toBeVisible();
  await expectFits(arabic, 375);
  await narrow.close();
});
