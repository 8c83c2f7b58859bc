import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseProgressSchema,
  recordProgressInputSchema,
  watchReportInputSchema,
  watchReportResultSchema,
} from '@oasis/shared/progress';
import { currentUser } from '../../plugins/auth.ts';
import { requireCourseAccess } from '../access/service.ts';
import { getCourseProgress, recordVideoCompleted, recordWatchReport } from './service.ts';

const courseParams = z.object({ courseId: z.string().min(1) });
const videoParams = z.object({ videoId: z.string().min(1).max(64) });

/**
 * A learner's finished videos: `POST /progress`, `GET /progress/{courseId}`, and the player's
 * periodic reports for courses that require watching: `POST /progress/videos/{videoId}/watch`.
 */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal answers: never stored by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/progress',
    {
      config: { auth: 'user', changes: [] },
      schema: { body: recordProgressInputSchema, response: { 200: courseProgressSchema } },
    },
    async (request) => recordVideoCompleted(app.deps.db, currentUser(request), request.body.videoId),
  );

  app.post(
    '/progress/videos/:videoId/watch',
    {
      config: { auth: 'user', changes: [] },
      schema: { params: videoParams, body: watchReportInputSchema, response: { 200: watchReportResultSchema } },
    },
    async (request) => recordWatchReport(app.deps, currentUser(request), request.params.videoId, request.body),
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
