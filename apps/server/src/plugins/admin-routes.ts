import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ContentPart } from '../lib/page-cache.ts';

/**
 * The config of an admin route that writes public content: admin-only (the auth plugin), and the
 * parts it changes refreshed once it succeeds (the cache-effects plugin). A fresh object a route.
 */
export function adminWrite(...parts: ContentPart[]): { auth: 'admin'; changes: ContentPart[] } {
  return { auth: 'admin', changes: parts };
}

/** `/…/:id` of the row an admin route reads or writes (ids are at most 64 characters). */
export const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Registers an admin-only GET that answers its query string with one read (the admin lists and
 * reports): the query is validated by `querystring`, the answer serialised by `response`.
 */
export function getForAdmin<Query, Answer>(
  app: FastifyInstance,
  url: string,
  schema: { querystring: z.ZodType<Query>; response: z.ZodType<Answer> },
  read: (query: Query) => Promise<Answer>,
): void {
  app.get(
    url,
    { config: { auth: 'admin' }, schema: { querystring: schema.querystring, response: { 200: schema.response } } },
    // The zod validator has parsed the query by now; the plain instance types it as unknown.
    async (request) => read(request.query as Query),
  );
}
