import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCourse } from '../src/db/factories.ts';
import { setUpBuiltSite, webRoot } from './built-site.ts';

/**
 * Public pages are sent as islands (docs/decisions/013-public-pages-as-islands.md): the server's
 * HTML with one module script and the parts it brings to life, not the React app. Learner, auth and
 * admin pages still carry React Router's scripts. Through the real build and renderer.
 */

let site: Awaited<ReturnType<typeof setUpBuiltSite>>;
let courseSlug: string;

beforeAll(async () => {
  site = await setUpBuiltSite(async (deps) => {
    courseSlug = (await seedCourse(deps.db, { title: 'An island course', priceFils: 25_000 })).slug;
  });
}, 300_000);
afterAll(async () => {
  await site?.close();
});

const get = (url: string) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const scripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
const islands = (html: string) =>
  [...html.matchAll(/<div data-island="(\w+)" data-props="([^"]*)"/g)].map(([, name, props]) => ({
    name,
    props: JSON.parse((props ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<string, unknown>,
  }));
const manifest = () =>
  JSON.parse(
    fs.readFileSync(
      path.join(webRoot, process.env.WEB_BUILD_DIR ?? 'build', 'client/.vite/islands-manifest.json'),
      'utf8',
    ),
  ) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

describe('public pages as islands', () => {
  it('a public page carries the islands script and its chunks, and no React Router script', async () => {
    const entry = Object.values(manifest()).find((chunk) => chunk.isEntry);
    expect(entry).toBeDefined();
    for (const url of ['/', '/courses', `/courses/${courseSlug}`, '/contact', '/consult', '/about', '/no-such-page']) {
      const res = await get(url);
      const html = res.body;
      // Data, not code: the structured data and the islands' texts (docs/i18n.md).
      const executable = scripts(html).filter(
        ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''),
      );
      expect(html, url).toContain('<script type="application/json" id="oasis-i18n">');
      expect(
        executable.map(([whole]) => whole.slice(0, 80)),
        url,
      ).toEqual([`<script type="module" src="/${entry?.file}"></script>`]);
      expect(html, url).not.toContain('__reactRouterContext');
      // Nor the boundary React Router draws to stream its data into: no reader of that stream is
      // made during the render (apps/web/app/entry.server.tsx, islandsRouterContext).
      expect(html, url).not.toMatch(/<!--\$--><!--\/\$--><\/body>/);
      for (const imported of entry?.imports ?? []) {
        expect(html, url).toContain(`<link rel="modulepreload" href="/${manifest()[imported]?.file}"/>`);
      }
      // Plain links, as the islands' own Link draws them in the browser (components/page-link.tsx).
      expect(html, url).toMatch(/<a href="\/courses"/);
      expect(html, url).not.toContain('data-discover');
      // No inline script to allow: the policy lists no hashes.
      expect(res.headers['content-security-policy'], url).not.toMatch(/'sha256-/);
    }
  });

  it('the interactive parts are marked with their props, plain data only', async () => {
    const home = islands((await get('/')).body);
    expect(home.map((island) => island.name)).toEqual(['navbar', 'videos', 'consultationButton', 'toaster']);
    expect(home[0]?.props).toMatchObject({ brandName: expect.any(String), limits: expect.any(Object) });

    const course = islands((await get(`/courses/${courseSlug}`)).body);
    // The Buy button gets the four fields it reads, not the whole course with its modules.
    expect(course.find((island) => island.name === 'purchase')?.props).toEqual({
      course: { slug: courseSlug, price: 250, comingSoon: false, hasAccess: false },
    });
    expect(
      islands((await get('/courses?q=island')).body).find((i) => i.name === 'catalogueSearch')?.props,
    ).toMatchObject({
      q: 'island',
      sort: 'latest',
    });
  });

  it('the islands script is served as a long-cached asset', async () => {
    const entry = Object.values(manifest()).find((chunk) => chunk.isEntry);
    const res = await site.app.inject({ method: 'GET', url: `/${entry?.file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Built on Preact: no React DOM in the public pages' script.
    expect(res.body).not.toContain('Minified React error');
  });

  it("the React app's data request for a public page carries the root's texts (its page render does not)", async () => {
    // A click from a React page to a public one, in another language, revalidates the root.
    const res = await site.app.inject({ method: 'GET', url: '/ar/courses.data?_routes=root' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"messages"');
    expect(res.body).toContain('"dictionary"');
  });

  it('learner, auth and admin pages still run React Router', async () => {
    for (const url of ['/login', '/profile', '/admin/login', `/checkout/${courseSlug}`]) {
      const html = (await get(url)).body;
      expect(html, url).toContain('__reactRouterContext');
      expect(html, url).not.toMatch(/src="\/assets\/islands-/);
    }
    // React Router's own links there (the browser's router follows them).
    expect((await get('/login')).body).toContain('data-discover="true"');
  });
});
