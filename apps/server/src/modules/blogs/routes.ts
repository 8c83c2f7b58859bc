import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminBlogPageSchema, adminBlogSchema, publishBlogInputSchema } from '@oasis/shared/admin/blogs';
import { adminListQuerySchema, messageResultSchema } from '@oasis/shared/admin/common';
import { apiErrorSchema, BLOGS_PAGE_SIZE, blogListSchema, blogSchema } from '@oasis/shared/api';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { notFound } from '../../lib/errors.ts';
import { publicReadModel } from '../../read-model.ts';
import { createBlog, deleteBlog, getAdminBlog, listAdminBlogPage, setBlogPublished, updateBlog } from './service.ts';
import { adminWrite, getForAdmin } from '../../plugins/admin-routes.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });
const blogListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).optional() });
/** File fields that may carry the blog's image. */
const IMAGE_FIELDS = ['image', 'file'] as const;

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are accepted by this plugin's routes only.
  await registerUploads(app);
  const content = publicReadModel(app.deps);

  // A page of posts with their bodies, newest first (docs/product.md#blog-api): never the whole blog.
  app.get(
    '/blogs/blogs',
    { config: { publicCache: true }, schema: { querystring: blogListQuerySchema, response: { 200: blogListSchema } } },
    async (request) => content.blogPage(request.query.page ?? 1, BLOGS_PAGE_SIZE),
  );

  getForAdmin(app, '/admin/blogs', { querystring: adminListQuerySchema, response: adminBlogPageSchema }, (query) =>
    listAdminBlogPage(app.deps.db, query),
  );

  // The admin's preview: drafts included, never stored by a cache.
  app.get(
    '/admin/blogs/:slug',
    {
      config: { auth: 'admin' },
      schema: { params: slugParams, response: { 200: adminBlogSchema, 404: apiErrorSchema } },
    },
    async (request) => getAdminBlog(app.deps.db, request.params.slug),
  );

  app.get(
    '/blogs/blogs/:slug',
    {
      config: { publicCache: true },
      schema: {
        params: slugParams,
        response: { 200: blogSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const blog = await content.blog(request.params.slug);
      if (!blog) throw notFound('core.blogNotFound');
      return blog;
    },
  );

  // Admin (docs/product.md#admin-blogs): multipart, or JSON when there is no image.
  app.post(
    '/blogs/blogs',
    { config: adminWrite('blogs'), schema: { response: { 201: adminBlogSchema } } },
    async (request, reply) => {
      const form = await readForm(request, app.deps, { image: IMAGE_FIELDS });
      return reply.status(201).send(await createBlog(app.deps, form));
    },
  );

  app.put(
    '/blogs/blogs/:slug',
    { config: adminWrite('blogs'), schema: { params: slugParams, response: { 200: adminBlogSchema } } },
    async (request) => {
      const form = await readForm(request, app.deps, { image: IMAGE_FIELDS });
      return updateBlog(app.deps, request.params.slug, form);
    },
  );

  // Publish a draft, or take a post back to draft (docs/product.md#admin-blogs).
  app.put(
    '/blogs/blogs/:slug/publish',
    {
      config: adminWrite('blogs'),
      schema: { params: slugParams, body: publishBlogInputSchema, response: { 200: adminBlogSchema } },
    },
    async (request) => setBlogPublished(app.deps, request.params.slug, request.body.published),
  );

  app.delete(
    '/blogs/blogs/:slug',
    { config: adminWrite('blogs'), schema: { params: slugParams, response: { 200: messageResultSchema } } },
    async (request) => deleteBlog(app.deps, request.params.slug),
  );
};
