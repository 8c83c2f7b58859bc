import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@oasis/shared/api';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    const { database } = app.deps;
    let ok = true;
    let latencyMs = 0;
    try {
      latencyMs = Math.round((await database.ping()) * 100) / 100;
    } catch (error) {
      app.log.error({ err: error }, 'database ping failed');
      ok = false;
    }
    reply.header('cache-control', 'no-store');
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: database.driver, latencyMs },
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
};
