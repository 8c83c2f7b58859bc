import type { ApiError } from '@oasis/shared/api';
import { localeFromPath } from '@oasis/shared/i18n/locales';
import network from '@oasis/shared/i18n/ns/network';
import { readToken, type TokenKind } from './tokens';

export { readToken, type TokenKind };

/**
 * An API answer that was not 2xx, with the server's `{ message, errors }` (already in the page's
 * language: the client asks for it) and the catalogue code of each (`code`, `values`, `fields`).
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
    throw new ApiRequestError(0, network[locale].unreachable ?? network.en.unreachable);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const err = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(
      response.status,
      err.message ?? response.statusText,
      err.errors ?? {},
      err.code,
      err.values,
      err.fields ?? {},
    );
  }
  return data as T;
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
