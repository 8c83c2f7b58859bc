import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { PUBLIC_PAGES, rawHtml, SEED } from './support/public';

function tag(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? 'null'),
  );
}

test.describe('head tags of every public page', () => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();

  for (const { path } of PUBLIC_PAGES) {
    test(`${path}: title, description, canonical, Open Graph and Twitter`, async ({ request }) => {
      const { html } = await rawHtml(request, path);
      const title = tag(html, /<title>([^<]+)<\/title>/);
      const description = tag(html, /<meta name="description" content="([^"]+)"/);
      expect(title).toBeTruthy();
      expect(description?.length).toBeGreaterThan(50);
      const canonical = tag(html, /<link rel="canonical" href="([^"]+)"/);
      const expected = path === '/home' ? '/' : path;
      expect(canonical).toBe(`${baseURL}${expected}`);
      expect(tag(html, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
      expect(tag(html, /<meta property="og:title" content="([^"]+)"/)).toBeTruthy();
      expect(tag(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^https?:\/\//);
      expect(tag(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
      if (path !== '/home') {
        expect(titles.has(title ?? ''), `title of ${path} is unique`).toBe(false);
        expect(descriptions.has(description ?? ''), `description of ${path} is unique`).toBe(false);
        titles.add(title ?? '');
        descriptions.add(description ?? '');
      }
    });
  }
});

test('home has Organization structured data', async ({ request }) => {
  const { html } = await rawHtml(request, '/');
  const org = jsonLd(html).find((d) => d['@type'] === 'Organization');
  expect(org).toMatchObject({ '@context': 'https://schema.org', url: `${baseURL}/` });
  expect(org?.name).toBeTruthy();
});

test('a course has Course structured data and its own share image', async ({ request }) => {
  const { html } = await rawHtml(request, `/courses/${SEED.flagship.slug}`);
  const course = jsonLd(html).find((d) => d['@type'] === 'Course');
  expect(course).toMatchObject({
    name: SEED.flagship.title,
    url: `${baseURL}/courses/${SEED.flagship.slug}`,
    offers: { price: '888.00', priceCurrency: 'AED' },
  });
  const image = tag(html, /<meta property="og:image" content="([^"]+)"/);
  expect(image).toMatch(new RegExp(`^${baseURL}/media/`));
  const fetched = await request.get(image ?? '');
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()['content-type']).toMatch(/^image\//);
});

test('a blog has BlogPosting structured data and its own share image', async ({ request }) => {
  const { html } = await rawHtml(request, `/blogs/${SEED.blog.slug}`);
  const post = jsonLd(html).find((d) => d['@type'] === 'BlogPosting');
  expect(post).toMatchObject({ headline: SEED.blog.title, url: `${baseURL}/blogs/${SEED.blog.slug}` });
  expect(post?.datePublished).toBeTruthy();
  expect(tag(html, /<meta property="og:type" content="([^"]+)"/)).toBe('article');
  expect(tag(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(new RegExp(`^${baseURL}/media/`));
});

test('sitemap.xml lists the public pages, every course and every blog, with lastmod', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const p of ['/', '/about', '/why-dubai', '/courses', '/contact', '/consult', '/privacy-policy']) {
    expect(locs).toContain(`${baseURL}${p}`);
  }
  const courses = (await (await request.get('/api/courses/course')).json()) as { slug: string }[];
  const blogs = (await (await request.get('/api/blogs/blogs')).json()) as { slug: string }[];
  for (const c of courses) expect(locs).toContain(`${baseURL}/courses/${c.slug}`);
  for (const b of blogs) expect(locs).toContain(`${baseURL}/blogs/${b.slug}`);
  expect(xml).toMatch(new RegExp(`<loc>${baseURL}/courses/${SEED.flagship.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}`));
  expect(locs).not.toContain(`${baseURL}/home`);
});

test('robots.txt keeps crawlers out of private paths and points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/text\/plain/);
  const text = await response.text();
  for (const p of [
    '/admin',
    '/profile',
    '/enrolledCourse',
    '/watch',
    '/checkout',
    '/success',
    '/cancel',
    '/login',
    '/ar/admin',
    '/ar/profile',
    '/ar/login',
    '/ar/checkout',
    '/api',
  ]) {
    expect(text).toContain(`Disallow: ${p}\n`);
  }
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('images are sized, lazy below the fold, and fall back to files that exist', async ({ page, request }) => {
  await page.goto('/courses');
  const images = page.locator('main img');
  const count = await images.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    await expect(images.nth(i)).toHaveAttribute('width', /^\d+$/);
    await expect(images.nth(i)).toHaveAttribute('height', /^\d+$/);
    // The first row is above the fold; the rest wait until they are scrolled to.
    await expect(images.nth(i)).toHaveAttribute('loading', i < 3 ? 'eager' : 'lazy');
  }
  for (const file of ['/default-thumbnail.jpg', '/placeholder.jpg', '/og-default.jpg', '/favicon.svg']) {
    expect((await request.get(file)).status(), file).toBe(200);
  }
});
