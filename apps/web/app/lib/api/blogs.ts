import { adminBlogPageSchema, adminBlogSchema } from '@oasis/shared/admin/blogs';
import { messageResultSchema } from '@oasis/shared/admin/common';
import { ADMIN, call, seg } from './client';

/** The admin list: `query` is the screen's search string, '' or '?…'. */
export const listAdminBlogs = (query: string, signal?: AbortSignal) =>
  call('GET /admin/blogs', `/admin/blogs${query}`, adminBlogPageSchema, { ...ADMIN, signal });

export const getAdminBlog = (slug: string, signal?: AbortSignal) =>
  call('GET /admin/blogs/{slug}', `/admin/blogs/${seg(slug)}`, adminBlogSchema, { ...ADMIN, signal });

export const createBlog = (body: FormData) =>
  call('POST /blogs/blogs', '/blogs/blogs', adminBlogSchema, { ...ADMIN, method: 'POST', body });

export const updateBlog = (slug: string, body: FormData) =>
  call('PUT /blogs/blogs/{slug}', `/blogs/blogs/${seg(slug)}`, adminBlogSchema, { ...ADMIN, method: 'PUT', body });

export const setBlogPublished = (slug: string, published: boolean) =>
  call('PUT /blogs/blogs/{slug}/publish', `/blogs/blogs/${seg(slug)}/publish`, adminBlogSchema, {
    ...ADMIN,
    method: 'PUT',
    body: { published },
  });

export const deleteBlog = (slug: string) =>
  call('DELETE /blogs/blogs/{slug}', `/blogs/blogs/${seg(slug)}`, messageResultSchema, { ...ADMIN, method: 'DELETE' });
