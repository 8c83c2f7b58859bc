import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentPart, isContentPart } from '../lib/page-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The public content a successful answer of this route has changed (`[]`: none). Every route
     * but GET declares it; the cache-effects plugin refreshes those parts before the answer leaves.
     */
    changes?: readonly ContentPart[];
  }
  interface FastifyInstance {
    /** Every route with the cache effect it declared: the route-table test walks this. */
    effectTable: EffectEntry[];
  }
}

export interface EffectEntry {
  method: string;
  url: string;
  /** undefined: the route declared nothing. */
  changes: readonly unknown[] | undefined;
}

/**
 * Cache effects are declared on the route (`config: { changes: ['catalogue'] }`), so the route table
 * says which write changes which public content, and a test fails for a write route that says
 * nothing. After an answer of 2xx or 3xx, and before it is sent, the declared parts are refreshed
 * (`pageCache.invalidate`: the read model loads them again, the pages go, and on PostgreSQL the
 * other instances are told): the writer's next request, here or on another instance, sees the
 * change. A refused or failed answer (4xx, 5xx) changed nothing and refreshes nothing.
 */
export const cacheEffectsPlugin = fp(async (app: FastifyInstance) => {
  const effectTable: EffectEntry[] = [];
  app.decorate('effectTable', effectTable);
  app.addHook('onRoute', (route) => {
    const changes = (route.config as { changes?: readonly unknown[] } | undefined)?.changes;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') effectTable.push({ method, url: route.url, changes });
    }
    if (!changes || changes.length === 0) return;
    const unknown = changes.filter((part) => !isContentPart(part));
    if (unknown.length > 0) throw new Error(`${route.url} declares changes to unknown parts: ${unknown.join(', ')}`);
    const parts = [...new Set(changes)] as ContentPart[];
    const refresh: onSendAsyncHookHandler<unknown> = async (_request, reply, payload) => {
      if (reply.statusCode < 400) await app.deps.pageCache.invalidate(parts);
      return payload;
    };
    const existing = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [refresh, ...existing];
  });
});
