import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBlogPageSchema } from '@oasis/shared/admin/blogs';
import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import { adminCoursePageSchema } from '@oasis/shared/admin/courses';
import { seedBlog, seedCourse } from '../src/db/factories.ts';
import { blogs, courses } from '../src/db/schema.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { signIn } from './uploads.ts';

let t: TestContext;
let headers: Record<string, string>;
const size = ADMIN_LIMITS.listPageSize;
const total = size + 5;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await signIn(t.deps.db, 'admin')).headers;
  await t.deps.db.delete(blogs);
  await t.deps.db.delete(courses);
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < total; i += 1) {
    const at = new Date(start + i * 60_000);
    await seedCourse(t.deps.db, { title: i === 3 ? 'Golden 100%_Visa' : `Course ${i}`, createdAt: at });
    await seedBlog(t.deps.db, { title: i === 3 ? 'Golden 100%_Visa' : `Post ${i}`, date: at, createdAt: at });
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

describe('admin course and blog lists, paged in SQL', () => {
  it('answer a page with the total, latest first; the next page holds the rest', async () => {
    const first = adminCoursePageSchema.parse((await get('/api/admin/courses')).json());
    expect(first).toMatchObject({ total, page: 1, pageSize: size });
    expect(first.courses).toHaveLength(size);
    expect(first.courses[0]?.title).toBe(`Course ${total - 1}`);
    const second = adminCoursePageSchema.parse((await get('/api/admin/courses?page=2')).json());
    expect(second.courses.map((c) => c.title)).toEqual([
      'Course 4',
      'Golden 100%_Visa',
      'Course 2',
      'Course 1',
      'Course 0',
    ]);

    const posts = adminBlogPageSchema.parse((await get('/api/admin/blogs?page=2')).json());
    expect(posts).toMatchObject({ total, page: 2, pageSize: size });
    expect(posts.blogs.map((b) => b.title)).toEqual(['Post 4', 'Golden 100%_Visa', 'Post 2', 'Post 1', 'Post 0']);
    expect(posts.blogs[0]?.description).toContain('<');
  });

  it('search titles ignoring case, with % and _ taken literally', async () => {
    for (const [list, schema] of [
      ['courses', adminCoursePageSchema],
      ['blogs', adminBlogPageSchema],
    ] as const) {
      const found = schema.parse((await get(`/api/admin/${list}?q=${encodeURIComponent(' golden 100%_v ')}`)).json());
      expect(found.total, list).toBe(1);
      const none = schema.parse((await get(`/api/admin/${list}?q=${encodeURIComponent('100%x')}`)).json());
      expect(none.total, list).toBe(0);
    }
  });

  it('refuse bad pages and overlong searches, and stay private', async () => {
    for (const query of ['page=0', 'page=x', 'page=1.5', `q=${'a'.repeat(ADMIN_LIMITS.searchMax + 1)}`]) {
      for (const list of ['courses', 'blogs']) {
        const res = await get(`/api/admin/${list}?${query}`);
        expect(res.statusCode, `${list}?${query}`).toBe(400);
      }
    }
    const res = await get('/api/admin/blogs');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/blogs' })).statusCode).toBe(401);
  });
});
