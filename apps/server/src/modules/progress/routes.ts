import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseProgressSchema, recordProgressInputSchema } from '@oasis/shared/progress';
import { currentUser } from '../../plugins/auth.ts';
import { requireCourseAccess } from '../access/service.ts';
import { getCourseProgress, recordVideoCompleted } from './service.ts';

const courseParams = z.object({ courseId: z.string().min(1) });

/** A learner's finished videos: `POST /progress`, `GET /progress/{courseId}`. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal answers: never stored by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/progress',
    {
      config: { auth: 'user' },
      schema: { body: recordProgressInputSchema, response: { 200: courseProgressSchema } },
    },
    async (request) => recordVideoCompleted(app.deps.db, currentUser(request), request.body.videoId),
  );

  app.get(
    '/progress/:courseId',
    {
      config: { auth: 'user' },
      schema: { params: courseParams, response: { 200: courseProgressSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const course = await requireCourseAccess(app.deps.db, user, request.params.courseId);
      return getCourseProgress(app.deps.db, user.id, course.id);
    },
  );
};
