import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@oasis/shared/api';
import {
  adminCertificatesQuery,
  adminCertificatesSchema,
  certificateIdSchema,
  certificateVisibilityInput,
  myCertificateSchema,
  myCertificatesSchema,
  revokeCertificateInput,
} from '@oasis/shared/certificates';
import { notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sendPrivateFile } from '../../plugins/private-answers.ts';
import {
  CREDENTIAL_PATHS,
  certificateCredentialJwt,
  issuerProfile,
  publicKeySet,
  revocationListJwt,
} from './credential.ts';
import { certificateFilename, certificatePdf } from './documents.ts';
import {
  findCertificate,
  listCertificates,
  listMyCertificates,
  reissueCertificate,
  revokeCertificate,
  setCertificatePublic,
} from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const byId = z.object({ id: certificateIdSchema });
const idAnswer = z.object({ id: z.string() });

/** Certificates: the learner's, the owner's, and the downloads anyone with the id may make. */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/me/certificates',
    { config: { auth: 'user' }, schema: { response: { 200: myCertificatesSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { certificates: await listMyCertificates(deps.db, currentUser(request).id) };
    },
  );

  // The learner lets search engines index their check page, or stops them.
  app.put(
    '/me/certificates/:id/public',
    {
      config: { auth: 'user', changes: ['certificates'] },
      schema: { params: byId, body: certificateVisibilityInput, response: { 200: myCertificateSchema, ...errors } },
    },
    async (request) => setCertificatePublic(deps.db, currentUser(request).id, request.params.id, request.body.public),
  );

  // The PDF and the credential: the id is the key (128 random bits), as on the check page.
  app.get('/certificates/:id/certificate.pdf', { schema: { params: byId } }, async (request, reply) => {
    const row = await findCertificate(deps.db, request.params.id);
    if (!row) throw notFound();
    return sendPrivateFile(reply, certificateFilename(row.id), 'application/pdf', await certificatePdf(deps, row));
  });

  app.get('/certificates/:id/credential.jwt', { schema: { params: byId } }, async (request, reply) => {
    const row = await findCertificate(deps.db, request.params.id);
    if (!row) throw notFound();
    const jwt = await certificateCredentialJwt(deps.db, deps.config, row);
    return sendPrivateFile(reply, `certificate-${row.id}.jwt`, 'application/vc+jwt', jwt);
  });

  app.get('/credentials/issuer', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return issuerProfile(deps.db, deps.config);
  });

  app.get('/credentials/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicKeySet(deps.config);
  });

  // Checked by verifiers at each use: a revocation shows at once.
  app.get('/credentials/status/revocation', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .header('content-type', 'application/vc+jwt')
      .send(await revocationListJwt(deps.db, deps.config));
  });

  app.get(
    '/admin/certificates',
    {
      config: { auth: 'admin' },
      schema: { querystring: adminCertificatesQuery, response: { 200: adminCertificatesSchema } },
    },
    async (request) => listCertificates(deps.db, request.query),
  );

  app.post(
    '/admin/certificates/:id/revoke',
    {
      config: { auth: 'admin', changes: ['certificates'] },
      schema: { params: byId, body: revokeCertificateInput, response: { 200: idAnswer, ...errors } },
    },
    async (request) => {
      const revoked = await revokeCertificate(deps.db, request.params.id, request.body.reason);
      return { id: revoked.id };
    },
  );

  app.post(
    '/admin/certificates/:id/reissue',
    {
      config: { auth: 'admin', changes: ['certificates'] },
      schema: { params: byId, response: { 200: idAnswer, ...errors } },
    },
    async (request) => {
      const created = await reissueCertificate(deps.db, request.params.id);
      return { id: created.id };
    },
  );
};

/** The public key set at the address verifiers look for it (outside /api). */
export const wellKnownRoutes: FastifyPluginAsync = async (app) => {
  app.get(CREDENTIAL_PATHS.jwks, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicKeySet(app.deps.config);
  });
};
