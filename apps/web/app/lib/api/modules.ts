import { messageResultSchema } from '@oasis/shared/admin/common';
import { adminVideoSchema, bulkModulesResultSchema } from '@oasis/shared/admin/modules';
import { moduleSchema } from '@oasis/shared/api';
import { z } from 'zod';
import { ADMIN, call, seg } from './client';
import { type UploadOptions, uploadWithProgress } from './upload';

/** Adds modules with their lessons to a course in one go. */
export const addModules = (body: unknown) =>
  call('POST /modules/bulk', '/modules/bulk', bulkModulesResultSchema, { ...ADMIN, method: 'POST', body });

export const updateModule = (id: string, body: { title: string; titleAr: string }) =>
  call('PUT /modules/module/{id}', `/modules/module/${seg(id)}`, moduleSchema, { ...ADMIN, method: 'PUT', body });

export const deleteModule = (id: string) =>
  call('DELETE /modules/module/{id}', `/modules/module/${seg(id)}`, messageResultSchema, {
    ...ADMIN,
    method: 'DELETE',
  });

export const reorderModules = (course: string, moduleIds: string[]) =>
  call('PUT /modules/reorder', '/modules/reorder', z.array(moduleSchema), {
    ...ADMIN,
    method: 'PUT',
    body: { course, moduleIds },
  });

/** Adds a lesson by its link (Vimeo, YouTube) to a module. */
export const createVideo = (body: unknown) =>
  call('POST /vimeo/create', '/vimeo/create', adminVideoSchema, { ...ADMIN, method: 'POST', body });

export const updateVideo = (id: string, body: unknown) =>
  call('PUT /videos/videos/{id}', `/videos/videos/${seg(id)}`, adminVideoSchema, { ...ADMIN, method: 'PUT', body });

/** Replaces a lesson's video with an uploaded file, reporting how much is sent. */
export const uploadVideo = (id: string, options: Omit<UploadOptions, 'method'>) =>
  uploadWithProgress('PUT /vimeo/update/{id}', `/vimeo/update/${seg(id)}`, adminVideoSchema, {
    ...options,
    method: 'PUT',
  });

export const deleteVideo = (id: string) =>
  call('DELETE /videos/videos/{id}', `/videos/videos/${seg(id)}`, messageResultSchema, {
    ...ADMIN,
    method: 'DELETE',
  });

export const reorderVideos = (module: string, videoIds: string[]) =>
  call('PUT /videos/reorder', '/videos/reorder', moduleSchema, { ...ADMIN, method: 'PUT', body: { module, videoIds } });
