import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import staticFiles from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { IslandsScript, PublicConfig, PublicSiteData } from '@oasis/shared/contracts';
import { localeFromPath } from '@oasis/shared/i18n';
import { recordVisit } from '../lib/attribution.ts';
import { couponLinkAnswer } from '../lib/coupon-link.ts';
import { hashMarkedScripts } from '../lib/csp.ts';
import { cachedAnswer, canonicalPageUrl, pageCacheKey, pageSegment, sendCached } from '../lib/page-cache.ts';
import { NOT_PAGES, SECRET_URLS } from '../lib/page-fast-lane.ts';
import { RenderBudget } from '../lib/render-budget.ts';
import { type RenderedAnswer, RenderPool } from './render-pool.ts';
import { isDataRequest, sendDatabaseAway, sendTooBusy, watchDatabaseReads } from './server-pages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Page renders so far, on the main thread and on the render threads (render-pool.ts). */
    pageRenders: { main: number; threads: number };
    /** The render threads, when the server has any (RENDER_THREADS). */
    renderPool: RenderPool | undefined;
  }
}

export interface WebOptions {
  /** apps/web: holds the build in production, vite.config.ts in development. */
  webRoot: string;
  /** The build folder inside webRoot (WEB_BUILD_DIR, default 'build'). */
  buildDir?: string;
  mode: 'production' | 'development';
  site: PublicSiteData;
  publicConfig: PublicConfig;
  /**
   * The content security policy of a page from the hashes of its own inline scripts. Left out in
   * development, where Vite injects scripts of its own.
   */
  contentSecurityPolicy?: (scriptHashes: readonly string[]) => string;
  /** A build made in code (the plugin's tests); otherwise the one in buildDir is loaded. */
  build?: ServerBuild;
  /**
   * Threads that render cacheable pages beside the main thread (RENDER_THREADS; production build
   * only; docs/decisions/018-render-threads.md). 0 or left out: every page renders on the main thread.
   */
  renderThreads?: number;
}

/** A render's answer, its body whole (a cacheable page) or as the stream React Router gave. */
interface Rendered extends RenderedAnswer {
  stream: ReadableStream<Uint8Array> | null;
}

