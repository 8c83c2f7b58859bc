import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResultSchema } from '@oasis/shared/admin';
import { apiErrorSchema, blogListSchema, blogSchema } from '@oasis/shared/api';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { MESSAGES } from '@oasis/shared/messages';
import { notFound } from '../../lib/errors.ts';
import { publicReadModel } from '../../read-model.ts';
import { createBlog, deleteBlog, updateBlog } from './service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });
/** File fields that may carry the blog's image. */
const IMAGE_FIELDS = ['image', 'file'] as const;

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are accepted by this plugin's routes only.
  await registerUploads(app);
  const content = publicReadModel(app.deps);

  app.get('/blogs/blogs', { config: { publicCache: true }, schema: { response: { 200: blogListSchema } } }, async () =>
    content.blogs(),
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
      if (!blog) throw notFound(MESSAGES.blogNotFound);
      return blog;
    },
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
