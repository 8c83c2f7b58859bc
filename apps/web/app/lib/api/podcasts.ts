import { messageResultSchema } from '@oasis/shared/admin/common';
import { adminPodcastListSchema, adminPodcastVideoSchema } from '@oasis/shared/admin/podcasts';
import { podcastVideoSchema } from '@oasis/shared/api';
import { ADMIN, call, seg } from './client';

/** The admin's list: hidden videos included (the public one leaves them out). */
export const listAdminPodcasts = (signal?: AbortSignal) =>
  call('GET /admin/podcasts', '/admin/podcasts', adminPodcastListSchema, { ...ADMIN, signal });

export const addPodcast = (body: unknown) =>
  call('POST /youtube/add', '/youtube/add', podcastVideoSchema, { ...ADMIN, method: 'POST', body });

export const updatePodcast = (id: string, body: unknown) =>
  call('PUT /youtube/update/{id}', `/youtube/update/${seg(id)}`, podcastVideoSchema, { ...ADMIN, method: 'PUT', body });

export const setPodcastHidden = (id: string, hidden: boolean) =>
  call('PUT /youtube/visibility/{id}', `/youtube/visibility/${seg(id)}`, adminPodcastVideoSchema, {
    ...ADMIN,
    method: 'PUT',
    body: { hidden },
  });

export const deletePodcast = (id: string) =>
  call('DELETE /youtube/delete/{id}', `/youtube/delete/${seg(id)}`, messageResultSchema, {
    ...ADMIN,
    method: 'DELETE',
  });

export const reorderPodcasts = (ids: string[]) =>
  call('PUT /youtube/reorder', '/youtube/reorder', adminPodcastListSchema, { ...ADMIN, method: 'PUT', body: { ids } });
