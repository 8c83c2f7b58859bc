import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsSchema } from '@oasis/shared/api';
import { getSettings } from './service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { response: { 200: siteSettingsSchema } } }, async () => getSettings(app.deps.db));
};
