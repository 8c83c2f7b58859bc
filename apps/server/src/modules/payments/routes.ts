import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { findCountry } from '@oasis/shared/country-codes';
import { apiErrorSchema } from '@oasis/shared/api';
import { couponQuoteQuerySchema, couponQuoteSchema } from '@oasis/shared/coupons';
import {
  adminOrdersQuerySchema,
  adminOrdersSchema,
  initiatePaymentInputSchema,
  initiatePaymentResultSchema,
  paymentStatusSchema,
} from '@oasis/shared/payments';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { reserve } from '../../lib/attempt-limiter.ts';
import { attributionOf } from '../../lib/attribution.ts';
import { requestLocale } from '../../lib/locale.ts';
import { currentUser } from '../../plugins/auth.ts';
import { refundInputSchema, refundSchema, refundSettingsSchema } from '@oasis/shared/refunds';
import { listOrders } from './admin-orders.ts';
import { getRefundSettings, saveRefundSettings, startRefund } from './refunds.ts';
import { sandboxPageRoutes } from './sandbox-page.ts';
import { cancelReturnPath, getPaymentStatus, handleWebhook, initiatePayment, quotePrice } from './service.ts';

/**
 * The client's country as the trusted proxy names it (CLIENT_COUNTRY_HEADER, only with TRUST_PROXY):
 * two letters, or null (not configured, missing, or a value such as Cloudflare's 'XX' or 'T1').
 */
export function clientCountry(headers: IncomingHttpHeaders, header: string | undefined): string | null {
  const value = header ? headers[header] : undefined;
  const country = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return country && findCountry(country) ? country : null;
}

const paymentIdParams = z.object({ paymentIntentId: z.string().trim().min(1).max(200) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The webhook needs the exact bytes the provider signed, so this plugin (and only this one: it is
 * encapsulated) keeps request bodies as raw Buffers instead of parsing JSON.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payment/webhook',
    {
      config: { changes: [] },
      schema: { response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema } },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await handleWebhook(app.deps, raw, request.headers);
      return { received: true as const };
    },
  );
};

/**
 * Payments started per learner: each one stores an order and calls the provider, so a script
 * looping on Pay Now is stopped; a person who cancels and tries again a few times is not.
 */
export const INITIATE_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment/initiate',
    {
      config: { auth: 'user', changes: [] },
      schema: {
        body: initiatePaymentInputSchema,
        response: {
          200: initiatePaymentResultSchema,
          ...errors,
          409: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
      // After the guard and validation: only a signed-in learner's well-formed requests count.
      preHandler: async (request) => {
        await reserve(app.deps.db, [{ key: `payment-start:user:${currentUser(request).id}`, ...INITIATE_LIMIT }]);
      },
    },
    async (request) =>
      initiatePayment(
        app.deps,
        currentUser(request),
        request.body,
        requestLocale(request),
        clientCountry(request.headers, app.deps.config.clientCountryHeader),
        attributionOf(request),
      ),
  );

  // What checkout shows: the price, a coupon's discount (or why the code is refused) and the total.
  app.get(
    '/payment/quote',
    {
      config: { auth: 'user' },
      schema: {
        querystring: couponQuoteQuerySchema,
        response: { 200: couponQuoteSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return quotePrice(app.deps, currentUser(request), request.query);
    },
  );

  app.get(
    '/payment/status/:paymentIntentId',
    {
      config: { auth: 'user' },
      schema: { params: paymentIdParams, response: { 200: paymentStatusSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getPaymentStatus(app.deps, currentUser(request), request.params.paymentIntentId);
    },
  );

  // Stripe cannot put its session id into cancel_url: it returns here and we send the buyer on.
  app.get(
    '/payment/return/:orderId/cancel',
    { schema: { params: z.object({ orderId: z.string().trim().min(1).max(64) }) } },
    async (request, reply) => reply.redirect(await cancelReturnPath(app.deps, request.params.orderId), 303),
  );

  app.get(
    '/admin/orders',
    {
      config: { auth: 'admin' },
      schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listOrders(app.deps, request.query);
    },
  );

  // A refund of a paid order, in full or in part (docs/product.md#refunds). A full one may remove
  // the learner's enrolment: learner counts on public pages change.
  app.post(
    '/admin/orders/:orderId/refunds',
    {
      config: { auth: 'admin', changes: ['enrolments'] },
      schema: {
        params: z.object({ orderId: z.string().trim().min(1).max(64) }),
        body: refundInputSchema,
        response: { 200: refundSchema, ...errors, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return startRefund(app.deps, request.params.orderId, request.body);
    },
  );

  app.get(
    '/admin/settings/refunds',
    { config: { auth: 'admin' }, schema: { response: { 200: refundSettingsSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getRefundSettings(app.deps.db);
    },
  );

  app.put(
    '/admin/settings/refunds',
    {
      config: { auth: 'admin', changes: [] },
      schema: { body: refundSettingsSchema, response: { 200: refundSettingsSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return saveRefundSettings(app.deps.db, request.body);
    },
  );

  await app.register(webhookRoutes);
  if (app.deps.payments instanceof SandboxPaymentProvider) await app.register(sandboxPageRoutes);
};
