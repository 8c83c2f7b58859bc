import { type LeadUpdate, leadCountSchema, leadListSchema, leadSchema } from '@oasis/shared/leads';
import { ADMIN, call, seg } from './client';

/** The admin's list of leads: `query` is the screen's search string without '?', or ''. */
export const listLeads = (query: string, signal?: AbortSignal) =>
  call('GET /leads', `/leads${query ? `?${query}` : ''}`, leadListSchema, { ...ADMIN, signal });

export const getLead = (id: string, signal?: AbortSignal) =>
  call('GET /leads/{id}', `/leads/${seg(id)}`, leadSchema, { ...ADMIN, signal });

export const updateLead = (id: string, body: LeadUpdate) =>
  call('PATCH /leads/{id}', `/leads/${seg(id)}`, leadSchema, { ...ADMIN, method: 'PATCH', body });

/** How many leads are new: the admin navigation's badge. */
export const countNewLeads = () =>
  call('GET /leads/count', '/leads/count?status=new', leadCountSchema, ADMIN).then(({ count }) => count);
