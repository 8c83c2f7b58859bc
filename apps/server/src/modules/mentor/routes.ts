import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mentorSchema } from '@oasis/shared/api';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { publicReadModel } from '../../read-model.ts';
import { getMentor, updateMentor } from './service.ts';

const IMAGE_FIELDS = ['portrait', 'image', 'file'] as const;

export const mentorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies (the portrait) are accepted by this plugin's routes only.
  await registerUploads(app);
  const content = publicReadModel(app.deps);

  // Public: what the About page shows; null until the owner saves a profile.
  app.get(
    '/mentor',
    { config: { publicCache: true }, schema: { response: { 200: mentorSchema.nullable() } } },
    async () => content.mentor(),
  );

  // Admin (docs/product.md#mentor): multipart, or JSON when there is no portrait.
  app.get('/admin/mentor', { config: { auth: 'admin' }, schema: { response: { 200: mentorSchema } } }, async () =>
    getMentor(app.deps.db),
  );
  app.put(
    '/admin/mentor',
    { config: { auth: 'admin', changes: ['mentor'] }, schema: { response: { 200: mentorSchema } } },
    async (request) => updateMentor(app.deps, await readForm(request, app.deps, { image: IMAGE_FIELDS })),
  );
};
