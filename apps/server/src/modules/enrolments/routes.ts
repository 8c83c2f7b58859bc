import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@oasis/shared/api';
import { enrolledCourseListSchema } from '@oasis/shared/progress';
import { currentUser } from '../../plugins/auth.ts';
import { listEnrolledCourses } from './service.ts';

export const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/enrolled',
    { config: { auth: 'user' }, schema: { response: { 200: enrolledCourseListSchema, 401: apiErrorSchema } } },
    async (request) => ({ courses: await listEnrolledCourses(app.deps.db, currentUser(request).id) }),
  );
};
