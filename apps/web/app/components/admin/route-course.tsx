import { useParams } from 'react-router';
import { ADMIN_MESSAGES } from '@oasis/shared/admin';
import type { CourseDetail } from '@oasis/shared/api';
import { EmptyState } from './page';
import { useAdminData } from './use-admin-data';

/**
 * The course named by the `:courseId` of a modules screen (List Modules, Add Modules), with its
 * modules. Without an id nothing is fetched: the screen shows <NoCourseSelected /> instead.
 */
export function useRouteCourse(fallback: string) {
  const { courseId = '' } = useParams();
  const course = useAdminData<CourseDetail>(
    courseId ? `/courses/course/slug/${encodeURIComponent(courseId)}` : null,
    fallback,
  );
  return { courseId, ...course };
}

export function NoCourseSelected() {
  return (
    <EmptyState
      title={ADMIN_MESSAGES.noCourseSelected}
      link={{ to: '/admin/dashboard/list', label: 'Choose a course' }}
    />
  );
}
