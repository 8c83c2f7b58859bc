import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import staticFiles from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { PublicConfig, PublicSiteData } from '@oasis/shared/contracts';
import type { CachedPage } from '../lib/page-cache.ts';

export interface WebOptions {
  /** apps/web: holds the build in production, vite.config.ts in development. */
  webRoot: string;
  /** The build folder inside webRoot (WEB_BUILD_DIR, default 'build'). */
  buildDir?: string;
  mode: 'production' | 'development';
  site: PublicSiteData;
  publicConfig: PublicConfig;
  /** Extra response headers for pages (the content security policy). */
  pageHeaders?: Record<string, string>;
}

/** API and media paths never reach the page renderer: an unknown one is a JSON 404. */
const NOT_PAGES = /^\/(api|media)(\/|$)/;
/** Pages whose URLs carry one-time secrets: never kept as cache keys. */
const SECRET_URLS = /^\/(oauth-success|reset-password|verify-email)(\/|\?|$)/;

/**
 * Serves the React Router app from Fastify: built assets as static files, everything else through
 * the SSR handler. In development Vite runs in middleware mode inside this process (HMR included).
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const { webRoot, mode } = options;
  let getBuild: () => Promise<ServerBuild>;

  if (mode === 'development') {
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
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    const clientDir = path.join(buildRoot, 'client');
    await app.register(staticFiles, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      etag: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const handler = createRequestHandler(getBuild, mode);
  const { pageCache } = app.deps;

  await app.register(async (pages) => {
    // Route actions read the raw body themselves.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (NOT_PAGES.test(request.url)) return reply.callNotFound();
        const cacheable =
          mode === 'production' &&
          (request.method === 'GET' || request.method === 'HEAD') &&
          !SECRET_URLS.test(request.url);
        if (cacheable) {
          const hit = pageCache.get(request.url);
          if (hit) return sendPage(request, reply, hit, options.pageHeaders);
        }
        const version = pageCache.version;
        const response = await handler(toWebRequest(request, reply), {
          site: options.site,
          publicConfig: options.publicConfig,
        });
        if (!cacheable || response.headers.has('set-cookie') || response.status >= 500 || !response.body) {
          reply.status(response.status);
          response.headers.forEach((value, key) => {
            reply.header(key, value);
          });
          for (const [key, value] of Object.entries(options.pageHeaders ?? {})) reply.header(key, value);
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
          return reply.send(response.body ? response.body : null);
        }
        const body = Buffer.from(await response.arrayBuffer());
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => {
          headers[key] = value;
        });
        const page: CachedPage = {
          status: response.status,
          headers,
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        };
        // Redirects and not-found pages are cached too: they are as public as the pages themselves.
        pageCache.set(request.url, page, version);
        return sendPage(request, reply, page, options.pageHeaders);
      },
    });
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, extra?: Record<string, string>) {
  reply.status(page.status);
  for (const [key, value] of Object.entries(page.headers)) reply.header(key, value);
  for (const [key, value] of Object.entries(extra ?? {})) reply.header(key, value);
  reply.header('etag', page.etag);
  // Every visitor gets the same HTML: a CDN may keep it but must revalidate, so edits show at once.
  reply.header('cache-control', 'public, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === page.etag && page.status === 200) return reply.status(304).send();
  return reply.send(page.body);
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
