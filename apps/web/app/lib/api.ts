import type { ApiError } from '@oasis/shared/api';
import { type Locale, localeFromPath } from '@oasis/shared/i18n/locales';
import { NETWORK_MESSAGES } from '@oasis/shared/i18n/ns/network';
import { errorText } from './error-text';
import { readToken, type TokenKind } from './tokens';

export { readToken, type TokenKind };

/**
 * An API answer that was not 2xx: `message` and `errors` in the page's language (`failedAnswer`
 * renders them from the catalogue codes it carries: `code`, `values`, `fields`).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly code?: string,
    readonly values?: ApiError['values'],
    readonly fields: NonNullable<ApiError['fields']> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * No answer came: said in the page's language from the page's texts (every page brings the
 * `network` namespace), so the script carries no translation of its own.
 */
export function unreachable(locale: Locale): ApiRequestError {
  return new ApiRequestError(0, errorText({ code: 'network.unreachable' }, locale) || NETWORK_MESSAGES.unreachable);
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Which stored token goes into the bearer header (docs/product.md#sessions-and-tokens): the learner's by default. */
  auth?: TokenKind | false;
  signal?: AbortSignal;
}

/** Calls `/api{path}` and returns the parsed JSON; throws ApiRequestError with the server's message. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'token', signal } = options;
  // The page's language: the API answers its errors in it (docs/i18n.md), and so does this client.
  const locale = typeof window === 'undefined' ? 'en' : localeFromPath(window.location.pathname);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': locale };
  const token = auth ? readToken(auth) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload, credentials: 'include', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unreachable(locale);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) throw failedAnswer(response.status, (data ?? {}) as Partial<ApiError>, locale, response.statusText);
  return data as T;
}

/**
 * The error of a refused answer, its texts in the page's language rendered from the answer's codes
 * (`code` and `values`, each field's in `fields`): the answer's own texts only for what carries no
 * code the page knows (a proxy's 502 page, a field the catalogues lack).
 */
export function failedAnswer(status: number, err: Partial<ApiError>, locale: Locale, statusText = ''): ApiRequestError {
  const fields = err.fields ?? {};
  const errors: Record<string, string> = { ...err.errors };
  for (const [key, field] of Object.entries(fields)) errors[key] = errorText(field, locale) || (errors[key] ?? '');
  return new ApiRequestError(
    status,
    errorText(err, locale) || (err.message ?? statusText),
    errors,
    err.code,
    err.values,
    fields,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's message, or the screen's own fallback wording (docs/product.md#wording). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message && error.status !== 0 && error.status < 500)
    return error.message;
  if (error instanceof ApiRequestError && error.status === 0) return error.message;
  return fallback;
}
