import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { podcastVideoListSchema } from '@oasis/shared/api';
import { listPodcastVideos } from './service.ts';

export const podcastRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/youtube/get', { schema: { response: { 200: podcastVideoListSchema } } }, async () =>
    listPodcastVideos(app.deps.db),
  );
};
