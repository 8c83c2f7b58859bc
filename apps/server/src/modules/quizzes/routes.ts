import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminQuizListSchema,
  adminQuizSchema,
  courseQuizSchema,
  createQuizInputSchema,
  deleteQuizQuestionResultSchema,
  QUIZ_MESSAGES,
  quizAttemptInputSchema,
  quizAttemptResultSchema,
  quizQuestionInputSchema,
  quizSettingsSchema,
} from '@oasis/shared/quiz';
import { currentUser } from '../../plugins/auth.ts';
import {
  addQuizQuestions,
  deleteQuizQuestion,
  getCourseQuiz,
  listQuizzes,
  parseQuestionIndex,
  submitQuizAttempt,
  updateQuizQuestion,
  updateQuizSettings,
} from './service.ts';
import { adminWrite } from '../../plugins/admin-routes.ts';

const courseParams = z.object({ courseId: z.string().min(1) });
const questionParams = z.object({ quizId: z.string().min(1), index: z.string() });
const quizParams = z.object({ quizId: z.string().min(1).max(64) });

/** Course quizzes: taken by learners (graded here), written by admins. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scores and correct answers are personal or secret: never stored by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // Learners (and admins) with access to the course.
  app.get(
    '/quiz/course/:courseId',
    { config: { auth: 'user' }, schema: { params: courseParams, response: { 200: courseQuizSchema } } },
    async (request) => getCourseQuiz(app.deps.db, request.auth!, request.params.courseId),
  );

  app.post(
    '/quiz/course/:courseId/attempts',
    {
      config: { auth: 'user', changes: [] },
      schema: { params: courseParams, body: quizAttemptInputSchema, response: { 201: quizAttemptResultSchema } },
    },
    async (request, reply) => {
      const result = await submitQuizAttempt(app.deps, currentUser(request), request.params.courseId, request.body);
      return reply.status(201).send(result);
    },
  );

  // Admins.
  app.post(
    '/quiz/quizzes',
    {
      config: adminWrite('catalogue'),
      schema: { body: createQuizInputSchema, response: { 200: adminQuizSchema, 201: adminQuizSchema } },
    },
    async (request, reply) => {
      const { quiz, created } = await addQuizQuestions(app.deps, request.body);
      return reply.status(created ? 201 : 200).send(quiz);
    },
  );

  app.get(
    '/quiz/quizzes',
    { config: { auth: 'admin' }, schema: { response: { 200: adminQuizListSchema } } },
    async () => ({ quizzes: await listQuizzes(app.deps.db) }),
  );

  app.put(
    '/quiz/quizzes/:quizId/settings',
    {
      config: adminWrite(),
      schema: { params: quizParams, body: quizSettingsSchema, response: { 200: adminQuizSchema } },
    },
    async (request) => updateQuizSettings(app.deps.db, request.params.quizId, request.body),
  );

  app.put(
    '/quiz/quizzes/:quizId/questions/:index',
    {
      config: adminWrite(),
      schema: { params: questionParams, body: quizQuestionInputSchema, response: { 200: adminQuizSchema } },
    },
    async (request) =>
      updateQuizQuestion(app.deps.db, request.params.quizId, parseQuestionIndex(request.params.index), request.body),
  );

  app.delete(
    '/quiz/quizzes/:quizId/questions/:index',
    {
      config: adminWrite('catalogue'),
      schema: { params: questionParams, response: { 200: deleteQuizQuestionResultSchema } },
    },
    async (request) => {
      const quiz = await deleteQuizQuestion(app.deps, request.params.quizId, parseQuestionIndex(request.params.index));
      return { message: QUIZ_MESSAGES.questionDeleted, quiz };
    },
  );
};
