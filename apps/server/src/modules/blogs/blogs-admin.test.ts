import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminBlogPageSchema, adminBlogSchema } from '@oasis/shared/admin/blogs';
import { blogSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { findMedia, jpeg, multipart, setUpSignIn, signIn } from '../../../test/uploads.ts';
import { seedBlog } from '../../db/factories.ts';
import { blogs } from '../../db/schema.ts';
import { createPublicSiteData } from '../../site-data.ts';
import { IMAGE_MESSAGES } from '../media/service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);
/** A request with the admin's session. */
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

const XSS_BODY =
  '<h2>Title</h2><p>Body <em>text</em></p><script>alert(1)</script><img src="/media/x.jpg" onerror="alert(2)"><p onmouseover="x()">hover</p>';

async function postBlog(fields: Parameters<typeof multipart>[0]) {
  const form = await multipart(fields, admin.headers);
  return t.app.inject({ method: 'POST', url: '/api/blogs/blogs', ...form });
}

const publish = (slug: string, published: boolean) =>
  asAdmin('PUT', `/api/blogs/blogs/${encodeURIComponent(slug)}/publish`, { published });

function expectNoScript(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/<script|onerror|onmouseover|javascript:/i);
}

describe('POST /api/blogs/blogs', () => {
  it('creates a post with an image and a date: 201, sanitised body, unique slug', async () => {
    const before = t.deps.pageCache.version;
    const res = await postBlog({
      title: ' Why Dubai? ',
      author: 'Sarah Ahmed',
      description: XSS_BODY,
      date: '2025-06-29',
      image: { data: await jpeg(800, 450), filename: 'cover.webp', type: 'image/webp' },
    });
    expect(res.statusCode).toBe(201);
    const blog = blogSchema.parse(res.json());
    expect(blog).toMatchObject({
      title: 'Why Dubai?',
      slug: 'why-dubai',
      author: 'Sarah Ahmed',
      date: '2025-06-29T08:00:00.000Z',
    });
    expect(blog.description).toContain('<em>text</em>');
    expectNoScript(blog);
    expect(blog.image?.url).toMatch(/^\/media\/images\//);
    const [row] = await t.deps.db.select().from(blogs).where(eq(blogs.id, blog._id));
    expectNoScript(row);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);

    const again = await postBlog({ title: 'Why Dubai?', author: 'A', description: '<p>x</p>' });
    expect(again.json()).toMatchObject({ slug: 'why-dubai-2', image: null });

    // A title in Arabic gets a readable slug of its own, and its page answers at it once published.
    const arabic = await postBlog({ title: 'لماذا دبي؟', author: 'A', description: '<p>x</p>' });
    expect(arabic.json()).toMatchObject({ title: 'لماذا دبي؟', slug: 'lmadha-dbi', publishedAt: null });
    await publish('lmadha-dbi', true);
    await publish(blog.slug, true);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/blogs/lmadha-dbi' })).json()).toMatchObject({
      title: 'لماذا دبي؟',
    });

    // Every answer and the page data stay clean.
    for (const url of ['/api/blogs/blogs', `/api/blogs/blogs/${blog.slug}`]) {
      expectNoScript((await t.app.inject({ method: 'GET', url })).json());
    }
    expectNoScript(await createPublicSiteData(t.deps).blog(blog.slug));
    expectNoScript(await createPublicSiteData(t.deps).blogs());
  });

  it('title and author are required; a bad date or a disguised image is refused', async () => {
    for (const fields of [{ title: '', author: 'A' }, { title: 'T', author: '  ' }, {}]) {
      const res = await postBlog(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.blogFieldsRequired);
    }
    const date = await postBlog({ title: 'T', author: 'A', date: 'yesterday' });
    expect(date.json()).toMatchObject({
      message: ADMIN_MESSAGES.dateInvalid,
      errors: { date: ADMIN_MESSAGES.dateInvalid },
    });
    const disguised = await postBlog({
      title: 'T',
      author: 'A',
      image: { data: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'x.png', type: 'image/png' },
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe(IMAGE_MESSAGES.unsupported);
    expect(await t.deps.db.select().from(blogs).where(eq(blogs.title, 'T'))).toEqual([]);
  });
});

