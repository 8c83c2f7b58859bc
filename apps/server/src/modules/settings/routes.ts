import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsInputSchema } from '@oasis/shared/admin/settings';
import { siteSettingsSchema } from '@oasis/shared/api';
import { publicReadModel } from '../../read-model.ts';
import { saveSettings } from './service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = publicReadModel(app.deps);
  app.get('/settings', { config: { publicCache: true }, schema: { response: { 200: siteSettingsSchema } } }, async () =>
    content.settings(),
  );

  app.put(
    '/settings',
    {
      config: { auth: 'admin', changes: ['settings'] },
      schema: { body: siteSettingsInputSchema, response: { 200: siteSettingsSchema } },
    },
    async (request) => saveSettings(app.deps, request.body),
  );
};
