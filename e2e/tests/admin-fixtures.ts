import fs from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type WorkerInfo,
} from '@playwright/test';
import { ADMIN } from './auth-fixtures.ts';

/** Helpers shared by the admin-*.spec.ts journeys (not a spec itself). */

export { ADMIN };

/** A fresh admin session token (admin sessions are separate from learners'). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/admin', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Runs `use` with an API client on the site under test (a spec's beforeAll or afterAll), then disposes of it. */
export async function withApi(
  { playwright }: Pick<PlaywrightWorkerArgs, 'playwright'>,
  workerInfo: WorkerInfo,
  use: (request: APIRequestContext) => Promise<void>,
): Promise<void> {
  const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  try {
    await use(request);
  } finally {
    await request.dispose();
  }
}

/**
 * Removes a course a spec made. A course with learners is archived rather than deleted: it leaves
 * the catalogue either way, as it was before the spec.
 */
export async function removeCourse(request: APIRequestContext, courseId: string, admin?: string): Promise<void> {
  const token = admin ?? (await adminToken(request));
  await request.delete(`/api/courses/course/${courseId}`, { headers: { authorization: `Bearer ${token}` } });
}

/**
 * A course made through the admin API (the demo's thumbnail, a price of AED 150) and published:
 * a new course is a draft until then (docs/product.md#drafts). Its id and slug.
 */
export async function createPublishedCourse(
  request: APIRequestContext,
  token: string,
  fields: { title: string; description: string; price?: string; comingSoon?: 'true' | 'false' },
): Promise<{ id: string; slug: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const thumbnail = fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/public/og-default.jpg'));
  const created = await request.post('/api/courses/course', {
    headers,
    multipart: {
      price: '150',
      ...fields,
      thumbnail: { name: 'thumb.jpg', mimeType: 'image/jpeg', buffer: thumbnail },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, slug } = (await created.json()) as { _id: string; slug: string };
  const published = await request.post(`/api/admin/courses/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return { id, slug };
}

/**
 * A module added to the course with lessons from links, in order, as the course editor adds them.
 * The lessons as the API answered them (id, source, stored link).
 */
export async function addModuleWithLessons(
  request: APIRequestContext,
  token: string,
  courseId: string,
  lessons: readonly { title: string; videoUrl: string }[],
): Promise<{ _id: string; source: string; videoUrl: string }[]> {
  const headers = { authorization: `Bearer ${token}` };
  const module = await request.post('/api/modules/module', {
    headers,
    data: { title: 'Getting started', course: courseId },
  });
  expect(module.status(), await module.text()).toBe(201);
  const moduleId = ((await module.json()) as { _id: string })._id;
  const added = [];
  for (const lesson of lessons) {
    const video = await request.post('/api/vimeo/create', { headers, data: { ...lesson, module: moduleId } });
    expect(video.status(), await video.text()).toBe(201);
    added.push((await video.json()) as { _id: string; source: string; videoUrl: string });
  }
  return added;
}

/** A published course of Vimeo lessons named `lessons`, one module: its id, slug and lesson ids. */
export async function createCourseWithLessons(
  request: APIRequestContext,
  token: string,
  fields: { title: string; description: string },
  lessons: readonly string[],
): Promise<{ id: string; slug: string; videoIds: string[] }> {
  const course = await createPublishedCourse(request, token, fields);
  const added = await addModuleWithLessons(
    request,
    token,
    course.id,
    lessons.map((title) => ({ title, videoUrl: 'https://vimeo.com/76979871' })),
  );
  return { ...course, videoIds: added.map((lesson) => lesson._id) };
}

/**
 * A quiz on the course with unlimited attempts: each question offers its wrong answer, its right
 * answer (the correct one), 'Neither' and 'Both'.
 */
export async function createQuiz(
  request: APIRequestContext,
  token: string,
  courseId: string,
  questions: readonly { question: string; right: string; wrong: string }[],
  settings: { showQuestionResults: boolean; passPercent: number },
) {
  const quiz = await request.post('/api/quiz/quizzes', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      courseId,
      questions: questions.map((q) => ({
        question: q.question,
        options: [q.wrong, q.right, 'Neither', 'Both'],
        correctAnswer: 1,
      })),
      settings: { attemptPolicy: 'unlimited', attemptCount: 3, waitHours: 24, ...settings },
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
}

/** Signs the page in as the admin through local storage, as the admin login screen would. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  await page.goto('/admin/login');
  await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
  return token;
}

/** A contact message sent by API (a new lead in the inbox), from a UAE phone number, about a consultation. */
export async function sendContactLead(
  request: APIRequestContext,
  lead: { first_name: string; last_name: string; user_email: string; message: string },
) {
  const sent = await request.post('/api/contact', {
    data: { ...lead, country_code: '+971', phone_number: '501234567', query_type: 'consultation' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** The revenue dashboard shows the sale of the course titled `title`: the chart drawn, the course among the top ones. */
export async function expectSaleOnRevenueChart(page: Page, title: string) {
  await expect(
    page
      .getByRole('img', { name: /^Chart of net revenue in AED/ })
      .locator('canvas')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top courses by net revenue' }).getByText(title)).toBeVisible();
}

/** A small PNG drawn in the page (a gradient and a label), for thumbnail and blog image uploads. */
export async function drawPng(page: Page, label: string, size = { width: 320, height: 180 }) {
  const base64 = await page.evaluate(
    ({ label, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#0b3d2e');
      gradient.addColorStop(1, '#f5c518');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#ffffff';
      ctx.font = 'bold 28px sans-serif';
      ctx.fillText(label, 16, height / 2);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { label, ...size },
  );
  return {
    name: `${label.toLowerCase().replace(/\W+/g, '-')}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(base64, 'base64'),
  };
}

/** The toast (react-hot-toast renders each as a polite live status). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });
}

/** Types into a rich-text editor (the Tiptap editable, labelled by its field label). */
export async function typeRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await page.keyboard.type(text);
  return editor;
}

/** The open modal dialog (or alert dialog) with that title. */
export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
}

/** A unique suffix per run, so reruns against one database never collide. */
export const RUN = Date.now().toString(36).slice(-5);
