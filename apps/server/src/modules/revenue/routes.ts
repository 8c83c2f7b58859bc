import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayRangeSchema, EXPORT_KINDS, revenueQuerySchema, revenueReportSchema } from '@oasis/shared/admin/revenue';
import { exportCsv } from './exports.ts';
import { getRevenue } from './service.ts';
import { getForAdmin } from '../../plugins/admin-routes.ts';

export const revenueRoutes: FastifyPluginAsyncZod = async (app) => {
  // The owner's revenue over a range (docs/product.md#revenue): admins only, never stored by a cache.
  getForAdmin(app, '/admin/revenue', { querystring: revenueQuerySchema, response: revenueReportSchema }, (query) =>
    getRevenue(app.deps.db, query),
  );

  app.get(
    '/admin/exports/:file',
    {
      config: { auth: 'admin' },
      schema: {
        params: z.object({ file: z.enum(EXPORT_KINDS.map((kind) => `${kind}.csv` as const)) }),
        querystring: dayRangeSchema,
      },
    },
    async (request, reply) => {
      const kind = EXPORT_KINDS.find((k) => `${k}.csv` === request.params.file) ?? 'orders';
      const { from, to } = request.query;
      // A byte-order mark so a spreadsheet reads Arabic names as UTF-8, then the rows batch by
      // batch as they are read.
      async function* withBom() {
        yield '\uFEFF';
        yield* exportCsv(app.deps.db, kind, { from, to });
      }
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}-${from}-to-${to}.csv"`)
          .header('cache-control', 'private, no-store')
          // One batch read ahead at most (Readable.from would buffer 16 of them).
          .send(Readable.from(withBom(), { highWaterMark: 1 }))
      );
    },
  );
};
