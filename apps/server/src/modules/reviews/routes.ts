import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResultSchema } from '@oasis/shared/admin/common';
import {
  adminReviewListSchema,
  adminReviewQuerySchema,
  myReviewSchema,
  reorderTestimonialsInputSchema,
  reviewInputSchema,
  reviewStatusInputSchema,
  testimonialInputSchema,
  testimonialListSchema,
  testimonialSchema,
} from '@oasis/shared/reviews';
import { adminWrite, getForAdmin, idParams } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import { publicReadModel } from '../../read-model.ts';
import { getMyReview, listAdminReviews, saveMyReview, setReviewStatus } from './service.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  reorderTestimonials,
  updateTestimonial,
} from './testimonials.ts';

const courseParams = z.object({ courseId: z.string().min(1).max(64) });

/**
 * Course reviews (a learner's own, the owner's queue) and testimonials (docs/product.md#reviews).
 * Public pages read approved reviews and testimonials from the read model; every write here names
 * the part it changes, so those pages change at once.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = publicReadModel(app.deps);

  app.get(
    '/reviews/courses/:courseId/mine',
    { config: { auth: 'user' }, schema: { params: courseParams, response: { 200: myReviewSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyReview(app.deps.db, currentUser(request).id, request.params.courseId);
    },
  );

  // An edit of an approved review takes it off the public page until approved again.
  app.put(
    '/reviews/courses/:courseId/mine',
    {
      config: { auth: 'user', changes: ['reviews'] },
      schema: { params: courseParams, body: reviewInputSchema, response: { 200: myReviewSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return saveMyReview(app.deps.db, currentUser(request).id, request.params.courseId, request.body);
    },
  );

  getForAdmin(
    app,
    '/admin/reviews',
    { querystring: adminReviewQuerySchema, response: adminReviewListSchema },
    (query) => listAdminReviews(app.deps.db, query),
  );

  app.put(
    '/admin/reviews/:id/status',
    {
      config: adminWrite('reviews'),
      schema: { params: idParams, body: reviewStatusInputSchema, response: { 200: messageResultSchema } },
    },
    async (request) => setReviewStatus(app.deps.db, request.params.id, request.body.status),
  );

  app.get(
    '/testimonials',
    { config: { publicCache: true }, schema: { response: { 200: testimonialListSchema } } },
    async () => content.testimonials(),
  );

  app.get(
    '/admin/testimonials',
    { config: { auth: 'admin' }, schema: { response: { 200: testimonialListSchema } } },
    async () => listTestimonials(app.deps.db),
  );

  app.post(
    '/admin/testimonials',
    {
      config: adminWrite('testimonials'),
      schema: { body: testimonialInputSchema, response: { 201: testimonialSchema } },
    },
    async (request, reply) => reply.status(201).send(await createTestimonial(app.deps.db, request.body)),
  );

  app.put(
    '/admin/testimonials/reorder',
    {
      config: adminWrite('testimonials'),
      schema: { body: reorderTestimonialsInputSchema, response: { 200: testimonialListSchema } },
    },
    async (request) => reorderTestimonials(app.deps.db, request.body.ids),
  );

  app.put(
    '/admin/testimonials/:id',
    {
      config: adminWrite('testimonials'),
      schema: { params: idParams, body: testimonialInputSchema, response: { 200: testimonialSchema } },
    },
    async (request) => updateTestimonial(app.deps.db, request.params.id, request.body),
  );

  app.delete(
    '/admin/testimonials/:id',
    { config: adminWrite('testimonials'), schema: { params: idParams, response: { 200: messageResultSchema } } },
    async (request) => deleteTestimonial(app.deps.db, request.params.id),
  );
};
