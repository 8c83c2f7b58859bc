import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResultSchema } from '@oasis/shared/admin/common';
import {
  adminVideoSchema,
  createVideoInputSchema,
  reorderVideosInputSchema,
  updateVideoInputSchema,
} from '@oasis/shared/admin/modules';
import { moduleSchema } from '@oasis/shared/api';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { checkVideoStreamSignature } from '../../lib/signed-urls.ts';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import {
  createLinkedVideo,
  deleteVideo,
  findVideoFile,
  parseRange,
  reorderVideos,
  replaceVideoSource,
  requireVideoRow,
  updateVideo,
} from './service.ts';
import { adminWrite, idParams } from '../../plugins/admin-routes.ts';

/** Lesson videos: admin writes (docs/product.md#admin-modules-and-videos) and the signed stream of uploaded files. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = { signingSecret: app.deps.config.mediaSigningSecret };
  await registerUploads(app);

  app.post(
    '/vimeo/create',
    { config: adminWrite('catalogue'), schema: { body: createVideoInputSchema, response: { 201: adminVideoSchema } } },
    async (request, reply) => reply.status(201).send(await createLinkedVideo(app.deps, request.body, links)),
  );

  app.put(
    '/vimeo/update/:videoId',
    {
      config: adminWrite('catalogue'),
      schema: { params: z.object({ videoId: z.string().min(1).max(64) }), response: { 200: adminVideoSchema } },
    },
    async (request) => {
      // 404 before a possibly large upload is read.
      const current = await requireVideoRow(app.deps.db, request.params.videoId);
      const form = await readForm(request, app.deps, { video: ['video', 'file'] });
      return replaceVideoSource(app.deps, current, form, links);
    },
  );

  app.put(
    '/videos/reorder',
    { config: adminWrite('catalogue'), schema: { body: reorderVideosInputSchema, response: { 200: moduleSchema } } },
    async (request) => reorderVideos(app.deps, request.body, links),
  );

  app.put(
    '/videos/videos/:id',
    {
      config: adminWrite('catalogue'),
      schema: { params: idParams, body: updateVideoInputSchema, response: { 200: adminVideoSchema } },
    },
    async (request) => updateVideo(app.deps, request.params.id, request.body, links),
  );

  app.delete(
    '/videos/videos/:id',
    { config: adminWrite('catalogue'), schema: { params: idParams, response: { 200: messageResultSchema } } },
    async (request) => deleteVideo(app.deps, request.params.id),
  );

  // A `<video>` element cannot send the bearer header: the link itself is the permission, signed
  // for those who may watch (see lib/signed-urls.ts) and valid for a few hours.
  app.get(
    '/videos/:videoId/stream',
    {
      schema: {
        params: z.object({ videoId: z.string().min(1).max(64) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { videoId } = request.params;
      const check = checkVideoStreamSignature(links.signingSecret, videoId, request.query.exp, request.query.sig);
      if (check === 'invalid') throw forbidden('admin.videoLinkInvalid');
      if (check === 'expired') throw forbidden('admin.videoLinkExpired');
      const file = await findVideoFile(app.deps.db, videoId);
      const size = file ? await app.deps.storage.size(file.key) : null;
      if (!file || size === null) throw notFound('progress.videoNotFound');

      reply.header('accept-ranges', 'bytes').header('cache-control', 'private');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new AppError(416, 'admin.rangeNotSatisfiable');
      }
      const object = await app.deps.storage.get(file.key, range ?? undefined);
      if (!object) throw notFound('progress.videoNotFound');
      reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff');
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(object.stream);
      }
      return reply.header('content-length', size).send(object.stream);
    },
  );
};
