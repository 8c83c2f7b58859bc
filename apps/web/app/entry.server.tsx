import { AsyncResource } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { clientMessages, errorTexts, systemDictionary } from '@oasis/shared/i18n/catalogue';
import type { Locale } from '@oasis/shared/i18n/locales';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router';

import arabicCss from './arabic.css?inline';
import { PlainLinks } from './components/page-link';
import { isIslandsHandle } from './islands/island';
import { type I18nValue, ServerTexts } from './lib/i18n';
import { InlineStyles, type InlineStyleSheets } from './lib/inline-styles';
import publicCss from './public.css?inline';

export const streamTimeout = 5000;

/**
 * Where a page's Response is made: outside the render's async context. Made inside it, the
 * Response's body stream would carry React's request (its tree, its chunks, the page's data) in
 * that context, and on Node 20 a web stream is freed only by a full collection: every render was
 * kept past the young generation's collections and the old one filled every second or two under a
 * stream of misses.
 */
const outsideRenders = new AsyncResource('oasis.page-response');

/** Each language's texts, made once: pages whose root data carries none read them (lib/i18n.tsx). */
const texts = new Map<Locale, Pick<I18nValue, 'messages' | 'dictionary' | 'errors'>>();
function serverTexts(locale: Locale) {
  let value = texts.get(locale);
  if (!value) {
    value = { messages: clientMessages(locale), dictionary: systemDictionary(locale), errors: errorTexts(locale) };
    texts.set(locale, value);
  }
  return value;
}

/**
 * The router context an islands page is rendered with. An islands page sends no router state to
 * the browser (no `<Scripts>`, the only reader of the rest of the manifest, the route branches and
 * the router's data), so:
 * - its manifest lists only the routes the page matched: React Router's `ServerRouter` builds a
 *   route object for every route of the manifest on each render (91 with the Arabic twins: a sixth
 *   of a page render's CPU), though a server render only ever draws the matched ones;
 * - it has no stream of the router's data: `ServerRouter` would read it into inline scripts the
 *   page leaves out, and the reader it makes for that, made during the render, held the render
 *   (its tree, its chunks) until the next full collection (docs/benchmarks.md, 2026-11-26, fourth
 *   session).
 * React pages keep both: the browser's router gets them.
 */
function islandsRouterContext(context: EntryContext): EntryContext {
  const { matches } = context.staticHandlerContext;
  const leaf = matches.at(-1)?.route.id ?? '';
  let byLeaf = matchedManifests.get(context.manifest);
  if (!byLeaf) {
    byLeaf = new Map();
    matchedManifests.set(context.manifest, byLeaf);
  }
  let manifest = byLeaf.get(leaf);
  if (!manifest) {
    const ids = new Set(matches.map((match) => match.route.id));
    const routes = Object.fromEntries(Object.entries(context.manifest.routes).filter(([id]) => ids.has(id)));
    manifest = { ...context.manifest, routes };
    byLeaf.set(leaf, manifest);
  }
  return { ...context, manifest, serverHandoffStream: undefined };
}
const matchedManifests = new WeakMap<EntryContext['manifest'], Map<string, EntryContext['manifest']>>();

/** An islands page (its route's `handle` says so) in a build that has the islands script. */
function isIslandsRender(context: EntryContext, loadContext: AppLoadContext): boolean {
  return (
    loadContext.islands !== undefined &&
    context.staticHandlerContext.matches.some((match) => isIslandsHandle(context.routeModules[match.route.id]?.handle))
  );
}

/** Public pages carry their stylesheets inline (lib/inline-styles.ts); only this server bundle holds the text. */
const inlineStyles: InlineStyleSheets = { public: publicCss, arabic: arabicCss };

/**
 * Public pages are cached whole by the server (they do not depend on who asks), so every render
 * waits for all content and answers with the whole page at once: crawlers and the cache both get
 * complete HTML. The framework's inline scripts carry the server's one-off nonce, which tells them
 * apart from anything else in the page when the server lists their hashes in the content security
 * policy.
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
    // Stops a render that never finishes; cleared once it has (a pending timer would keep the whole
    // render alive for seconds after its page was sent, as `outsideRenders` says).
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const islands = isIslandsRender(routerContext, loadContext);
    const app = (
      <ServerTexts.Provider value={serverTexts}>
        <PlainLinks.Provider value={islands}>
          <InlineStyles.Provider value={islands ? inlineStyles : null}>
            <ServerRouter
              context={islands ? islandsRouterContext(routerContext) : routerContext}
              url={request.url}
              nonce={nonce}
            />
          </InlineStyles.Provider>
        </PlainLinks.Provider>
      </ServerTexts.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        clearTimeout(timeout);
        shellRendered = true;
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const chunks: Uint8Array[] = [];
        const sink = new Writable({
          write(chunk: Uint8Array, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            const body = Buffer.concat(chunks);
            outsideRenders.runInAsyncScope(() =>
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode })),
            );
            done();
          },
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
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
