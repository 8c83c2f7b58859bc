import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageSchema } from '@oasis/shared/media';
import { notFound, validationError } from '../../lib/errors.ts';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { IMAGE_CONTENT_TYPE, storeImage, toImage } from './service.ts';

const imageParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  file: z.string().regex(/^\d{1,5}\.(avif|webp|jpg)$/),
});

/**
 * Stored media, served at the site root (`/media/...`, outside /api). Image renditions are public
 * and never change under their URL. Anything else under /media (uploaded lesson videos above all)
 * is not served here: videos need an access check and get their own route.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/images/:id/:file', async (request, reply) => {
    const parsed = imageParams.safeParse(request.params);
    if (!parsed.success) throw notFound();
    const { id, file } = parsed.data;
    const ext = file.slice(file.lastIndexOf('.') + 1) as keyof typeof IMAGE_CONTENT_TYPE;
    const object = await app.deps.storage.get(`images/${id}/${file}`);
    if (!object) throw notFound();
    return reply
      .header('content-type', IMAGE_CONTENT_TYPE[ext])
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(object.stream);
  });

  const refuse = async () => {
    throw notFound();
  };
  app.all('/media', { config: { changes: [] } }, refuse);
  app.all('/media/*', { config: { changes: [] } }, refuse);
};

/**
 * `POST /api/admin/media/images` (multipart `image`): an image for the rich-text editor, checked
 * and re-encoded like every other upload. The answer is the stored `Image`; the editor inserts
 * `url` (a `/media/images/...` path the HTML sanitiser allows).
 */
export const mediaApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  app.post(
    '/admin/media/images',
    { config: { auth: 'admin', changes: [] }, schema: { response: { 201: imageSchema } } },
    async (request, reply) => {
      const form = await readForm(request, app.deps, { image: ['image', 'file'] });
      if (!form.image) throw validationError({ image: 'admin.imageRequired' });
      const image = toImage(await storeImage(app.deps, form.image));
      if (!image) throw new Error('a stored image has no renditions');
      return reply.status(201).send(image);
    },
  );
};
