import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import type { Deps } from '../src/deps.ts';
import { contentSecurityPolicy } from '../src/lib/csp.ts';
import { PageCache } from '../src/lib/page-cache.ts';
import { registerWeb } from '../src/plugins/web.ts';
import { createPublicSiteData } from '../src/site-data.ts';
import { afterAll, expect } from 'vitest';
import { beforeAllValue, createTestDatabase, createTestDeps, testConfig } from './helpers.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webRoot = path.join(repoRoot, 'apps/web');

/**
 * The app with the real page renderer: the built web app (built first when missing or older than
 * its sources, as `npm start` does) on a fresh test database, in production mode with the page
 * policy. `seed` runs before the app is built.
 */
export async function setUpBuiltSite(
  seed: (deps: Deps) => Promise<void> = async () => {},
  options: { renderThreads?: number; env?: Record<string, string> } = {},
) {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stdout}\n${build.stderr}`);
  const config = testConfig(options.env);
  const database: Database = await createTestDatabase();
  const deps: Deps = createTestDeps(config, database);
  await seed(deps);
  const app = await builtSiteApp(deps, options.renderThreads ?? 0);
  return {
    app,
    deps,
    /**
     * Another app on the same database and content, rendering with `renderThreads` threads. It has
     * a page cache and read model of its own, told of every change this app's cache is told of, as
     * another instance is (docs/decisions/016-several-instances.md): a write a test makes shows on both.
     */
    another: (renderThreads: number) => {
      const pageCache = new PageCache();
      const stopTelling = deps.pageCache.onInvalidate((parts) => pageCache.invalidate(parts));
      return builtSiteApp({ ...deps, pageCache }, renderThreads, stopTelling);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function builtSiteApp(deps: Deps, renderThreads: number, onClose?: () => void) {
  const { config } = deps;
  const app = await buildApp({
    deps,
    web: (instance) =>
      registerWeb(instance, {
        webRoot,
        buildDir: process.env.WEB_BUILD_DIR,
        mode: 'production',
        renderThreads,
        site: createPublicSiteData(deps),
        publicConfig: { siteUrl: config.siteUrl, googleSignIn: false, paymentProvider: 'sandbox' },
        contentSecurityPolicy,
      }),
  });
  if (onClose) app.addHook('onClose', async () => onClose());
  await app.ready();
  return app;
}

/** `setUpBuiltSite` for the tests of one file: built in beforeAll (a build may take minutes), closed in afterAll. */
export function setUpBuiltSiteForFile(seed?: Parameters<typeof setUpBuiltSite>[0]) {
  const site = beforeAllValue(() => setUpBuiltSite(seed), 300_000);
  afterAll(() => site.close());
  return site;
}

/** The page at `url` as a browser asks for it, which must answer 200: its HTML. */
export async function pageHtml(site: { app: Pick<FastifyInstance, 'inject'> }, url: string): Promise<string> {
  const res = await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}
