import { messageResultSchema } from '@oasis/shared/admin/common';
import {
  adminReviewListSchema,
  myReviewSchema,
  type ReviewInput,
  type TestimonialInput,
  testimonialListSchema,
  testimonialSchema,
} from '@oasis/shared/reviews';
import { ADMIN, call, seg } from './client';

/** The learner's own review of a course, and whether they may write one yet. */
export const getMyReview = (courseId: string, signal?: AbortSignal) =>
  call('GET /reviews/courses/{courseId}/mine', `/reviews/courses/${seg(courseId)}/mine`, myReviewSchema, { signal });

export const saveMyReview = (courseId: string, body: ReviewInput) =>
  call('PUT /reviews/courses/{courseId}/mine', `/reviews/courses/${seg(courseId)}/mine`, myReviewSchema, {
    method: 'PUT',
    body,
  });

/** The owner's queue: waiting reviews first; `query` is `course=&status=`. */
export const listAdminReviews = (query: string, signal?: AbortSignal) =>
  call('GET /admin/reviews', `/admin/reviews${query ? `?${query}` : ''}`, adminReviewListSchema, { ...ADMIN, signal });

export const setReviewStatus = (id: string, status: 'approved' | 'hidden') =>
  call('PUT /admin/reviews/{id}/status', `/admin/reviews/${seg(id)}/status`, messageResultSchema, {
    ...ADMIN,
    method: 'PUT',
    body: { status },
  });

export const listAdminTestimonials = (signal?: AbortSignal) =>
  call('GET /admin/testimonials', '/admin/testimonials', testimonialListSchema, { ...ADMIN, signal });

export const addTestimonial = (body: TestimonialInput) =>
  call('POST /admin/testimonials', '/admin/testimonials', testimonialSchema, { ...ADMIN, method: 'POST', body });

export const updateTestimonial = (id: string, body: TestimonialInput) =>
  call('PUT /admin/testimonials/{id}', `/admin/testimonials/${seg(id)}`, testimonialSchema, {
    ...ADMIN,
    method: 'PUT',
    body,
  });

export const deleteTestimonial = (id: string) =>
  call('DELETE /admin/testimonials/{id}', `/admin/testimonials/${seg(id)}`, messageResultSchema, {
    ...ADMIN,
    method: 'DELETE',
  });

export const reorderTestimonials = (ids: string[]) =>
  call('PUT /admin/testimonials/reorder', '/admin/testimonials/reorder', testimonialListSchema, {
    ...ADMIN,
    method: 'PUT',
    body: { ids },
  });
