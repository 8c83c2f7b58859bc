import { type ApiOptions, api } from '../api';

/*
 * The typed API client: one function per endpoint, grouped by area in this folder, each checking
 * its answer before a screen reads it. `api()` in lib/api.ts is the transport under it.
 */

/** What an answer is checked with: a shared zod schema, or a hand check of the same shape (public pages carry no zod). */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/** Which token a call carries and how it is cancelled; the path, method and body are the endpoint's own. */
export type CallOptions = Pick<ApiOptions, 'auth' | 'signal'>;

/** A 2xx answer that is not what its endpoint promises: named here, rather than `undefined` deep in a screen. */
export class MalformedAnswerError extends Error {
  constructor(
    readonly endpoint: string,
    detail: string,
  ) {
    super(`${endpoint} answered in an unexpected shape: ${detail}`);
    this.name = 'MalformedAnswerError';
  }
}

/** `data` as `schema` reads it, or a MalformedAnswerError naming `endpoint`. */
export function checkAnswer<T>(endpoint: string, schema: AnswerSchema<T>, data: unknown): T {
  const checked = schema.safeParse(data);
  if (!checked.success) throw new MalformedAnswerError(endpoint, checked.error.message);
  return checked.data;
}

/** Calls `/api{path}` and checks the answer; `endpoint` ('GET /courses/course/slug/{slug}') names it in errors. */
export async function call<T>(
  endpoint: string,
  path: string,
  schema: AnswerSchema<T>,
  options: ApiOptions = {},
): Promise<T> {
  return checkAnswer(endpoint, schema, await api<unknown>(path, options));
}

/** For an admin screen: the admin session's token, apart from the learner's (docs/product.md#sessions-and-tokens). */
export const ADMIN: CallOptions = { auth: 'adminToken' };

/** An admin resource read with GET and replaced with PUT (body `B`) at one address, e.g. a settings page. */
export function adminGetPut<T, B>(path: string, schema: AnswerSchema<T>) {
  return {
    get: (signal?: AbortSignal) => call(`GET ${path}`, path, schema, { ...ADMIN, signal }),
    put: (body: B) => call(`PUT ${path}`, path, schema, { ...ADMIN, method: 'PUT', body }),
  };
}

/** Path segments from ids and slugs, escaped. */
export const seg = encodeURIComponent;
