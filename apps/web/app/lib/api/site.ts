import { adminDashboardSchema } from '@oasis/shared/admin/dashboard';
import { heroSchema, type Intro, introSchema, type Mentor, mentorSchema, siteSettingsSchema } from '@oasis/shared/api';
import { type VatSettings, type VatSettingsInput, vatSettingsSchema } from '@oasis/shared/vat';
import { imageSchema } from '@oasis/shared/media';
import { z } from 'zod';
import { ADMIN, adminGetPut, type CallOptions, call } from './client';

/** The site's settings, as anyone reads them. */
export const getSettings = (options: CallOptions = {}) =>
  call('GET /settings', '/settings', siteSettingsSchema, { auth: false, ...options });

export const getAdminSettings = (signal?: AbortSignal) =>
  call('GET /settings', '/settings', siteSettingsSchema, { ...ADMIN, signal });

export const updateSettings = (body: unknown) =>
  call('PUT /settings', '/settings', siteSettingsSchema, { ...ADMIN, method: 'PUT', body });

export const getHero = (signal?: AbortSignal) => call('GET /hero/get', '/hero/get', heroSchema, { ...ADMIN, signal });

export const updateHero = (body: FormData) =>
  call('PUT /hero/update', '/hero/update', heroSchema, { ...ADMIN, method: 'PUT', body });

const intro = adminGetPut<Intro, FormData>('/intro/intro', introSchema);
export const getIntro = intro.get;
export const updateIntro = intro.put;

const mentor = adminGetPut<Mentor, FormData>('/admin/mentor', mentorSchema);
export const getMentor = mentor.get;
export const updateMentor = mentor.put;

const signatureAnswer = z.object({ signature: imageSchema.nullable() });

/** The mentor's signature printed on certificates; `body` holds the image as 'signature'. */
export const getMentorSignature = (signal?: AbortSignal) =>
  call('GET /admin/mentor/signature', '/admin/mentor/signature', signatureAnswer, { ...ADMIN, signal });

export const setMentorSignature = (body: FormData | null) =>
  call('PUT /admin/mentor/signature', '/admin/mentor/signature', signatureAnswer, {
    ...ADMIN,
    method: body ? 'PUT' : 'DELETE',
    ...(body && { body }),
  });

export const getDashboard = (signal?: AbortSignal) =>
  call('GET /admin/dashboard', '/admin/dashboard', adminDashboardSchema, { ...ADMIN, signal });

/** Uploads an image for rich text; the answer has its address. */
export const uploadImage = (body: FormData) =>
  call('POST /admin/media/images', '/admin/media/images', imageSchema, { ...ADMIN, method: 'POST', body });

/** The seller's VAT registration (the admin's only: printed on invoices, never on pages). */
const vatSettings = adminGetPut<VatSettings, VatSettingsInput>('/admin/settings/vat', vatSettingsSchema);
export const getVatSettings = vatSettings.get;
export const updateVatSettings = vatSettings.put;
