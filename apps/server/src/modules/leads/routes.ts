import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAD_MESSAGES } from '@oasis/shared/lead-rules';
import {
  consultationInputSchema,
  contactInputSchema,
  leadAcceptedSchema,
  leadCountQuerySchema,
  leadCountSchema,
  leadFilterSchema,
  leadListQuerySchema,
  leadListSchema,
  courseWaitlistSchema,
  leadChangeSchema,
  leadDetailSchema,
  leadNoteInputSchema,
  leadPipelineSchema,
  leadSchema,
  waitlistAnnouncedSchema,
} from '@oasis/shared/leads';
import { reserve } from '../../lib/attempt-limiter.ts';
import { attributionOf } from '../../lib/attribution.ts';
import { requestLocale } from '../../lib/locale.ts';
import { limitAddress } from '../../lib/trust-proxy.ts';
import {
  addLeadNote,
  changeLead,
  countLeads,
  exportLeadsCsv,
  getLead,
  leadPipeline,
  listLeads,
  submitConsultation,
  submitContact,
} from './service.ts';
import { announceWaitlist, getCourseWaitlist } from './waitlist.ts';
import { waitlistRoutes } from './waitlist-routes.ts';

import { LEAD_LIMIT } from './limit.ts';

export { LEAD_LIMIT };

const idParams = z.object({ id: z.string().min(1).max(100) });
const courseParams = z.object({ courseId: z.string().min(1).max(100) });

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // Runs after validation: only well-formed submissions count against the limit.
  const limitPer = (form: string) => async (request: FastifyRequest) => {
    await reserve(deps.db, [{ key: `lead:${form}:ip:${limitAddress(request.ip)}`, ...LEAD_LIMIT }]);
  };

  // Public forms. A filled honeypot gets the same 201 as a real lead, but nothing is stored or sent.
  app.post(
    '/contact',
    {
      config: { changes: [] },
      schema: { body: contactInputSchema, response: { 201: leadAcceptedSchema } },
      preHandler: limitPer('contact'),
    },
    async (request, reply) => {
      await submitContact(deps, request.body, {
        ip: request.ip,
        locale: requestLocale(request),
        attribution: attributionOf(request),
      });
      return reply.status(201).send({ message: LEAD_MESSAGES.contactSent });
    },
  );

  app.post(
    '/consultations',
    {
      config: { changes: [] },
      schema: { body: consultationInputSchema, response: { 201: leadAcceptedSchema } },
      preHandler: limitPer('consultation'),
    },
    async (request, reply) => {
      await submitConsultation(deps, request.body, {
        ip: request.ip,
        locale: requestLocale(request),
        attribution: attributionOf(request),
      });
      return reply.status(201).send({ message: LEAD_MESSAGES.consultationThanks });
    },
  );

  // The admin inbox.
  app.get(
    '/leads',
    { config: { auth: 'admin' }, schema: { querystring: leadListQuerySchema, response: { 200: leadListSchema } } },
    async (request) => listLeads(deps.db, request.query),
  );

  app.get(
    '/leads/count',
    { config: { auth: 'admin' }, schema: { querystring: leadCountQuerySchema, response: { 200: leadCountSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { count: await countLeads(deps.db, request.query) };
    },
  );

  app.get(
    '/leads/export.csv',
    { config: { auth: 'admin' }, schema: { querystring: leadFilterSchema } },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      // A byte-order mark so spreadsheet programs read names in any script as UTF-8, then the rows
      // as they are read, batch by batch: the export never holds the whole inbox.
      async function* withBom() {
        yield '\uFEFF';
        yield* exportLeadsCsv(deps.db, request.query);
      }
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
          .header('cache-control', 'no-store')
          // One batch read ahead at most (Readable.from would buffer 16 of them, 18 MB of CSV).
          .send(Readable.from(withBom(), { highWaterMark: 1 }))
      );
    },
  );

  app.get(
    '/leads/pipeline',
    { config: { auth: 'admin' }, schema: { response: { 200: leadPipelineSchema } } },
    async () => leadPipeline(deps.db),
  );

  app.get(
    '/leads/:id',
    { config: { auth: 'admin' }, schema: { params: idParams, response: { 200: leadDetailSchema } } },
    async (request) => getLead(deps.db, request.params.id),
  );

  // A stage and/or a follow-up day; each change is recorded in the lead's history.
  app.patch(
    '/leads/:id',
    {
      config: { auth: 'admin', changes: [] },
      schema: { params: idParams, body: leadChangeSchema, response: { 200: leadSchema } },
    },
    async (request) => changeLead(deps.db, request.params.id, request.body, request.auth!.user.id),
  );

  app.post(
    '/leads/:id/notes',
    {
      config: { auth: 'admin', changes: [] },
      schema: { params: idParams, body: leadNoteInputSchema, response: { 201: leadDetailSchema } },
    },
    async (request, reply) => {
      await addLeadNote(deps.db, request.params.id, request.body.body, request.auth!.user.id);
      return reply.status(201).send(await getLead(deps.db, request.params.id));
    },
  );

  // A course's waitlist: how many wait, and the once-only announcement when it is on sale.
  app.get(
    '/leads/waitlist/:courseId',
    { config: { auth: 'admin' }, schema: { params: courseParams, response: { 200: courseWaitlistSchema } } },
    async (request) => getCourseWaitlist(deps.db, request.params.courseId),
  );

  app.post(
    '/leads/waitlist/:courseId/announce',
    {
      config: { auth: 'admin', changes: [] },
      schema: { params: courseParams, response: { 200: waitlistAnnouncedSchema } },
    },
    async (request) => ({ queued: await announceWaitlist(deps, request.params.courseId) }),
  );

  await app.register(waitlistRoutes);
};
