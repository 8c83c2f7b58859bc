import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mentorSchema } from '@oasis/shared/api';
import { imageSchema } from '@oasis/shared/media';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { publicReadModel } from '../../read-model.ts';
import { getMentor, getMentorSignature, setMentorSignature, updateMentor } from './service.ts';

const IMAGE_FIELDS = ['portrait', 'image', 'file'] as const;
const SIGNATURE_FIELDS = ['signature', 'image', 'file'] as const;

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

  // The signature printed on certificates (not shown on any public page): an image, or none.
  const signatureAnswer = { response: { 200: z.object({ signature: imageSchema.nullable() }) } };
  app.get('/admin/mentor/signature', { config: { auth: 'admin' }, schema: signatureAnswer }, async () => ({
    signature: await getMentorSignature(app.deps.db),
  }));
  app.put(
    '/admin/mentor/signature',
    { config: { auth: 'admin', changes: [] }, schema: signatureAnswer },
    async (request) => {
      const form = await readForm(request, app.deps, { image: SIGNATURE_FIELDS });
      return { signature: await setMentorSignature(app.deps, form.image) };
    },
  );
  app.delete(
    '/admin/mentor/signature',
    { config: { auth: 'admin', changes: [] }, schema: signatureAnswer },
    async () => ({ signature: await setMentorSignature(app.deps, null) }),
  );
};
