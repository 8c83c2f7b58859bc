import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heroSchema, introSchema } from '@oasis/shared/api';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { publicReadModel } from '../../read-model.ts';
import { updateHero, updateIntro } from './service.ts';

const IMAGE_FIELDS = ['image', 'file'] as const;

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are accepted by this plugin's routes only.
  await registerUploads(app);
  const content = publicReadModel(app.deps);

  app.get('/hero/get', { config: { publicCache: true }, schema: { response: { 200: heroSchema } } }, async () =>
    content.hero(),
  );
  app.get('/intro/intro', { config: { publicCache: true }, schema: { response: { 200: introSchema } } }, async () =>
    content.intro(),
  );

  // Admin (docs/product.md#admin-hero-and-intro): multipart, or JSON when there is no image.
  app.put(
    '/hero/update',
    { config: { auth: 'admin', changes: ['hero'] }, schema: { response: { 200: heroSchema } } },
    async (request) => updateHero(app.deps, await readForm(request, app.deps, { image: IMAGE_FIELDS })),
  );
  app.put(
    '/intro/intro',
    { config: { auth: 'admin', changes: ['intro'] }, schema: { response: { 200: introSchema } } },
    async (request) => updateIntro(app.deps, await readForm(request, app.deps, { image: IMAGE_FIELDS })),
  );
};
