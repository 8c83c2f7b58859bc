import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorText as catalogueText } from '@oasis/shared/error-codes';
import { errorTexts } from '@oasis/shared/i18n/catalogue';
import type { Locale } from '@oasis/shared/i18n/locales';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api } from './api';
import { rememberErrorTexts } from './error-text';

/*
 * A refused answer shown in the page's language: the API client renders its code and values with
 * the texts the page brought (as I18nProvider hands them over), against a real HTTP server.
 */
let answer: { status: number; body: unknown } = { status: 400, body: {} };
let server: Server;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(new URL(url, base), init));
  for (const locale of ['en', 'ar'] as const) rememberErrorTexts(locale, errorTexts(locale));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

/** The error `api()` throws for the planted answer, on a page at `path`. */
async function refusalOn(path: string): Promise<ApiRequestError> {
  // The client reads the page's language from its address (undone with the fetch stub, after all).
  vi.stubGlobal('window', { location: { pathname: path } });
  const failure = await api('/blogs', { method: 'POST', body: {} }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiRequestError);
  return failure as ApiRequestError;
}

describe('an error answer in the page’s language', () => {
  const tooLong = { code: 'validation.tooLong', values: { max: 200 } } as const;
  // What the API sends: its English message and texts, and the codes they were rendered from.
  const refusal = {
    message: catalogueText(tooLong, 'en'),
    code: tooLong.code,
    values: tooLong.values,
    errors: { title: catalogueText(tooLong, 'en') },
    fields: { title: tooLong },
  };

  it.each([
    ['en', '/admin/dashboard/blog'],
    ['ar', '/ar/admin/dashboard/blog'],
  ] as [Locale, string][])('renders the code and values in %s, form-wide and under the field', async (locale, path) => {
    answer = { status: 400, body: refusal };
    const failure = await refusalOn(path);
    const expected = catalogueText(tooLong, locale);
    expect(expected).toContain('200');
    expect(failure.message).toBe(expected);
    expect(failure.errors.title).toBe(expected);
  });

  it('is not the English text on an Arabic page', async () => {
    answer = { status: 400, body: refusal };
    const failure = await refusalOn('/ar/contact');
    expect(failure.message).not.toBe(refusal.message);
    expect(failure.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('falls back to the answer’s message when it carries no code (a proxy’s page)', async () => {
    answer = { status: 502, body: { message: 'Bad gateway' } };
    expect((await refusalOn('/ar/contact')).message).toBe('Bad gateway');
  });
});

describe('no answer at all', () => {
  it('says the server was unreachable in the page’s language, from the page’s texts', async () => {
    const answering = globalThis.fetch;
    const refused = vi.fn(() => Promise.reject(new TypeError('fetch failed')));
    vi.stubGlobal('fetch', refused);
    try {
      for (const [locale, path] of [
        ['en', '/contact'],
        ['ar', '/ar/contact'],
      ] as [Locale, string][]) {
        vi.stubGlobal('window', { location: { pathname: path } });
        const failure = await api('/contact', { method: 'POST', body: {} }).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiRequestError);
        expect((failure as ApiRequestError).status).toBe(0);
        expect((failure as ApiRequestError).message).toBe(catalogueText({ code: 'network.unreachable' }, locale));
      }
    } finally {
      vi.stubGlobal('fetch', answering);
    }
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
