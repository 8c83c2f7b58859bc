import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '@oasis/shared/admin/dashboard';
import { courseCompletionFiguresSchema } from '@oasis/shared/progress';
import { getAdminDashboard, getCompletionFigures } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The owner's figures (docs/product.md#admin-dashboard): admins only, never stored by a cache.
  app.get(
    '/admin/dashboard',
    { config: { auth: 'admin' }, schema: { response: { 200: adminDashboardSchema } } },
    async () => getAdminDashboard(app.deps.db),
  );

  app.get(
    '/admin/dashboard/completions',
    { config: { auth: 'admin' }, schema: { response: { 200: courseCompletionFiguresSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getCompletionFigures(app.deps.db);
    },
  );
};
