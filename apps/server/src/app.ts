import Fastify, { type FastifyBaseLogger } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { trustProxyOption } from './lib/trust-proxy.ts';
import { authPlugin } from './plugins/auth.ts';
import { badInputPlugin, rewriteBadUrl } from './plugins/bad-input.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { privateAnswersPlugin } from './plugins/private-answers.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { apiModules } from './modules/index.ts';
import { mediaRoutes } from './modules/media/routes.ts';

export interface BuildOptions {
  deps: Deps;
  /** A pino logger; tests leave it out and get a silent app. */
  logger?: FastifyBaseLogger;
  /** Serves the web app (SSR + assets) besides the API. Tests of the API leave it out. */
  web?: (app: ReturnType<typeof Fastify>) => Promise<void>;
}

/** Builds the whole app from plugins and modules. Never listens: tests use `app.inject`. */
export async function buildApp({ deps, logger, web }: BuildOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Before routing: an address with bytes no page or route can mean becomes a 404.
    rewriteUrl: rewriteBadUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);

  await app.register(helmet, {
    // The CSP is set per response by the web plugin (pages embed Vimeo/YouTube players).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Before compression: it keeps the serialised JSON and compression runs on every answer.
  await app.register(publicCachePlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(errorHandler);
  await app.register(badInputPlugin);
  // After the public cache: its `public` header yields to `private, no-store` where credentials are involved.
  await app.register(privateAnswersPlugin);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);

  if (web) await web(app as unknown as ReturnType<typeof Fastify>);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
