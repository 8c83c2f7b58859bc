import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@oasis/shared/api';
import { adminCouponListSchema, adminCouponSchema, couponInputSchema } from '@oasis/shared/coupons';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './service.ts';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * The admin's coupons. No public page shows a coupon, so no write changes public content
 * (`changes: []`); the price a code gives is computed at checkout (payments/service.ts).
 */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/coupons',
    { config: { auth: 'admin' }, schema: { response: { 200: adminCouponListSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { coupons: await listCoupons(app.deps.db) };
    },
  );

  app.post(
    '/admin/coupons',
    {
      config: { auth: 'admin', changes: [] },
      schema: { body: couponInputSchema, response: { 201: adminCouponSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createCoupon(app.deps.db, request.body)),
  );

  app.put(
    '/admin/coupons/:id',
    {
      config: { auth: 'admin', changes: [] },
      schema: { params: idParams, body: couponInputSchema, response: { 200: adminCouponSchema, ...errors } },
    },
    async (request) => updateCoupon(app.deps.db, request.params.id, request.body),
  );

  app.delete(
    '/admin/coupons/:id',
    {
      config: { auth: 'admin', changes: [] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteCoupon(app.deps.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