describe('PUT /api/blogs/blogs/:slug', () => {
  it('updates with JSON (no image): the slug stays, the body is sanitised', async () => {
    const blog = await seedBlog(t.deps.db, { title: 'Original', author: 'Old' });
    const res = await asAdmin('PUT', `/api/blogs/blogs/${blog.slug}`, {
      title: 'Edited',
      author: 'New',
      description: XSS_BODY,
    });
    expect(res.statusCode).toBe(200);
    const updated = blogSchema.parse(res.json());
    expect(updated).toMatchObject({ slug: blog.slug, title: 'Edited', author: 'New' });
    expectNoScript(updated);
  });

  it('updates with multipart and a new image; the old image files are deleted', async () => {
    const created = blogSchema.parse(
      (
        await postBlog({
          title: 'With Image',
          author: 'A',
          image: { data: await jpeg(500, 300), filename: 'a.jpg', type: 'image/jpeg' },
        })
      ).json(),
    );
    const [before] = await t.deps.db.select().from(blogs).where(eq(blogs.id, created._id));
    const oldImage = await findMedia(t.deps.db, before?.imageId);
    const form = await multipart(
      {
        title: 'With Image',
        author: 'B',
        image: { data: await jpeg(600, 300, '#333'), filename: 'b.jpg', type: 'image/jpeg' },
      },
      admin.headers,
    );
    const res = await t.app.inject({ method: 'PUT', url: `/api/blogs/blogs/${created.slug}`, ...form });
    expect(res.statusCode).toBe(200);
    expect(res.json().image.base).not.toBe(created.image?.base);
    expect(await t.deps.storage.size(`${oldImage?.key}/320.jpg`)).toBeNull();
  });

  it('refuses a missing title or author; unknown slug is 404', async () => {
    const blog = await seedBlog(t.deps.db);
    const res = await asAdmin('PUT', `/api/blogs/blogs/${blog.slug}`, { title: '', author: 'A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_MESSAGES.blogFieldsRequired);
    const missing = await asAdmin('PUT', '/api/blogs/blogs/nope', { title: 'T', author: 'A' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Blog not found.');
  });
});

describe('DELETE /api/blogs/blogs/:slug', () => {
  it('deletes the post and its image files', async () => {
    const created = blogSchema.parse(
      (await postBlog({ title: 'Doomed', author: 'A', image: { data: await jpeg(), filename: 'd.jpg' } })).json(),
    );
    const [row] = await t.deps.db.select().from(blogs).where(eq(blogs.id, created._id));
    const image = await findMedia(t.deps.db, row?.imageId);
    const before = t.deps.pageCache.version;
    const res = await asAdmin('DELETE', `/api/blogs/blogs/${created.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MESSAGES.blogDeleted });
    expect(await t.deps.db.select().from(blogs).where(eq(blogs.id, created._id))).toEqual([]);
    expect(await t.deps.storage.size(`${image?.key}/320.jpg`)).toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/blogs/${created.slug}` })).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/blogs/blogs/${created.slug}`)).statusCode).toBe(404);
  });
});

describe('drafts: new posts start as drafts, published by the admin', () => {
  const getPublic = (url: string) => t.app.inject({ method: 'GET', url });

  it('a new post is a draft: in the admin list and preview, on no public page, list or API', async () => {
    const res = await postBlog({ title: 'Draft Only', author: 'A', description: '<p>Secret plans</p>' });
    expect(res.statusCode).toBe(201);
    const draft = adminBlogSchema.parse(res.json());
    expect(draft.publishedAt).toBeNull();
    const [row] = await t.deps.db.select().from(blogs).where(eq(blogs.id, draft._id));
    expect(row?.publishedAt).toBeNull();

    expect((await getPublic(`/api/blogs/blogs/${draft.slug}`)).statusCode).toBe(404);
    expect(
      blogSchema
        .array()
        .parse((await getPublic('/api/blogs/blogs')).json())
        .map((b) => b.slug),
    ).not.toContain(draft.slug);
    const site = createPublicSiteData(t.deps);
    expect(await site.blog(draft.slug)).toBeNull();
    expect((await site.blogs()).map((b) => b.slug)).not.toContain(draft.slug);

    const list = adminBlogPageSchema.parse((await asAdmin('GET', '/api/admin/blogs?q=Draft%20Only')).json());
    expect(list.blogs).toEqual([expect.objectContaining({ slug: draft.slug, publishedAt: null })]);

    const preview = await asAdmin('GET', `/api/admin/blogs/${draft.slug}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(adminBlogSchema.parse(preview.json())).toMatchObject({
      slug: draft.slug,
      description: '<p>Secret plans</p>',
    });
  });

  it('publish shows it everywhere (the page cache renewed); unpublish takes it back', async () => {
    const draft = adminBlogSchema.parse((await postBlog({ title: 'Going Live', author: 'A' })).json());
    const site = createPublicSiteData(t.deps);
    expect(await site.blog(draft.slug)).toBeNull();

    let version = t.deps.pageCache.version;
    const published = await publish(draft.slug, true);
    expect(published.statusCode).toBe(200);
    const first = adminBlogSchema.parse(published.json()).publishedAt;
    expect(first).not.toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(version);
    expect((await getPublic(`/api/blogs/blogs/${draft.slug}`)).statusCode).toBe(200);
    expect((await site.blogs()).map((b) => b.slug)).toContain(draft.slug);

    // Publishing again keeps the first publication time.
    expect(adminBlogSchema.parse((await publish(draft.slug, true)).json()).publishedAt).toBe(first);

    version = t.deps.pageCache.version;
    const unpublished = await publish(draft.slug, false);
    expect(adminBlogSchema.parse(unpublished.json()).publishedAt).toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(version);
    expect((await getPublic(`/api/blogs/blogs/${draft.slug}`)).statusCode).toBe(404);
    expect(await site.blog(draft.slug)).toBeNull();
    expect((await site.blogs()).map((b) => b.slug)).not.toContain(draft.slug);
  });

  it('publish and preview are for admins; a bad body is a 400, an unknown post a 404', async () => {
    const blog = await seedBlog(t.deps.db, { publishedAt: null });
    const learner = await signIn(t.deps.db, 'learner');
    for (const headers of [{}, learner.headers]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/blogs/blogs/${blog.slug}/publish`,
        headers,
        payload: { published: true },
      });
      expect([401, 403]).toContain(put.statusCode);
      const get = await t.app.inject({ method: 'GET', url: `/api/admin/blogs/${blog.slug}`, headers });
      expect([401, 403]).toContain(get.statusCode);
    }
    const [row] = await t.deps.db.select().from(blogs).where(eq(blogs.id, blog.id));
    expect(row?.publishedAt).toBeNull();

    for (const payload of [{}, { published: 'yes' }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/blogs/blogs/${blog.slug}/publish`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await publish('no-such-post', true)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admin/blogs/no-such-post')).statusCode).toBe(404);
  });
});
