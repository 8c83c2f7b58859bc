import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createReadableStreamFromReadable } from '@react-router/node';
import { createElement as h } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  data,
  type EntryContext,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ServerBuild,
  ServerRouter,
  useActionData,
  useLoaderData,
} from 'react-router';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { buildApp } from '../src/app.ts';
import type { Deps } from '../src/deps.ts';
import { contentSecurityPolicy } from '../src/lib/csp.ts';
import { registerWeb } from '../src/plugins/web.ts';
import { createPublicSiteData } from '../src/site-data.ts';
import { createTestDatabase, createTestDeps, testConfig } from './helpers.ts';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * A small web app for the page plugin's tests, made in code instead of by Vite: a root document with
 * React Router's own inline scripts, and one route per case the plugin treats apart. Each loader
 * counts its renders, so a test can tell a cached answer from a fresh one.
 */
export function createPageBuild() {
  const renders: Record<string, number> = {};
  const count = (name: string) => {
    renders[name] = (renders[name] ?? 0) + 1;
    return renders[name];
  };

  type TestRoute = { path?: string; index?: boolean; module: Record<string, unknown> };
  const routes: Record<string, TestRoute> = {
    home: {
      index: true,
      module: {
        loader: ({ request }: { request: Request }) => ({ url: request.url, render: count('home') }),
        // Built from the URL the page was rendered from, as a careless page might: the test shows
        // tracking parameters never reach it.
        meta: ({ data: page }: { data?: { url: string } }) =>
          page ? [{ title: 'Home' }, { tagName: 'link', rel: 'canonical', href: page.url }] : [],
        default: function Home() {
          const page = useLoaderData() as { url: string; render: number };
          return h('main', null, h('h1', null, 'Home'), h('p', { id: 'url' }, page.url));
        },
      },
    },
    catalogue: {
      path: 'courses',
      module: {
        loader: ({ request }: { request: Request }) => {
          count('catalogue');
          return { search: new URL(request.url).search };
        },
        default: function Catalogue() {
          const { search } = useLoaderData() as { search: string };
          return h('main', null, h('p', { id: 'search' }, `search=${search}`));
        },
      },
    },
    smuggled: {
      path: 'smuggled',
      module: {
        loader: () => ({ html: '<script>window.smuggled = true</script>' }),
        // Content that slipped a script past the sanitiser.
        default: function Smuggled() {
          const { html } = useLoaderData() as { html: string };
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the unsanitised content is the point of this test page
          return h('main', { dangerouslySetInnerHTML: { __html: html } });
        },
      },
    },
    cookie: {
      path: 'with-cookie',
      module: {
        loader: () => data({ render: count('cookie') }, { headers: { 'Set-Cookie': 'seen=1; Path=/; HttpOnly' } }),
        headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
        default: () => h('main', null, 'A page that sets a cookie'),
      },
    },
    boom: {
      path: 'boom',
      module: {
        loader: () => {
          count('boom');
          throw new Error('the database is down');
        },
        default: () => h('main', null, 'never shown'),
      },
    },
    secret: {
      path: 'oauth-success',
      module: {
        loader: () => ({ render: count('secret') }),
        default: () => h('main', null, 'Signing you in'),
      },
    },
    form: {
      path: 'form',
      module: {
        action: async ({ request }: { request: Request }) => {
          const form = await request.formData();
          return { greeting: `Hello ${String(form.get('name'))}` };
        },
        loader: () => ({ render: count('form') }),
        default: function Form() {
          const answer = useActionData() as { greeting: string } | undefined;
          return h('main', null, h('p', { id: 'greeting' }, answer?.greeting ?? 'No answer yet'));
        },
      },
    },
    // Public content from the read model: a loader that hides a failed read (as the about page does
    // with the mentor) and one that lets it through.
    mentor: {
      path: 'mentor',
      module: {
        loader: async ({ context }: { context: { site: PublicSiteData } }) => {
          count('mentor');
          const mentor = await context.site.mentor().catch(() => null);
          return { name: mentor?.name ?? null };
        },
        default: function Mentor() {
          const { name } = useLoaderData() as { name: string | null };
          return h('main', null, h('p', { id: 'mentor' }, name ?? 'Our story'));
        },
      },
    },
    course: {
      path: 'course/:slug',
      module: {
        loader: async ({ context, params }: { context: { site: PublicSiteData }; params: { slug: string } }) => {
          count('course');
          return { course: await context.site.course(params.slug) };
        },
        default: () => h('main', null, h('h1', null, 'Course')),
      },
    },
    moved: {
      path: 'moved',
      module: {
        loader: () => {
          count('moved');
          return redirect('/', 301);
        },
      },
    },
    'not-found': {
      path: '*',
      module: {
        loader: () => data({ render: count('not-found') }, { status: 404 }),
        default: () => h('main', null, h('h1', null, 'Page not found')),
      },
    },
  };

  const root = {
    default: function Root() {
      return h(
        'html',
        { lang: 'en' },
        h('head', null, h('meta', { charSet: 'utf-8' }), h(Meta), h(Links)),
        h('body', null, h(Outlet), h(ScrollRestoration), h(Scripts)),
      );
    },
  };

  // The same as apps/web/app/entry.server.tsx: everything rendered before answering, scripts marked.
  function handleRequest(
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    loadContext: AppLoadContext,
  ) {
    const nonce = loadContext.scriptNonce as string | undefined;
    return new Promise<Response>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(h(ServerRouter, { context, url: request.url, nonce }), {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
      });
    });
  }

  const entryRoute = (id: string, route: TestRoute) => ({
    id,
    parentId: id === 'root' ? undefined : 'root',
    path: route.path,
    index: route.index,
    caseSensitive: undefined,
    hasAction: 'action' in route.module,
    hasLoader: 'loader' in route.module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  });
  const all: Record<string, TestRoute> = { root: { path: '', module: root }, ...routes };

  const build: ServerBuild = {
    // The failures here are the tests' own: nothing to log.
    entry: { module: { default: handleRequest, handleError: () => {} } },
    routes: Object.fromEntries(
      Object.entries(all).map(([id, route]) => [
        id,
        {
          id,
          parentId: id === 'root' ? undefined : 'root',
          path: route.path,
          index: route.index,
          module: route.module,
        },
      ]),
    ) as unknown as ServerBuild['routes'],
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      routes: Object.fromEntries(Object.entries(all).map(([id, route]) => [id, entryRoute(id, route)])),
      url: '/assets/manifest.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  };
  return { build, renders };
}

