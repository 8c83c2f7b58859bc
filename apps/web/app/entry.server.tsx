import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter } from 'react-router';

export const streamTimeout = 5000;

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
    const app = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
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
  // Unmatched assets and bad URLs are 404s, not crashes: keep the log quiet for them.
  if (error && typeof error === 'object' && 'status' in error && error.status === 404) return;
  console.error(error);
};
