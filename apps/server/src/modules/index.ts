import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/routes.ts';
import { progressRoutes } from './progress/routes.ts';

/** Every API module, registered under /api. Add a module here and nowhere else. */
export const apiModules: FastifyPluginAsyncZod[] = [healthRoutes, progressRoutes];
