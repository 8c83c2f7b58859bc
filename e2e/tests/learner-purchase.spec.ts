import { expect, test } from '@playwright/test';
import { newLearner, registerByApi, signInAsNewLearner, submitLogin, toast } from './auth-fixtures.ts';
import { COURSE, courseId, initiatePayment, payInSandbox } from './learner-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageReady } from './support/public.ts';

/*
 * Buying a course (docs/product.md#buying-a-course): the course page's button, checkout, the sandbox provider's hosted
 * page, the payment result pages and the enrolled list, through the real UI, API and database.
 */

const coursePage = `/courses/${COURSE.slug}`;
const checkoutPage = `/checkout/${COURSE.slug}`;

test('sign in → Buy Now → checkout → sandbox Pay → success → enrolled list → Go to Course', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewLearner(page, 'Bilal Buyer');
  await page.goto(coursePage);
  await page.getByRole('link', { name: 'Buy Now' }).click();

  await expect(page).toHaveURL(checkoutPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText(COURSE.title)).toBeVisible();
  await expect(summary.getByText(COURSE.price).first()).toBeVisible();
  await expect(page.locator('main img')).toBeVisible();
  // The site runs on the sandbox: checkout says so before anyone presses Pay.
  await expect(page.getByRole('note').getByText('Test mode: no real payment is taken.')).toBeVisible();
  await expectNoAxeViolations(page);

  // 'Processing...' while the payment is being created (the answer is held back a moment).
  await page.route('**/api/payment/initiate', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

  // The sandbox provider's hosted page, plainly in test mode.
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/sbx_[a-f0-9]{24}\?key=[\w-]+$/);
  await expect(page.getByText('Test mode: no real payment is taken.')).toBeVisible();
  const paymentIntentId = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByRole('button', { name: `Pay ${COURSE.price}` }).click();

  await expect(page).toHaveURL(`/success/${paymentIntentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(paymentIntentId)).toBeVisible();
  await expect(page.getByText(/^OA-[A-Z0-9]{8}$/)).toBeVisible();
  await expect(page.getByText(COURSE.price)).toBeVisible();
  await expect(page.getByText(/Taking you to your enrolled courses in [1-5] seconds?/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my courses now' })).toHaveAttribute('href', '/enrolledCourse');

  // After 5 seconds, the enrolled list, with the new course.
  await expect(page).toHaveURL('/enrolledCourse', { timeout: 9_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your Enrolled Courses' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: COURSE.title });
  await expect(card).toHaveCount(1);
  // The description as plain text, cut to 100 characters plus '…'.
  const summaryText = (await card.locator('p').first().textContent()) ?? '';
  expect(summaryText.endsWith('…')).toBe(true);
  expect(summaryText.length).toBeLessThanOrEqual(101);
  expect(summaryText).not.toContain('<');
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: COURSE.title, exact: true }).click();
  await expect(page).toHaveURL(coursePage);
  await page.getByRole('link', { name: 'Go to Course' }).click();
  await expect(page).toHaveURL(`/watch/${COURSE.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: COURSE.title })).toBeVisible();

  // Back at checkout, an enrolled learner is offered the course, not a second payment.
  await page.goto(checkoutPage);
  await expect(page.getByText('You are already enrolled in this course.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Course' })).toHaveAttribute('href', `/watch/${COURSE.slug}`);

  // The success page can be opened again (no second enrolment); it lets the learner stay.
  await page.goto(`/success/${paymentIntentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByText('You are staying on this page.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.waitForTimeout(5_500);
  await expect(page).toHaveURL(`/success/${paymentIntentId}`);
});

test('the cancel path: sandbox Cancel → Payment Canceled, nothing bought', async ({ page }) => {
  await signInAsNewLearner(page, 'Carla Canceler');
  await page.goto(checkoutPage);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/sbx_/);
  const paymentIntentId = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(`/cancel/${paymentIntentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible();
  await expect(page.getByText(paymentIntentId)).toBeVisible();
  // Back to that course's checkout, not to the catalogue.
  await expect(page.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', `/checkout/${COURSE.slug}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);

  await page.goto('/enrolledCourse');
  await expect(page.getByRole('heading', { name: 'You have not enrolled in any courses yet.' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse courses' })).toHaveAttribute(
    'href',
    '/courses',
  );
  await expectNoAxeViolations(page);
  await page.goto(coursePage);
  await expect(page.getByRole('link', { name: 'Buy Now' })).toBeVisible();
});

test('a signed-out buyer is sent to /login and comes back to the course after signing in', async ({ page }) => {
  const learner = newLearner('Sami Signin');
  await registerByApi(page.request, learner);
  await page.goto(coursePage);
  // The Buy button's island tells a signed-out buyer why they are sent away (before it is live, the
  // link goes to the checkout, which sends them to sign in without a word).
  await pageReady(page);
  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(toast(page, 'Please log in to purchase this course.')).toBeVisible();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(coursePage)}`);

  await submitLogin(page, learner);
  await expect(page).toHaveURL(coursePage);
  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(checkoutPage);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});

test('the success page waits for the provider, then shows the payment once it is confirmed', async ({ page }) => {
  const { token } = await signInAsNewLearner(page, 'Walid Waiting');
  const { paymentIntentId, paymentUrl } = await initiatePayment(page.request, token, await courseId(page.request));

  // Opening the success page of an unpaid payment enrols nobody: it waits.
  await page.goto(`/success/${paymentIntentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
  await expect(page.getByText('We are waiting for the payment provider to confirm your payment…')).toBeVisible();
  await expect(page.getByText(paymentIntentId)).toBeVisible();
  await expectNoAxeViolations(page);
  const enrolled = await page.request.get('/api/courses/enrolled', { headers: { authorization: `Bearer ${token}` } });
  expect(((await enrolled.json()) as { courses: unknown[] }).courses).toEqual([]);

  // The buyer pays in another tab: the page sees it on its next check.
  const paid = await payInSandbox(page.request, paymentUrl);
  expect(paid.status()).toBe(303);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  // The auth state was refreshed: the course page offers the course straight away.
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await page.getByRole('link', { name: 'Start the course' }).click();
  await expect(page).toHaveURL(`/watch/${COURSE.slug}`);
});

test('an unknown payment id is not found', async ({ page }) => {
  await signInAsNewLearner(page);
  await page.goto('/success/sbx_000000000000000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not found.' })).toBeVisible();
});

test.describe('checkout states', () => {
  test('an unknown course: Course not found.', async ({ page }) => {
    await signInAsNewLearner(page);
    await page.goto('/checkout/no-such-course');
    await expect(page.getByRole('heading', { name: 'Course not found.' })).toBeVisible();
  });

  test('a coming-soon course cannot be bought', async ({ page }) => {
    await signInAsNewLearner(page);
    await page.goto('/checkout/dubai-golden-visa-through-property');
    await expect(page.getByText('This course is coming soon and cannot be bought yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test("a failure to load the course: 'Failed to fetch course details', then home", async ({ page }) => {
    await signInAsNewLearner(page);
    await page.route('**/api/courses/course/slug/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto(checkoutPage);
    await expect(toast(page, 'Failed to fetch course details')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('the server refusing a payment shows its message', async ({ page }) => {
    await signInAsNewLearner(page);
    await page.goto(checkoutPage);
    await page.route('**/api/payment/initiate', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"upstream"}' }),
    );
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment initiation failed.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await page.route('**/api/payment/initiate', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"paymentIntentId":"x"}' }),
    );
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment URL not found.' })).toBeVisible();
  });
});

test.describe('the enrolled list has one address', () => {
  for (const path of ['/enrolledcourse', '/ENROLLEDCOURSE', '/enrolledCOurse']) {
    test(`${path} redirects to /enrolledCourse`, async ({ page }) => {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers().location).toBe('/enrolledCourse');
      await signInAsNewLearner(page);
      await page.goto(path);
      await expect(page).toHaveURL('/enrolledCourse');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Enrolled Courses' })).toBeVisible();
    });
  }

  test('other paths are still not found', async ({ request }) => {
    for (const path of ['/enrolledCourses', '/enrolled']) {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
    }
  });
});
