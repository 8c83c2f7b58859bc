import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { seedCourse } from '../src/db/factories.ts';
import type { Deps } from '../src/deps.ts';
import { registerWeb } from '../src/plugins/web.ts';
import { createPublicSiteData } from '../src/site-data.ts';
import { webRoot } from './built-site.ts';
import { createTestDatabase, createTestDeps, testConfig } from './helpers.ts';

/**
 * `npm run dev`: the pages rendered by Vite's development server inside the app (its SSR module
 * runner, not the build), so what only the build resolves (an import alias, a virtual module) shows
 * here as a failing page.
 */

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let deps: Deps;
let courseSlug: string;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps(testConfig(), database);
  courseSlug = (await seedCourse(deps.db, { title: 'A development course', priceFils: 10_000 })).slug;
  app = await buildApp({
    deps,
    web: (instance) =>
      registerWeb(instance, {
        webRoot,
        mode: 'development',
        site: createPublicSiteData(deps),
        publicConfig: { siteUrl: deps.config.siteUrl, googleSignIn: false, paymentProvider: 'sandbox' },
      }),
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(deps.config.dataDir, { recursive: true, force: true });
});

describe('pages in development', () => {
  it('renders public, learner, auth and admin pages', async () => {
    for (const [url, text] of [
      ['/', '<main'],
      ['/courses', 'A development course'],
      [`/courses/${courseSlug}`, 'A development course'],
      ['/login', '<main'],
      ['/admin/login', '<main'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.body, url).toContain(text);
    }
  }, 120_000);
});
