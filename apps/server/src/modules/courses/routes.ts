import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, courseDetailSchema, courseListSchema, moduleSchema } from '@oasis/shared/api';
import { COURSE_SORTS, type CourseSort } from '@oasis/shared/limits';
import { listCourseModules, listCourses, requireCourseDetail, type Viewer } from './service.ts';

const sortKeys = Object.keys(COURSE_SORTS) as [CourseSort, ...CourseSort[]];

export async function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
  const auth = await request.getAuth();
  return auth ? { id: auth.user.id, role: auth.user.role } : null;
}

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/course',
    {
      schema: {
        querystring: z.object({
          search: z.string().max(200).optional(),
          sort: z.enum(sortKeys).optional(),
        }),
        response: { 200: courseListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listCourses(app.deps.db, request.query),
  );

  app.get(
    '/courses/course/slug/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: courseDetailSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks (video URLs): shared caches must not keep it.
      reply.header('cache-control', 'private, no-store');
      return requireCourseDetail(app.deps.db, request.params.slug, await viewerOf(request));
    },
  );

  app.get(
    '/courses/course/:courseId/modules',
    {
      schema: {
        params: z.object({ courseId: z.string().min(1).max(200) }),
        response: { 200: z.array(moduleSchema), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listCourseModules(app.deps.db, request.params.courseId, await viewerOf(request));
    },
  );
};
