import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseCompletionSchema,
  courseProgressSchema,
  recordProgressInputSchema,
  reminderSettingsSchema,
  watchReportInputSchema,
  watchReportResultSchema,
} from '@oasis/shared/progress';
import { currentUser } from '../../plugins/auth.ts';
import { requireCourseAccess } from '../access/service.ts';
import { getCourseCompletion, recordCompletionIfComplete } from './completion.ts';
import { remindersEnabled, setRemindersEnabled } from './reminders.ts';
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
    async (request) => {
      const user = currentUser(request);
      const progress = await recordVideoCompleted(app.deps.db, user, request.body.videoId);
      if (progress.completed) await recordCompletionIfComplete(app.deps, user.id, progress.courseId);
      return progress;
    },
  );

  app.post(
    '/progress/videos/:videoId/watch',
    {
      config: { auth: 'user', changes: [] },
      schema: { params: videoParams, body: watchReportInputSchema, response: { 200: watchReportResultSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await recordWatchReport(app.deps, user, request.params.videoId, request.body);
      if (result.progress.completed) await recordCompletionIfComplete(app.deps, user.id, result.progress.courseId);
      return result;
    },
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

  // The finish line as the watch page shows it (recorded by the last lesson or the passing attempt).
  app.get(
    '/progress/:courseId/completion',
    {
      config: { auth: 'user' },
      schema: { params: courseParams, response: { 200: courseCompletionSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const course = await requireCourseAccess(app.deps.db, user, request.params.courseId);
      return getCourseCompletion(app.deps.db, user.id, course.id);
    },
  );

  // The owner's switch for the coming-back reminder (reminders.ts).
  app.get(
    '/admin/settings/reminders',
    { config: { auth: 'admin' }, schema: { response: { 200: reminderSettingsSchema } } },
    async () => ({ comebackReminders: await remindersEnabled(app.deps.db) }),
  );

  app.put(
    '/admin/settings/reminders',
    {
      config: { auth: 'admin', changes: [] },
      schema: { body: reminderSettingsSchema, response: { 200: reminderSettingsSchema } },
    },
    async (request) => ({
      comebackReminders: await setRemindersEnabled(app.deps.db, request.body.comebackReminders),
    }),
  );
};
