import {
  type AdminCertificate,
  adminCertificatesSchema,
  myCertificateSchema,
  myCertificatesSchema,
  type OWNER_REVOKE_REASONS,
} from '@oasis/shared/certificates';
import { z } from 'zod';
import { ADMIN, call, seg } from './client';

const idAnswer = z.object({ id: z.string() });

/** The signed-in learner's certificates, one per course. */
export const listMyCertificates = (signal?: AbortSignal) =>
  call('GET /me/certificates', '/me/certificates', myCertificatesSchema, { auth: 'token', signal });

export const setCertificatePublic = (id: string, visible: boolean) =>
  call('PUT /me/certificates/{id}/public', `/me/certificates/${seg(id)}/public`, myCertificateSchema, {
    auth: 'token',
    method: 'PUT',
    body: { public: visible },
  });

/** The owner's list: `query` is the screen's search string ('?page=2&q=…', `listQuery`), or ''. */
export const listCertificates = (query: string, signal?: AbortSignal) =>
  call('GET /admin/certificates', `/admin/certificates${query}`, adminCertificatesSchema, {
    ...ADMIN,
    signal,
  });

export const revokeCertificate = (id: AdminCertificate['id'], reason: (typeof OWNER_REVOKE_REASONS)[number]) =>
  call('POST /admin/certificates/{id}/revoke', `/admin/certificates/${seg(id)}/revoke`, idAnswer, {
    ...ADMIN,
    method: 'POST',
    body: { reason },
  });

export const reissueCertificate = (id: string) =>
  call('POST /admin/certificates/{id}/reissue', `/admin/certificates/${seg(id)}/reissue`, idAnswer, {
    ...ADMIN,
    method: 'POST',
  });
