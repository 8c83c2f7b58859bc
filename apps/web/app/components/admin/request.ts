import { redirect } from 'react-router';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { DEFAULT_LOCALE, localeFromPath, localePath } from '@oasis/shared/i18n/locales';
import { ApiRequestError, errorMessage } from '~/lib/api';
import { getCourseChoices } from '~/lib/api/courses';
import type { FieldErrorRef } from '~/lib/field-error-text';
import type { I18n } from '~/lib/i18n';
import { removeAdminToken } from '~/components/auth/guards';

/** In English, as every failure's message here: components show them with `tr()` (docs/i18n.md). */
export const SESSION_ENDED = ADMIN_SCREEN_MESSAGES.sessionEnded;

export interface Failure {
  /** What to tell the admin: the server's message for a refused request, else the screen's wording. */
  message: string;
  /** Field errors the server returned: field → its code and values (its text where it had no code). */
  fields: Record<string, FieldErrorRef>;
  /** The admin session is gone: the admin must sign in again. */
  signedOut: boolean;
}

/** Reads a failed call: the session ended (401), a refused input (4xx with fields) or a plain failure. */
export function describeFailure(error: unknown, fallback: string): Failure {
  if (error instanceof ApiRequestError && error.status === 401) {
    removeAdminToken();
    return { message: SESSION_ENDED, fields: {}, signedOut: true };
  }
  const fields = error instanceof ApiRequestError ? { ...error.errors, ...error.fields } : {};
  return { message: errorMessage(error, fallback), fields, signedOut: false };
}

/** What an admin screen's clientLoader hands its component: the data, or why it could not be read. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string; signedOut: boolean };

/**
 * Reads an admin resource for a clientLoader with `read` (an endpoint of lib/api/, handed the
 * request's signal). A failure is returned, not thrown, so the screen keeps its header and shows its
 * own wording with a way to retry (or to sign in again); `notFound` is the wording for a 404.
 */
export async function loadAdmin<T>(
  read: (signal?: AbortSignal) => Promise<T>,
  fallback: string,
  request?: Request,
  { notFound }: { notFound?: string } = {},
): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await read(request?.signal) };
  } catch (error) {
    if (notFound && error instanceof ApiRequestError && error.status === 404)
      return { ok: false, message: notFound, signedOut: false };
    const { message, signedOut } = describeFailure(error, fallback);
    return { ok: false, message, signedOut };
  }
}

/** loadAdmin for a list whose form offers the courses to link an item to (coupons, testimonials). */
export function loadWithCourseChoices<T>(
  list: (signal?: AbortSignal) => Promise<T>,
  fallback: string,
  request: Request,
) {
  return loadAdmin(
    async (signal) => {
      const [items, courses] = await Promise.all([list(signal), getCourseChoices(signal)]);
      return { items, courses };
    },
    fallback,
    request,
  );
}

/**
 * The toast of a failed save or delete: the screen's wording, with the server's reason when it gave
 * one ('Update failed: Title cannot be empty'). With the page's `i18n` (from `useI18n()`), in the
 * page's language; without it, as the texts came (English for the rules').
 */
export function failureToast(error: unknown, wording: string, i18n?: Pick<I18n, 't' | 'fmt' | 'tr'>): string {
  const { message, signedOut } = describeFailure(error, wording);
  const tr = i18n?.tr ?? ((text: string) => text);
  if (signedOut) return tr(SESSION_ENDED);
  if (message === wording) return tr(wording);
  if (!i18n) return `${wording}: ${message}`;
  return i18n.fmt(i18n.t.adminShell.failureWithReason, { wording: tr(wording), reason: tr(message) });
}

/**
 * A redirect a guard threw, to the same place in the page's language: `/admin/login` from an
 * Arabic admin page is `/ar/admin/login`. Anything else is returned as it is (to be thrown again).
 */
export function inPageLanguage(thrown: unknown, request: Request): unknown {
  const locale = localeFromPath(new URL(request.url).pathname);
  if (locale === DEFAULT_LOCALE || !(thrown instanceof Response)) return thrown;
  const to = thrown.headers.get('Location');
  if (thrown.status < 300 || thrown.status >= 400 || !to) return thrown;
  return redirect(localePath(locale, to));
}
