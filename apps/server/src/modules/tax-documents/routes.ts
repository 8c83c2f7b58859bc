import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@oasis/shared/api';
import { myOrdersSchema } from '@oasis/shared/invoices';
import { currentUser } from '../../plugins/auth.ts';
import { invoicePdfForOrder, listMyOrders } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The learner's orders and the invoice downloads (docs/product.md#tax-invoices). */
export const taxDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    { config: { auth: 'user' }, schema: { response: { 200: myOrdersSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMyOrders(app.deps.db, currentUser(request).id);
    },
  );

  // The buyer's or an admin's (admin session) download; answered like a file to save.
  app.get(
    '/orders/:orderId/invoice.pdf',
    {
      config: { auth: 'user' },
      schema: { params: z.object({ orderId: z.string().trim().min(1).max(64) }) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const admin = user.role === 'admin' && request.auth?.sessionKind === 'admin';
      const { number, pdf } = await invoicePdfForOrder(app.deps.db, { id: user.id, admin }, request.params.orderId);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
