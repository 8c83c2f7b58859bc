import type { CourseDetail } from '@oasis/shared/api';
import { loadAdmin } from './request';

/** The course named by the `:courseId` of a modules screen (List Modules, Add Modules), with its modules. */
export function loadRouteCourse(courseId: string, fallback: string, request: Request) {
  return loadAdmin<CourseDetail>(`/courses/course/slug/${encodeURIComponent(courseId)}`, fallback, request);
}
