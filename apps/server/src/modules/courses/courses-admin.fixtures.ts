import { afterAll, expect } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { jpeg, multipart, setUpSignIn } from '../../../test/uploads.ts';
import { media } from '../../db/schema.ts';

export const XSS_DESCRIPTION =
  '<p>Safe <strong>text</strong></p><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>';
export const XSS_OUTCOME = '<ul><li onclick="steal()">Outcome</li></ul><iframe src="https://evil.example"></iframe>';

/** Every string anywhere in a JSON value. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

export function expectNoScript(value: unknown) {
  for (const text of strings(value)) {
    expect(text).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
  }
}

/** The app for the admin course tests of one file, built in its beforeAll, with a signed-in admin. */
export function setUpCourseAdminTests() {
  const t = beforeAllValue(() => createTestApp());
  afterAll(() => t.close());
  const admin = setUpSignIn(t);
  const images = beforeAllValue(async () => ({ thumbnail: await jpeg() }));

  async function postCourse(fields: Parameters<typeof multipart>[0]) {
    const form = await multipart(fields, admin.headers);
    return t.app.inject({ method: 'POST', url: '/api/courses/course', ...form });
  }

  const validCourse = () => ({
    title: '  Off Plan Basics  ',
    price: '888.5',
    description: '<p>Learn off-plan buying.</p>',
    thumbnail: { data: images.thumbnail, filename: 'thumb.jpg', type: 'image/jpeg' },
  });

  /** A course made through the admin starts as a draft: the owner publishes it to put it on the public pages. */
  async function publish(courseId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/courses/${courseId}/publish`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
  }

  async function mediaCount() {
    return (await t.deps.db.select({ id: media.id }).from(media)).length;
  }

  return { t, admin, images, postCourse, validCourse, publish, mediaCount };
}