/**
 * The `web` option of `buildApp` for a test: `build` served by the real page plugin as in
 * production, with the content security policy, on the deps' public site data.
 */
export function servePageBuild(deps: Deps, build: ServerBuild) {
  return (instance: FastifyInstance) =>
    registerWeb(instance, {
      webRoot: deps.config.dataDir,
      mode: 'production',
      build,
      site: createPublicSiteData(deps),
      publicConfig: { siteUrl: deps.config.siteUrl, googleSignIn: false, paymentProvider: 'sandbox' },
      contentSecurityPolicy,
    });
}

/**
 * The app with the page build made in code, on a fresh test database: `renders` counts renders per
 * page; `close` stops the app and removes the database.
 */
export async function setUpPageBuildApp(env: Record<string, string> = {}) {
  const config = testConfig(env);
  const database = await createTestDatabase();
  const deps = createTestDeps(config, database);
  const page = createPageBuild();
  const app = await buildApp({ deps, web: servePageBuild(deps, page.build) });
  await app.ready();
  return {
    app,
    deps,
    renders: page.renders,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(deps.config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `setUpPageBuildApp()` for one test file: made before its tests, closed after them, the page cache
 * emptied before each test. Its parts (`app`, `deps`, `renders`) are read inside the tests.
 */
export function pageBuildFixture(): Omit<Awaited<ReturnType<typeof setUpPageBuildApp>>, 'close'> {
  const site = {} as Awaited<ReturnType<typeof setUpPageBuildApp>>;
  beforeAll(async () => {
    Object.assign(site, await setUpPageBuildApp());
  });
  afterAll(() => site.close());
  beforeEach(() => site.deps.pageCache.invalidate());
  return site;
}
