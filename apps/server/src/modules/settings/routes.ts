import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsInputSchema } from '@oasis/shared/admin';
import { siteSettingsSchema } from '@oasis/shared/api';
import { getSettings, saveSettings } from './service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { config: { publicCache: true }, schema: { response: { 200: siteSettingsSchema } } }, async () =>
    getSettings(app.deps.db),
  );

  app.put(
    '/settings',
    { config: { auth: 'admin' }, schema: { body: siteSettingsInputSchema, response: { 200: siteSettingsSchema } } },
    async (request) => saveSettings(app.deps, request.body),
  );
};
