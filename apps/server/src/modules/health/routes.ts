import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema } from '@oasis/shared/api';

/** How long readiness waits for its `select 1` before it calls the database unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

const readinessSchema = z.object({
  status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
  /** Absent while draining: the database is not asked then. */
  database: z
    .object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number().optional() })
    .optional(),
});

class PingTimeout extends Error {
  constructor() {
    super(`no answer from the database within ${READINESS_TIMEOUT_MS} ms`);
    this.name = 'PingTimeout';
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Liveness: the process is up and its event loop turns. Answered from the process alone, at once:
   * a database outage must not make a supervisor restart every healthy instance (readiness below
   * says whether to send traffic here).
   */
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
  });

  /** One ping at a time: probes arriving while one is out wait for it rather than pile up. */
  let pending: Promise<number> | undefined;
  const ping = (): Promise<number> => {
    if (!pending) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new PingTimeout()), READINESS_TIMEOUT_MS);
        timer.unref();
      });
      pending = Promise.race([app.deps.database.ping(), timeout]).finally(() => {
        clearTimeout(timer);
        pending = undefined;
      });
    }
    return pending;
  };
  /** Logged when readiness changes, not at every probe of a database that stays down. */
  let lastOk = true;

  /**
   * Readiness: 200 while this instance should get traffic; 503 while the pages' code is still
   * loading after start, once a stop has begun (SIGTERM: the server still answers for
   * SHUTDOWN_DRAIN_MS), or while the database does not answer a `select 1` within READINESS_TIMEOUT_MS.
   */
  app.get(
    '/health/ready',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const { driver } = app.deps.database;
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' });
      if (app.lifecycle.loading) return reply.status(503).send({ status: 'starting' });
      try {
        const latencyMs = Math.round((await ping()) * 100) / 100;
        if (!lastOk) app.log.info('readiness: the database answers again');
        lastOk = true;
        return reply.status(200).send({ status: 'ready', database: { ok: true, driver, latencyMs } });
      } catch (error) {
        if (lastOk) app.log.error({ err: error }, 'readiness: the database does not answer');
        lastOk = false;
        return reply.status(503).send({ status: 'unavailable', database: { ok: false, driver } });
      }
    },
  );
};
