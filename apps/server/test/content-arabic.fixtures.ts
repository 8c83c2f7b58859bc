import { afterAll, expect } from 'vitest';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { createPublicSiteData } from '../src/site-data.ts';
import { beforeAllValue, createTestApp, getJson } from './helpers.ts';
import { multipart, setUpSignIn } from './uploads.ts';

/**
 * What the Arabic content tests check (docs/i18n.md#content): every Arabic twin an admin saves
 * reaches the admin answers, the public API and the pages' read model; left out on an update it
 * keeps its value, '' clears it; rich Arabic is sanitised like the English; limits are the English
 * twin's.
 */
export const XSS_AR =
  '<p dir="rtl">نص <strong>آمن</strong></p><script>alert("x")</script><img src="x" onerror="alert(1)">';
export const SAFE_AR = '<p dir="rtl">نص <strong>آمن</strong></p>';
const TOO_LONG_TITLE = 'ع'.repeat(ADMIN_LIMITS.titleMax + 1);

/** A write of an Arabic title one letter over the limit is refused on that field. */
export async function expectTitleArTooLong(
  write: (titleAr: string) => Promise<{ statusCode: number; json(): unknown }>,
) {
  const res = await write(TOO_LONG_TITLE);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });
}

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

  /** The admin's read of the admin API: the answer's body. */
  const getAdmin = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json();

  const site = () => createPublicSiteData(t.deps);

  return { t, admin, sendForm, sendJson, getPublic, getAdmin, site };
}
