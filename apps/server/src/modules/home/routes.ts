import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heroSchema, introSchema } from '@oasis/shared/api';
import { getHero, getIntro } from './service.ts';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/hero/get', { schema: { response: { 200: heroSchema } } }, async () => getHero(app.deps.db));
  app.get('/intro/intro', { schema: { response: { 200: introSchema } } }, async () => getIntro(app.deps.db));
};
