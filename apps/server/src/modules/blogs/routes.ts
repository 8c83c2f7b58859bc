import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResultSchema } from '@oasis/shared/admin';
import { apiErrorSchema, blogListSchema, blogSchema } from '@oasis/shared/api';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { createBlog, deleteBlog, listBlogs, requireBlog, updateBlog } from './service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });
/** File fields that may carry the blog's image. */
const IMAGE_FIELDS = ['image', 'file'] as const;

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are accepted by this plugin's routes only.
  await registerUploads(app);

  app.get('/blogs/blogs', { config: { publicCache: true }, schema: { response: { 200: blogListSchema } } }, async () =>
    listBlogs(app.deps.db),
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
    async (request) => requireBlog(app.deps.db, request.params.slug),
  );

  // Admin (spec §7 paths): multipart, or JSON when there is no image.
  app.post(
    '/blogs/blogs',
    { config: { auth: 'admin' }, schema: { response: { 201: blogSchema } } },
    async (request, reply) => {
      const form = await readForm(request, app.deps, { image: IMAGE_FIELDS });
      return reply.status(201).send(await createBlog(app.deps, form));
    },
  );

  app.put(
    '/blogs/blogs/:slug',
    { config: { auth: 'admin' }, schema: { params: slugParams, response: { 200: blogSchema } } },
    async (request) => {
      const form = await readForm(request, app.deps, { image: IMAGE_FIELDS });
      return updateBlog(app.deps, request.params.slug, form);
    },
  );

  app.delete(
    '/blogs/blogs/:slug',
    { config: { auth: 'admin' }, schema: { params: slugParams, response: { 200: messageResultSchema } } },
    async (request) => deleteBlog(app.deps, request.params.slug),
  );
};
