import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncoding, encodedBody, apiCacheKey, apiSegment, cachedAnswer, sendCached } from '../lib/page-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The anonymous answer of this GET route is the same for everyone: keep it until content
     * changes. Its cache key holds only the query parameters its querystring schema declares.
     */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    /** Set on a miss: where the answer goes and the cache version when the request started. */
    publicCacheMiss: { key: string; version: number } | null;
  }
}

/** The parameter names of a querystring schema (zod or JSON schema); none without one. */
function queryParamNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const shape = (schema as { shape?: unknown }).shape ?? (schema as { properties?: unknown }).properties;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

type Hook<T> = T | T[] | undefined;
const hooks = <T>(existing: Hook<T>): T[] =>
  existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];

/**
 * Public API reads (catalogue, blogs, hero, intro, podcasts, settings) are answered from memory,
 * in the same cache as the rendered pages (segments of their own), so one `pageCache.invalidate()`
 * after a write drops both. Requests that carry credentials always reach the route: their answer
 * may differ. The hooks are attached to those routes only, so no other request pays for them.
 * Registered before compression: an entry holds its compressed bodies, and a hit sends one as is.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = app.deps.pageCache;
  app.decorateRequest('publicCacheMiss', null);

  app.addHook('onRoute', (route) => {
    // HEAD routes copied from GET ones come through here too: only GET answers are kept.
    if (!route.config?.publicCache || route.method !== 'GET') return;
    const params: ReadonlySet<string> = new Set(queryParamNames(route.schema?.querystring));

    const onRequest: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization) return;
      const key = apiCacheKey(request.url, params);
      const hit = cache.get(key);
      if (hit) return sendCached(request, reply, hit);
      request.publicCacheMiss = { key, version: cache.version };
    };

    const onSend: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
      const miss = request.publicCacheMiss;
      if (!miss || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const page = cachedAnswer(200, { 'content-type': contentType }, Buffer.from(payload), 'Authorization');
      cache.set(miss.key, page, miss.version, apiSegment(miss.key));
      reply.headers(page.headers);
      const encoding = page.encoded && acceptedEncoding(request.headers['accept-encoding']);
      if (!page.encoded || !encoding) return payload;
      reply.header('content-encoding', encoding);
      return encodedBody(page, encoding);
    };

    route.onRequest = [...hooks(route.onRequest), onRequest];
    route.onSend = [...hooks(route.onSend), onSend];
  });
});
