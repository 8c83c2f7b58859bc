import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, blogListSchema, blogSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp, emptyTables, getJson } from '../../../test/helpers.ts';
import { seedBlog } from '../../db/factories.ts';
import { blogs } from '../../db/schema.ts';
import { storeImage } from '../media/service.ts';
import { uniqueBlogSlug } from './slug.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const day = (n: number) => new Date(Date.UTC(2025, 5, n, 9));

describe('GET /api/blogs/blogs', () => {
  it('answers an empty list when there are no posts', async () => {
    await emptyTables(t, blogs);
    expect(blogListSchema.parse(await getJson(t, '/api/blogs/blogs'))).toEqual([]);
  });

  it('lists posts newest first by date, with images and sanitised bodies', async () => {
    const { db } = t.deps;
    await emptyTables(t, blogs);
    const picture = await sharp({ create: { width: 1000, height: 560, channels: 3, background: '#135' } })
      .png()
      .toBuffer();
    const image = await storeImage(t.deps, picture);
    const face = await storeImage(t.deps, await sharp(picture).resize(200, 200).jpeg().toBuffer());
    await seedBlog(db, { title: 'Older post', date: day(1) });
    await seedBlog(db, {
      title: 'Why Dubai off-plan?',
      date: day(20),
      author: 'Sarah Ahmed',
      imageId: image.id,
      authorImageId: face.id,
      description:
        '<h2>Why</h2><p>Because.</p><script>document.cookie</script><iframe src="https://evil.example"></iframe>',
    });
    await seedBlog(db, { title: 'Middle post', date: day(10) });

    // Seeded straight into the database: tell the public cache, as every service write does.

    t.deps.pageCache.invalidate();

    const res = await t.app.inject({ method: 'GET', url: '/api/blogs/blogs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script|<iframe|document\.cookie/);
    const list = blogListSchema.parse(res.json());
    expect(list.map((b) => b.title)).toEqual(['Why Dubai off-plan?', 'Middle post', 'Older post']);
    const [first] = list;
    expect(first).toMatchObject({
      slug: 'why-dubai-off-plan',
      author: 'Sarah Ahmed',
      description: '<h2>Why</h2><p>Because.</p>',
      date: day(20).toISOString(),
      authorImage: `/media/images/${face.id}/200.jpg`,
    });
    expect(first?.image).toMatchObject({ url: `/media/images/${image.id}/960.jpg`, widths: [320, 640, 960] });
    expect(list[1]?.image).toBeNull();
    expect(list[1]?.authorImage).toBeNull();
  });
});

describe('GET /api/blogs/blogs/:slug', () => {
  it('answers one post', async () => {
    const { slug } = await seedBlog(t.deps.db, {
      title: 'One post',
      description: '<h2>Why</h2><p>Because.</p><script>document.cookie</script>',
    });
    t.deps.pageCache.invalidate();
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs/blogs/${slug}` });
    expect(res.statusCode).toBe(200);
    const blog = blogSchema.parse(res.json());
    expect(blog.title).toBe('One post');
    expect(blog.description).toBe('<h2>Why</h2><p>Because.</p>');
  });

  it('answers 404 with a message for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs/blogs/no-such-post' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).message).toBe('Blog not found.');
  });
});

describe('blog slugs', () => {
  it('stay unique: -2, -3 on collision', async () => {
    const { db } = t.deps;
    const a = await seedBlog(db, { title: 'Same Title' });
    const b = await seedBlog(db, { title: 'Same title!' });
    const c = await seedBlog(db, { title: 'same   TITLE' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
    // Renaming a post to its own title keeps its slug.
    expect(await uniqueBlogSlug(db, 'Same Title', a.id)).toBe('same-title');
  });
});
