import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Helpers shared by the auth-*.spec.ts journeys (not a spec itself). */

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

const run = Date.now().toString(36);
let counter = 0;

/** A fresh learner's details, unique per run and call. */
/** Expectations for screens that load their data in the browser, which a busy CI machine slows. */
export const patient = expect.configure({ timeout: 30_000 });

export function newLearner(name = 'Layla Learner') {
  counter += 1;
  return { name, email: `learner.${run}.${counter}@e2e.test`, password: `pw-${run}-${counter}` };
}

export async function registerByApi(request: APIRequestContext, learner: ReturnType<typeof newLearner>) {
  const res = await request.post('/api/auth/register', { data: learner });
  expect(res.status(), await res.text()).toBe(201);
}

/** Registers `learner` (by API) and signs in through the token in local storage, as the login page would. */
export async function signInAs(page: Page, learner: ReturnType<typeof newLearner>) {
  await registerByApi(page.request, learner);
  const res = await page.request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  return { ...learner, token };
}

/** A new learner, signed in (`signInAs`). */
export async function signInAsNewLearner(page: Page, name?: string) {
  return signInAs(page, newLearner(name));
}

/** Fills the login form (the learner's or the admin's) with `email` and `password` and presses Login. */
export async function submitLogin(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function storedToken(page: Page, key: 'token' | 'adminToken' = 'token') {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** The toast (react-hot-toast renders each as a polite live status). */
export function toast(page: Page, text: string) {
  return page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });
}

/** The inline message of a form. */
export function alert(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}
