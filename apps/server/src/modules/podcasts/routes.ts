import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResultSchema } from '@oasis/shared/admin/common';
import {
  adminPodcastListSchema,
  adminPodcastVideoSchema,
  podcastInputSchema,
  podcastVisibilityInputSchema,
  reorderPodcastsInputSchema,
} from '@oasis/shared/admin/podcasts';
import { podcastVideoListSchema, podcastVideoSchema } from '@oasis/shared/api';
import { publicReadModel } from '../../read-model.ts';
import {
  createPodcastVideo,
  deletePodcastVideo,
  listAdminPodcastVideos,
  reorderPodcastVideos,
  setPodcastVideoHidden,
  updatePodcastVideo,
} from './service.ts';
import { adminWrite, idParams } from '../../plugins/admin-routes.ts';

export const podcastRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = publicReadModel(app.deps);
  app.get(
    '/youtube/get',
    { config: { publicCache: true }, schema: { response: { 200: podcastVideoListSchema } } },
    async () => content.podcasts(),
  );

  // Admin: every item, hidden ones included (docs/product.md#admin-podcasts).
  app.get(
    '/admin/podcasts',
    { config: { auth: 'admin' }, schema: { response: { 200: adminPodcastListSchema } } },
    async () => listAdminPodcastVideos(app.deps.db),
  );

  app.post(
    '/youtube/add',
    { config: adminWrite('podcasts'), schema: { body: podcastInputSchema, response: { 201: podcastVideoSchema } } },
    async (request, reply) => reply.status(201).send(await createPodcastVideo(app.deps, request.body)),
  );

  app.put(
    '/youtube/reorder',
    {
      config: adminWrite('podcasts'),
      schema: { body: reorderPodcastsInputSchema, response: { 200: adminPodcastListSchema } },
    },
    async (request) => reorderPodcastVideos(app.deps, request.body.ids),
  );

  app.put(
    '/youtube/update/:id',
    {
      config: adminWrite('podcasts'),
      schema: { params: idParams, body: podcastInputSchema, response: { 200: podcastVideoSchema } },
    },
    async (request) => updatePodcastVideo(app.deps, request.params.id, request.body),
  );

  app.put(
    '/youtube/visibility/:id',
    {
      config: adminWrite('podcasts'),
      schema: { params: idParams, body: podcastVisibilityInputSchema, response: { 200: adminPodcastVideoSchema } },
    },
    async (request) => setPodcastVideoHidden(app.deps, request.params.id, request.body.hidden),
  );

  app.delete(
    '/youtube/delete/:id',
    { config: adminWrite('podcasts'), schema: { params: idParams, response: { 200: messageResultSchema } } },
    async (request) => deletePodcastVideo(app.deps, request.params.id),
  );
};