/**
 * Serves the React Router app from Fastify: built assets as static files, everything else through
 * the SSR handler. In development Vite runs in middleware mode inside this process (HMR included).
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const { webRoot, mode, build } = options;
  const { site, failures: databaseFailures } = watchDatabaseReads(options.site);
  let getBuild: () => Promise<ServerBuild>;
  let islands: IslandsScript | undefined;
  let pool: RenderPool | undefined;
  const pageRenders = { main: 0, threads: 0 };
  app.decorate('pageRenders', pageRenders);
  app.decorate('renderPool', undefined);

  if (build) {
    getBuild = async () => build;
  } else if (mode === 'development') {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    const vite = await createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const buildRoot = path.resolve(webRoot, options.buildDir ?? 'build');
    const serverEntry = path.join(buildRoot, 'server/index.js');
    if (!fs.existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing). Run: npm run build`);
    }
    getBuild = loadOnce(() => import(pathToFileURL(serverEntry).href) as Promise<ServerBuild>);
    const clientDir = path.join(buildRoot, 'client');
    islands = readIslandsScript(clientDir);
    if (options.renderThreads) {
      const renderPool = new RenderPool({
        threads: options.renderThreads,
        serverEntry,
        site,
        log: app.log,
        // Readiness waits for the first thread (see below), or for the main thread's copy of the
        // pages' code when a thread cannot load it.
        onReady: () => {
          app.lifecycle.loading = false;
        },
        onUnavailable: () => {
          loadPagesCode().catch((error: unknown) =>
            app.log.error({ err: error }, 'the web app could not be loaded: pages answer 500 until it is'),
          );
        },
      });
      app.addHook('onListen', (done) => {
        renderPool.start();
        done();
      });
      app.addHook('onClose', () => renderPool.close());
      pool = renderPool;
      app.renderPool = renderPool;
    }
    // The build's hashed files: one route for all of them. A route per file (some 160 of them, each
    // a GET and a HEAD) cost a tenth of a second at every start; a missing one is a plain 404.
    // The web build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs): sent for
    // the file's own address as the browser accepts them, never at an address of their own.
    await app.register(staticFiles, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      etag: true,
      preCompressed: true,
      allowedPath: (pathName) => !PRECOMPRESSED_COPY.test(pathName),
      // Sent as `public, max-age=31536000, immutable`: their names change with their content.
      maxAge: '365d',
      immutable: true,
    });
    // The few files the build copies as they are (favicon, logos, default images), a route each,
    // from the folder's listing (the static plugin would walk it with a glob matcher at every start).
    for (const entry of fs.readdirSync(clientDir, { withFileTypes: true })) {
      if (!entry.isFile() || PRECOMPRESSED_COPY.test(entry.name)) continue;
      app.get(`/${entry.name}`, (_request, reply) =>
        reply.sendFile(entry.name, clientDir, { maxAge: '1h', immutable: false }),
      );
    }
  }

  // Given a function, React Router derives its routes and static handler again on every request
  // (a quarter of a page miss's CPU): only Vite's development build, which changes, needs that.
  const getHandler = loadOnce(async () =>
    (await import('react-router')).createRequestHandler(mode === 'development' ? getBuild : await getBuild(), mode),
  );
  /** Both in, readiness no longer waits for them (`lifecycle.loading`). */
  const loadPagesCode = () =>
    Promise.all([getHandler(), getBuild()]).then(() => {
      app.lifecycle.loading = false;
    });
  if (mode === 'production' && !build) {
    // React Router and the web app's server build (React's server renderer with it) are loaded once
    // the server listens, or by a page asked for before that: the server does not wait for them,
    // and readiness answers 503 until they are in. With render threads, readiness waits for the
    // first of them instead (its `onReady` above), and the main thread loads the pages' code only
    // when it must render a page itself (a form post, a secret address, no thread ready): one copy
    // less of it in memory (about 50 MB).
    app.lifecycle.loading = true;
    if (!pool)
      app.addHook('onListen', (done) => {
        loadPagesCode().catch((error: unknown) =>
          app.log.error({ err: error }, 'the web app could not be loaded: pages answer 500 until it is'),
        );
        done();
      });
  }
  const { pageCache } = app.deps;
  const perMinute = app.deps.config.rendersPerIpPerMinute;
  const renderBudget = perMinute > 0 ? new RenderBudget(perMinute) : null;
  const policy = options.contentSecurityPolicy;
  /** For answers that are not HTML (redirects, sitemap, data requests): no inline scripts to allow. */
  const basePolicy = policy?.([]);

  /**
   * Renders `url` through React Router: a cacheable page (`pooled`) on a render thread when one is
   * ready, else here. With a policy, the render marks the framework's own
   * inline scripts with a one-off nonce; their hashes (and only theirs) go into the page's policy
   * and the marks come out again, so a cached page holds no nonce and a script that found its way
   * into the content is still blocked.
   */
  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    method: string,
    pooled: boolean,
  ): Promise<Rendered> {
    const scriptNonce = policy ? randomBytes(18).toString('base64url') : undefined;
    const context = {
      publicConfig: options.publicConfig,
      // The page's language, from its address (docs/i18n.md).
      locale: localeFromPath(url),
      scriptNonce,
      // Not for the React app's data requests (`/courses.data`): those carry the root's texts.
      islands: isDataRequest(url) ? undefined : islands,
    };
    const onThread = pooled
      ? pool?.render({ url: new URL(url, requestOrigin(request)).href, headers: headerPairs(request), context })
      : null;
    let rendered: Rendered | undefined;
    if (onThread) {
      try {
        rendered = { ...(await onThread), stream: null };
        pageRenders.threads += 1;
      } catch (error) {
        app.log.warn({ err: error }, 'a render thread could not render a page: rendered on the main thread');
      }
    }
    rendered ??= await renderHere(request, reply, url, method, { ...context, site }, pooled);
    if (!policy || !scriptNonce) return rendered;
    const html = (rendered.body || rendered.stream) && rendered.headers['content-type']?.startsWith('text/html');
    if (!html) {
      if (basePolicy) rendered.headers['content-security-policy'] = basePolicy;
      return rendered;
    }
    // The entry renders everything before it answers (onAllReady), so buffering delays nothing.
    const text = rendered.body ? rendered.body.toString() : await new Response(rendered.stream).text();
    const marked = hashMarkedScripts(text, scriptNonce);
    rendered.headers['content-security-policy'] = policy(marked.hashes);
    delete rendered.headers['content-length'];
    return { ...rendered, body: Buffer.from(marked.html), stream: null };
  }

  /** A render on the main thread; the body read whole when the answer may be kept (`whole`). */
  async function renderHere(
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    method: string,
    context: Record<string, unknown>,
    whole: boolean,
  ): Promise<Rendered> {
    if (app.lifecycle.loading) await loadPagesCode();
    const response = await (await getHandler())(toWebRequest(request, reply, url, method), context);
    pageRenders.main += 1;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') headers[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (whole || !response.body) {
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      return { status: response.status, headers, cookies, body, stream: null };
    }
    return { status: response.status, headers, cookies, body: null, stream: response.body };
  }

  await app.register(async (pages) => {
    // Route actions read the raw body themselves.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      config: { changes: [] },
      handler: async (request, reply) => {
        if (NOT_PAGES.test(request.url)) return reply.callNotFound();
        if (request.method === 'GET' || request.method === 'HEAD') {
          // A coupon link: its code goes to checkout in a cookie, and the visitor to the page without it.
          const coupon = couponLinkAnswer(request.url, app.deps.config.siteUrl.startsWith('https:'));
          if (coupon) {
            if (coupon.cookie) reply.header('set-cookie', coupon.cookie);
            return reply
              .code(303)
              .header('location', coupon.location)
              .header('cache-control', 'private, no-store')
              .send();
          }
          // Another spelling of a public page's address (`/Courses`, `/courses?page=1`): sent to the
          // page's own address before any render, and kept nowhere, so it costs neither a render
          // nor a cache entry of its own.
          const canonical = canonicalPageUrl(request.url);
          if (canonical) {
            return reply.code(301).header('location', canonical).header('cache-control', 'public, max-age=3600').send();
          }
          // Where the visit came from, in a cookie (lib/attribution.ts): the page is the same; an
          // answer that sets it is private (plugins/private-answers.ts), so no shared cache keeps it.
          recordVisit(request, reply, app.deps.config.siteUrl);
        }
        const cacheable =
          mode === 'production' &&
          (request.method === 'GET' || request.method === 'HEAD') &&
          !SECRET_URLS.test(request.url);
        if (!cacheable) {
          const failuresBefore = databaseFailures();
          const rendered = await render(request, reply, request.url, request.method, false);
          if (databaseFailures() !== failuresBefore) return sendDatabaseAway(reply, request.url);
          return sendUncached(reply, rendered);
        }
        // The key holds only what changes the page (no tracking parameters, only the parameters the
        // page reads, in a fixed order), and the page is rendered from the key itself.
        const key = pageCacheKey(request.url);
        const hit = pageCache.get(key);
        if (hit) return sendCached(request, reply, hit);
        // A miss costs a render: one address gets so many a minute (lib/render-budget.ts).
        const wait = renderBudget?.take(request.ip) ?? 0;
        if (wait > 0) return sendTooBusy(reply, key, wait);
        const version = pageCache.version;
        const failuresBefore = databaseFailures();
        // HEAD renders as GET, so the entry serves both.
        const rendered = await render(request, reply, key, 'GET', true);
        // The database went away during the render (another render's failure counts too: it is away).
        if (databaseFailures() !== failuresBefore) return sendDatabaseAway(reply, key);
        if (rendered.cookies.length > 0 || rendered.status >= 500) return sendUncached(reply, rendered);
        const page = cachedAnswer(rendered.status, rendered.headers, rendered.body ?? Buffer.alloc(0));
        // Redirects and not-found pages are kept too (they are as public as the pages), apart.
        pageCache.set(key, page, version, pageSegment(key, rendered.status));
        return sendCached(request, reply, page);
      },
    });
  });
}

