import { afterAll } from 'vitest';
import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import { createPublicSiteData } from '../src/site-data.ts';
import { beforeAllValue, createTestApp, getJson } from './helpers.ts';
import { multipart, setUpSignIn } from './uploads.ts';

export const XSS_AR =
  '<p dir="rtl">نص <strong>آمن</strong></p><script>alert("x")</script><img src="x" onerror="alert(1)">';
export const SAFE_AR = '<p dir="rtl">نص <strong>آمن</strong></p>';
export const TOO_LONG_TITLE = 'ع'.repeat(ADMIN_LIMITS.titleMax + 1);

let counter = 0;
/** A title no other test uses. */
export const unique = (text: string) => `${text} ${++counter}`;

/**
 * The app for the Arabic content tests of one file, built in its beforeAll, with a signed-in admin
 * and the calls the tests make on it.
 */
export function setUpArabicContentTests() {
  const t = beforeAllValue(() => createTestApp());
  afterAll(() => t.close());
  const admin = setUpSignIn(t);

  async function sendForm(method: 'POST' | 'PUT', url: string, fields: Parameters<typeof multipart>[0]) {
    const form = await multipart(fields, admin.headers);
    return t.app.inject({ method, url, ...form });
  }

  const sendJson = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin.headers, payload });

  /** An anonymous read of the public API. */
  const getPublic = (url: string) => getJson(t, url);

  const site = () => createPublicSiteData(t.deps);

  return { t, admin, sendForm, sendJson, getPublic, site };
}
