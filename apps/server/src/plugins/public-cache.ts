import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The anonymous answer of this GET route is the same for everyone: keep it until content changes. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    /** The cache version when this request started; a render that raced with a write is not kept. */
    publicCacheVersion?: number;
  }
}

const HIT = Symbol('publicCacheHit');
type Marked = FastifyReply & { [HIT]?: boolean };

/**
 * Public API reads (catalogue, blogs, hero, intro, podcasts, settings) are answered from memory,
 * in the same cache as the rendered pages, so one `pageCache.invalidate()` after a write drops both.
 * Requests that carry credentials always reach the route: their answer may differ.
 * Registered before compression, so what is kept is the serialised JSON, compressed per request.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = app.deps.pageCache;
  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config?.publicCache === true && !request.headers.authorization;

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const hit = cache.get(`api:${request.url}`);
    if (!hit) {
      request.publicCacheVersion = cache.version;
      return;
    }
    (reply as Marked)[HIT] = true;
    reply
      .header('etag', hit.etag)
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('vary', 'Authorization');
    if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    return reply
      .code(hit.status)
      .type(hit.headers['content-type'] ?? 'application/json')
      .send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if ((reply as Marked)[HIT] || request.publicCacheVersion === undefined || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = Buffer.from(payload);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    cache.set(
      `api:${request.url}`,
      { status: 200, headers: { 'content-type': contentType }, body, etag },
      request.publicCacheVersion,
    );
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('vary', 'Authorization');
    return payload;
  });
});