/** The compressed copies the web build writes beside its files: never sent at an address of their own. */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/** `load` run once and its result kept; a failure is not kept, so the next call tries again. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * The public pages' script from the islands build's manifest (apps/web/vite.islands.config.ts): the
 * entry and the chunks it imports (preloaded, so the browser fetches them with the entry rather
 * than after it), and for each module the entry loads on demand (each part of a page is one) the
 * chunks it adds beyond those. None when the build has no islands part: public pages are then
 * hydrated as the React app, as in development (docs/decisions/013-public-pages-as-islands.md).
 */
function readIslandsScript(clientDir: string): IslandsScript | undefined {
  const manifestPath = path.join(clientDir, '.vite/islands-manifest.json');
  if (!fs.existsSync(manifestPath)) return undefined;
  type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return undefined;
  const filesOf = (chunk: Chunk, seen: Set<string>) => {
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || seen.has(`/${imported.file}`)) continue;
      seen.add(`/${imported.file}`);
      filesOf(imported, seen);
    }
    return seen;
  };
  const preload = filesOf(entry, new Set([`/${entry.file}`]));
  const parts: Record<string, string[]> = {};
  for (const [source, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = `/${chunk.file}`;
    const added = [...filesOf(chunk, new Set([...preload, own]))].filter((file) => file !== own && !preload.has(file));
    parts[source] = [own, ...added];
  }
  preload.delete(`/${entry.file}`);
  return { entry: `/${entry.file}`, preload: [...preload], parts };
}

/** An answer that is not kept: it may be private (cookies, a secret URL) or a failure. */
function sendUncached(reply: FastifyReply, { status, headers, cookies, body, stream }: Rendered) {
  reply.status(status).headers(headers);
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  return reply.send(body ?? stream ?? null);
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The request's headers as name/value pairs (a header sent twice gives two). */
function headerPairs(request: FastifyRequest): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) pairs.push([key, v]);
    else pairs.push([key, value]);
  }
  return pairs;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, path: string, method: string): Request {
  const url = new URL(path, requestOrigin(request));
  const controller = new AbortController();
  // Only a visitor who left before the answer was sent stops the render (an abort after a finished
  // answer would build an AbortError for nothing, on every page).
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers(headerPairs(request));
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
