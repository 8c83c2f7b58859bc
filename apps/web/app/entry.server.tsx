import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { clientMessages, systemDictionary } from '@oasis/shared/i18n/catalogue';
import type { Locale } from '@oasis/shared/i18n/locales';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router';

import { type I18nValue, ServerTexts } from './lib/i18n';

export const streamTimeout = 5000;

/** Each language's texts, made once: pages whose root data carries none read them (lib/i18n.tsx). */
const texts = new Map<Locale, Pick<I18nValue, 'messages' | 'dictionary'>>();
function serverTexts(locale: Locale) {
  let value = texts.get(locale);
  if (!value) {
    value = { messages: clientMessages(locale), dictionary: systemDictionary(locale) };
    texts.set(locale, value);
  }
  return value;
}

/**
 * Public pages are cached whole by the server (they do not depend on who asks), so every render
 * waits for all content: crawlers and the cache both get complete HTML. The framework's inline
 * scripts carry the server's one-off nonce, which tells them apart from anything else in the page
 * when the server lists their hashes in the content security policy.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.scriptNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <ServerTexts.Provider value={serverTexts}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerTexts.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A visitor's mistake is not a crash: unmatched assets and bad URLs (404), a form posted to a page
  // that takes none (405). Logged, any address could fill the log with stack traces.
  const status = isRouteErrorResponse(error)
    ? error.status
    : error && typeof error === 'object' && 'status' in error
      ? error.status
      : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) return;
  console.error(error);
};
