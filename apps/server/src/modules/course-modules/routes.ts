import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResultSchema } from '@oasis/shared/admin/common';
import {
  bulkModulesInputSchema,
  bulkModulesResultSchema,
  createModuleInputSchema,
  reorderModulesInputSchema,
  updateModuleInputSchema,
} from '@oasis/shared/admin/modules';
import { moduleSchema } from '@oasis/shared/api';
import { createModule, createModulesInBulk, deleteModule, renameModule, reorderModules } from './service.ts';
import { adminWrite, idParams } from '../../plugins/admin-routes.ts';

/**
 * Course modules, written by admins (docs/product.md#admin-modules-and-videos). Reading them is part
 * of the courses API.
 */
export const moduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = { signingSecret: app.deps.config.mediaSigningSecret };

  app.post(
    '/modules/module',
    { config: adminWrite('catalogue'), schema: { body: createModuleInputSchema, response: { 201: moduleSchema } } },
    async (request, reply) => reply.status(201).send(await createModule(app.deps, request.body)),
  );

  app.post(
    '/modules/bulk',
    {
      config: adminWrite('catalogue'),
      schema: { body: bulkModulesInputSchema, response: { 201: bulkModulesResultSchema } },
    },
    async (request, reply) => reply.status(201).send(await createModulesInBulk(app.deps, request.body, links)),
  );

  app.put(
    '/modules/reorder',
    {
      config: adminWrite('catalogue'),
      schema: { body: reorderModulesInputSchema, response: { 200: z.array(moduleSchema) } },
    },
    async (request) => reorderModules(app.deps, request.body, links),
  );

  app.put(
    '/modules/module/:id',
    {
      config: adminWrite('catalogue'),
      schema: { params: idParams, body: updateModuleInputSchema, response: { 200: moduleSchema } },
    },
    async (request) => renameModule(app.deps, request.params.id, request.body, links),
  );

  app.delete(
    '/modules/module/:id',
    { config: adminWrite('catalogue'), schema: { params: idParams, response: { 200: messageResultSchema } } },
    async (request) => deleteModule(app.deps, request.params.id),
  );
};
