import {
  adminCourseChoicesSchema,
  adminCoursePageSchema,
  adminCourseSchema,
  deleteCourseResultSchema,
  publishCourseResultSchema,
} from '@oasis/shared/admin/courses';
import { courseDetailSchema, courseSchema } from '@oasis/shared/api';
import { enrolledCourseListSchema } from '@oasis/shared/progress';
import { ADMIN, type CallOptions, call, seg } from './client';

/** A course with its modules, as the session `options.auth` names may see it (lesson links only with access). */
export const getCourse = (slugOrId: string, options: CallOptions = {}) =>
  call('GET /courses/course/slug/{slug}', `/courses/course/slug/${seg(slugOrId)}`, courseDetailSchema, options);

/** The learner's courses with their progress. */
export const getEnrolledCourses = () =>
  call('GET /courses/enrolled', '/courses/enrolled', enrolledCourseListSchema).then(({ courses }) => courses);

/** The admin list: `query` is the screen's search string, '' or '?…'. */
export const listAdminCourses = (query: string, signal?: AbortSignal) =>
  call('GET /admin/courses', `/admin/courses${query}`, adminCoursePageSchema, { ...ADMIN, signal });

export const getCourseChoices = (signal?: AbortSignal) =>
  call('GET /admin/courses/choices', '/admin/courses/choices', adminCourseChoicesSchema, { ...ADMIN, signal });

export const createCourse = (body: FormData) =>
  call('POST /courses/course', '/courses/course', courseSchema, { ...ADMIN, method: 'POST', body });

export const updateCourse = (slug: string, body: FormData) =>
  call('PUT /courses/courses/course/{slug}', `/courses/courses/course/${seg(slug)}`, courseSchema, {
    ...ADMIN,
    method: 'PUT',
    body,
  });

/** Deletes a course, or archives it when it has buyers (`archived` says which). */
export const deleteCourse = (id: string) =>
  call('DELETE /courses/course/{id}', `/courses/course/${seg(id)}`, deleteCourseResultSchema, {
    ...ADMIN,
    method: 'DELETE',
  });

export const setCoursePublished = (id: string, publish: boolean) =>
  call(
    `POST /admin/courses/{id}/${publish ? 'publish' : 'unpublish'}`,
    `/admin/courses/${seg(id)}/${publish ? 'publish' : 'unpublish'}`,
    publishCourseResultSchema,
    { ...ADMIN, method: 'POST' },
  );

export const restoreCourse = (id: string) =>
  call('POST /admin/courses/{id}/restore', `/admin/courses/${seg(id)}/restore`, adminCourseSchema, {
    ...ADMIN,
    method: 'POST',
  });
