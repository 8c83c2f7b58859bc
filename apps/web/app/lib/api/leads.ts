import {
  courseWaitlistSchema,
  type LeadChange,
  leadCountSchema,
  leadDetailSchema,
  leadListSchema,
  leadPipelineSchema,
  leadSchema,
  waitlistAnnouncedSchema,
} from '@oasis/shared/leads';
import { ADMIN, call, seg } from './client';

/** The admin's list of leads: `query` is the screen's search string without '?', or ''. */
export const listLeads = (query: string, signal?: AbortSignal) =>
  call('GET /leads', `/leads${query ? `?${query}` : ''}`, leadListSchema, { ...ADMIN, signal });

/** One lead with its notes and its history. */
export const getLead = (id: string, signal?: AbortSignal) =>
  call('GET /leads/{id}', `/leads/${seg(id)}`, leadDetailSchema, { ...ADMIN, signal });

/** A new stage, a follow-up day (null clears it), or both. */
export const updateLead = (id: string, body: LeadChange) =>
  call('PATCH /leads/{id}', `/leads/${seg(id)}`, leadSchema, { ...ADMIN, method: 'PATCH', body });

export const addLeadNote = (id: string, body: string) =>
  call('POST /leads/{id}/notes', `/leads/${seg(id)}/notes`, leadDetailSchema, {
    ...ADMIN,
    method: 'POST',
    body: { body },
  });

/** How many leads are new: the admin navigation's badge. */
export const countNewLeads = () =>
  call('GET /leads/count', '/leads/count?status=new', leadCountSchema, ADMIN).then(({ count }) => count);

/** Leads per stage and those due for a follow-up today: the dashboard's pipeline. */
export const getLeadPipeline = (signal?: AbortSignal) =>
  call('GET /leads/pipeline', '/leads/pipeline', leadPipelineSchema, { ...ADMIN, signal });

/** A course's waitlist: how many wait and whether they may be e-mailed now. */
export const getCourseWaitlist = (courseId: string, signal?: AbortSignal) =>
  call('GET /leads/waitlist/{courseId}', `/leads/waitlist/${seg(courseId)}`, courseWaitlistSchema, {
    ...ADMIN,
    signal,
  });

/** E-mails the course's waitlist that it is on sale (once): how many e-mails were queued. */
export const announceWaitlist = (courseId: string) =>
  call(
    'POST /leads/waitlist/{courseId}/announce',
    `/leads/waitlist/${seg(courseId)}/announce`,
    waitlistAnnouncedSchema,
    {
      ...ADMIN,
      method: 'POST',
    },
  ).then(({ queued }) => queued);
