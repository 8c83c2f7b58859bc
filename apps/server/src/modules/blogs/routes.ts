import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, blogListSchema, blogSchema } from '@oasis/shared/api';
import { listBlogs, requireBlog } from './service.ts';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blogs/blogs', { schema: { response: { 200: blogListSchema } } }, async () => listBlogs(app.deps.db));

  app.get(
    '/blogs/blogs/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: blogSchema, 404: apiErrorSchema },
      },
    },
    async (request) => requireBlog(app.deps.db, request.params.slug),
  );
};
