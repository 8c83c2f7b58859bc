import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOGS_PAGE_SIZE, blogListSchema } from '@oasis/shared/api';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { countQueries } from '../../../test/query-counter.ts';
import { seedBlog } from '../../db/factories.ts';
import { blogs } from '../../db/schema.ts';
import { publicReadModel } from '../../read-model.ts';

let t: TestContext;
const total = BLOGS_PAGE_SIZE + 3;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.delete(blogs);
  for (let i = 0; i < total; i += 1) {
    await seedBlog(t.deps.db, {
      title: `Post ${i}`,
      date: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000),
      description: `<p>Body of post ${i}</p>`,
    });
  }
  t.deps.pageCache.invalidate();
});
afterAll(() => t.close());

const list = async (query: string) => t.app.inject({ method: 'GET', url: `/api/blogs/blogs${query}` });

describe('the public blog list in pages', () => {
  it('answers a page of posts with their bodies, newest first; page 2 holds the rest', async () => {
    const first = blogListSchema.parse((await list('')).json());
    expect(first).toHaveLength(BLOGS_PAGE_SIZE);
    expect(first[0]).toMatchObject({ title: `Post ${total - 1}`, description: `<p>Body of post ${total - 1}</p>` });
    expect(blogListSchema.parse((await list('?page=1')).json())).toEqual(first);
    const second = blogListSchema.parse((await list('?page=2')).json());
    expect(second.map((b) => b.title)).toEqual(['Post 2', 'Post 1', 'Post 0']);
    expect(blogListSchema.parse((await list('?page=3')).json())).toEqual([]);
  });

  it('refuses a page that is not a positive whole number', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '99999999999']) {
      const res = await list(`?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('reads bodies once for a page, and not at all for a slug that is no post', async () => {
    const model = publicReadModel(t.deps);
    t.deps.pageCache.invalidate();
    await model.blogs();
    // The summaries are in memory: an unknown slug is answered without the database.
    expect(await countQueries(t.deps.db, () => model.blog('no-such-post'))).toBe(0);
    // One query for a page's bodies, then none.
    expect(await countQueries(t.deps.db, () => model.blogPage(2, BLOGS_PAGE_SIZE))).toBe(1);
    expect(await countQueries(t.deps.db, () => model.blogPage(2, BLOGS_PAGE_SIZE))).toBe(0);
    expect((await model.blog('post-1'))?.description).toBe('<p>Body of post 1</p>');
  });
});
