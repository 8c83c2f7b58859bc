import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attributionQuerySchema, attributionReportSchema } from '@oasis/shared/attribution';
import { fmt, messagesFor } from '@oasis/shared/i18n';
import { WHATSAPP_PATH, WHATSAPP_TITLE_MAX, whatsappQuerySchema, whatsappTarget } from '@oasis/shared/whatsapp';
import { toCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { publicReadModel } from '../../read-model.ts';
import { attributionCsvRows, countWhatsappPress, getAttributionReport, pageLocale } from './service.ts';

const PRIVATE_NO_STORE = 'private, no-store';

/** The owner's attribution report and its CSV (under /api): admins only, never kept by a cache. */
export const attributionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/attribution',
    {
      config: { auth: 'admin' },
      schema: { querystring: attributionQuerySchema, response: { 200: attributionReportSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return getAttributionReport(app.deps.db, request.query);
    },
  );

  app.get(
    '/admin/exports/attribution.csv',
    { config: { auth: 'admin' }, schema: { querystring: attributionQuerySchema } },
    async (request, reply) => {
      const { from, to, touch, by } = request.query;
      const report = await getAttributionReport(app.deps.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attribution-${touch}-${by}-${from}-to-${to}.csv"`)
        .header('cache-control', PRIVATE_NO_STORE)
        .send(`\uFEFF${toCsv(attributionCsvRows(report))}`);
    },
  );
};

/**
 * `GET /go/whatsapp?page=…&title=…`: counts a press of the WhatsApp button and answers 302 to
 * wa.me. The target is built from the number setting alone (the page and its title only shape the
 * message), so this can never send a visitor anywhere else; without a number it is a 404.
 */
export const whatsappRedirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = publicReadModel(app.deps);
  app.get(WHATSAPP_PATH, { schema: { querystring: whatsappQuerySchema } }, async (request, reply) => {
    const settings = await content.settings();
    if (!settings.whatsappNumber) throw notFound();
    const { page } = request.query;
    const title = (request.query.title ?? '')
      .replace(/[\p{Cc}]/gu, '')
      .trim()
      .slice(0, WHATSAPP_TITLE_MAX);
    const locale = pageLocale(page);
    const message = fmt(messagesFor(locale).attribution.whatsappMessage, {
      page: title || page,
      site: settings.brandName,
    });
    await countWhatsappPress(app.deps.db, page);
    return reply
      .code(302)
      .header('location', whatsappTarget(settings.whatsappNumber, message))
      .header('cache-control', PRIVATE_NO_STORE)
      .send();
  });
};
