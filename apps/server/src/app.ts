import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { mayRecordVisit } from './lib/attribution.ts';
import { AccessLogController } from './lib/logger.ts';
import { createPageFastLane, fastLaneServerFactory } from './lib/page-fast-lane.ts';
import { SECURITY_HEADERS } from './lib/security-headers.ts';
import { trustProxyOption } from './lib/trust-proxy.ts';
import { rewriteBadUrl } from './lib/unstorable-text.ts';
import { authPlugin } from './plugins/auth.ts';
import { cacheEffectsPlugin } from './plugins/cache-effects.ts';
import { badInputPlugin } from './plugins/bad-input.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { privateAnswersPlugin } from './plugins/private-answers.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import type { Lifecycle } from './modules/health/lifecycle.ts';
import { apiModules } from './modules/index.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { whatsappRedirectRoutes } from './modules/attribution/routes.ts';
import { wellKnownRoutes } from './modules/certificates/routes.ts';

export interface BuildOptions {
  deps: Deps;
  /** A pino logger; tests leave it out and get a silent app. */
  logger?: FastifyBaseLogger;
  /** Serves the web app (SSR + assets) besides the API. Tests of the API leave it out. */
  web?: (app: ReturnType<typeof Fastify>) => Promise<void>;
  /** Answer cached pages before Fastify (lib/page-fast-lane.ts): the server, with a built web app. */
  pageFastLane?: boolean;
}

/**
 * Zod validates and serialises every schema. Handed to Fastify as its compilers' factories too, they
 * spare it loading its own, Ajv and fast-json-stringify, at every start only to replace them. Fastify
 * types these factories as Ajv's, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the whole app from plugins and modules. Never listens: tests use `app.inject`. */
export async function buildApp({ deps, logger, web, pageFastLane }: BuildOptions) {
  // One line per request, written once it is answered, through a logger that skips redaction (a
  // cached page answered before Fastify: at debug only, counted in /metrics).
  const access = logger ? new AccessLogController(logger) : undefined;
  const siteHost = new URL(deps.config.siteUrl).host.toLowerCase();
  const lane = pageFastLane
    ? createPageFastLane(deps.pageCache, access?.hitsEnabled ? (line) => access.hit(line) : null, (url, headers) =>
        mayRecordVisit(url, headers, siteHost),
      )
    : undefined;
  // Readiness reads it; the graceful stop (modules/health/lifecycle.ts) sets it.
  const lifecycle: Lifecycle = { draining: false, loading: false };
  const app = Fastify({
    ...(logger ? { loggerInstance: logger, logController: access } : { logger: false }),
    ...(lane ? { serverFactory: fastLaneServerFactory(lane, {}, lifecycle) } : {}),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Before routing: an address with bytes no page or route can mean becomes a 404.
    rewriteUrl: rewriteBadUrl,
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('lifecycle', lifecycle);

  // The same headers on every answer, set in one step (the page fast lane sends the same). While
  // the server drains, each answer also closes its connection, so that the client (or a proxy
  // without health checks) opens its next request elsewhere instead of reusing this one.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  // Before compression: it keeps the serialised JSON and compression runs on every answer.
  await app.register(publicCachePlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(errorHandler);
  await app.register(badInputPlugin);
  // After the public cache: its `public` header yields to `private, no-store` where credentials are involved.
  await app.register(privateAnswersPlugin);
  await app.register(authPlugin);
  // Before the routes: it reads each one's declared `changes` as it is added.
  await app.register(cacheEffectsPlugin);
  // Before the routes: its timing hook (only with METRICS_TOKEN set) sees every one of them.
  await app.register(metricsPlugin);

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);
  await app.register(whatsappRedirectRoutes);
  await app.register(wellKnownRoutes);

  if (web) await web(app as unknown as ReturnType<typeof Fastify>);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
