import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@oasis/shared/api';
import { myOrdersSchema } from '@oasis/shared/invoices';
import { currentUser } from '../../plugins/auth.ts';
import { sendPrivateFile } from '../../plugins/private-answers.ts';
import { creditNotePdfForOrder } from './credit-notes.ts';
import { invoicePdfForOrder, invoiceXmlForOrder, listMyOrders } from './service.ts';

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
      return sendPrivateFile(reply, `${number}.pdf`, 'application/pdf', pdf);
    },
  );

  // A credit note of the order, for its buyer or an admin (admin session), like the invoice.
  app.get(
    '/orders/:orderId/credit-notes/:documentId.pdf',
    {
      config: { auth: 'user' },
      schema: {
        params: z.object({
          orderId: z.string().trim().min(1).max(64),
          documentId: z.string().trim().min(1).max(64),
        }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const admin = user.role === 'admin' && request.auth?.sessionKind === 'admin';
      const { orderId, documentId } = request.params;
      const { number, pdf } = await creditNotePdfForOrder(app.deps.db, { id: user.id, admin }, orderId, documentId);
      return sendPrivateFile(reply, `${number}.pdf`, 'application/pdf', pdf);
    },
  );

  // The PINT AE e-invoice of a business buyer's invoice, for the owner (Orders); a file to save.
  app.get(
    '/admin/orders/:orderId/invoice.xml',
    {
      config: { auth: 'admin' },
      schema: { params: z.object({ orderId: z.string().trim().min(1).max(64) }) },
    },
    async (request, reply) => {
      const { number, xml } = await invoiceXmlForOrder(app.deps.db, request.params.orderId);
      return sendPrivateFile(reply, `${number}.xml`, 'application/xml; charset=utf-8', xml);
    },
  );
};
