import { loadAdmin } from './request';
import { ADMIN } from '~/lib/api/client';
import { getCourse } from '~/lib/api/courses';

/** The course named by the `:courseId` of a modules screen (List Modules, Add Modules), with its modules. */
export function loadRouteCourse(courseId: string, fallback: string, request: Request) {
  return loadAdmin((signal) => getCourse(courseId, { ...ADMIN, signal }), fallback, request);
}
