import { redirect } from 'react-router';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { DEFAULT_LOCALE, localeFromPath, localePath } from '@oasis/shared/i18n/locales';
import { ApiRequestError, type ApiOptions, api, errorMessage, readToken } from '~/lib/api';
import type { I18n } from '~/lib/i18n';
import { removeAdminToken } from '~/components/auth/guards';

/** Admin calls carry the admin token: its session is apart from the learner's (docs/product.md#sessions-and-tokens). */
export function adminApi<T>(path: string, options: Omit<ApiOptions, 'auth'> = {}): Promise<T> {
  return api<T>(path, { ...options, auth: 'adminToken' });
}

/** In English, as every failure's message here: components show them with `tr()` (docs/i18n.md). */
export const SESSION_ENDED = ADMIN_SCREEN_MESSAGES.sessionEnded;

export interface Failure {
  /** What to tell the admin: the server's message for a refused request, else the screen's wording. */
  message: string;
  /** Field errors the server returned (field → message). */
  fields: Record<string, string>;
  /** The admin session is gone: the admin must sign in again. */
  signedOut: boolean;
}

/** Reads a failed call: the session ended (401), a refused input (4xx with fields) or a plain failure. */
export function describeFailure(error: unknown, fallback: string): Failure {
  if (error instanceof ApiRequestError && error.status === 401) {
    removeAdminToken();
    return { message: SESSION_ENDED, fields: {}, signedOut: true };
  }
  const fields = error instanceof ApiRequestError ? error.errors : {};
  return { message: errorMessage(error, fallback), fields, signedOut: false };
}

/** What an admin screen's clientLoader hands its component: the data, or why it could not be read. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string; signedOut: boolean };

/**
 * Reads an admin resource for a clientLoader. A failure is returned, not thrown, so the screen keeps
 * its header and shows its own wording with a way to retry (or to sign in again); `notFound` is the
 * wording for a 404.
 */
export async function loadAdmin<T>(
  path: string,
  fallback: string,
  request?: Request,
  { notFound }: { notFound?: string } = {},
): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await adminApi<T>(path, { signal: request?.signal }) };
  } catch (error) {
    if (notFound && error instanceof ApiRequestError && error.status === 404)
      return { ok: false, message: notFound, signedOut: false };
    const { message, signedOut } = describeFailure(error, fallback);
    return { ok: false, message, signedOut };
  }
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

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** 0..1 while the request body is sent; fetch() cannot report this, XMLHttpRequest can. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A multipart admin call with upload progress (large video files). Same answers and errors as api(). */
export function uploadWithProgress<T>(path: string, { method = 'POST', body, onProgress, signal }: UploadOptions) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    // The page's language: the API answers its errors in it (docs/i18n.md), as api() asks.
    xhr.setRequestHeader('accept-language', localeFromPath(window.location.pathname));
    const token = readToken('adminToken');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const err = (data ?? {}) as { message?: string; errors?: Record<string, string>; code?: string };
      reject(new ApiRequestError(xhr.status, err.message ?? xhr.statusText, err.errors ?? {}, err.code));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, ADMIN_SCREEN_MESSAGES.networkError));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
