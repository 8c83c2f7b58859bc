import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsInputSchema } from '@oasis/shared/admin/settings';
import { siteSettingsSchema } from '@oasis/shared/api';
import { publicReadModel } from '../../read-model.ts';
import { saveSettings } from './service.ts';
import { vatSettingsInputSchema, vatSettingsSchema } from '@oasis/shared/vat';
import { getVatSettings, saveVatSettings } from './vat.ts';

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

  // The seller's VAT registration: the admin's only (it is printed on invoices, not on pages).
  app.get(
    '/admin/settings/vat',
    { config: { auth: 'admin' }, schema: { response: { 200: vatSettingsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getVatSettings(app.deps.db);
    },
  );

  app.put(
    '/admin/settings/vat',
    {
      config: { auth: 'admin', changes: [] },
      schema: { body: vatSettingsInputSchema, response: { 200: vatSettingsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return saveVatSettings(app.deps.db, request.body);
    },
  );
};
