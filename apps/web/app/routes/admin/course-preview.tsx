import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { AdminPageHeader, LoadFailed } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { CourseSalesView } from '~/components/course/sales/course-sales';
import { courseSalesData } from '~/components/course/sales/sales-data';
import { ADMIN } from '~/lib/api/client';
import { getCourse } from '~/lib/api/courses';
import { getSettings } from '~/lib/api/site';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/course-preview';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminCourses.preview);

/**
 * The course from the API as an admin (drafts included, answered private and no-store), and the
 * settings its page reads (the brand name, the learner-count threshold).
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const [course, settings] = await Promise.all([
    loadAdmin((signal) => getCourse(params.courseId, { ...ADMIN, signal }), ADMIN_MESSAGES.failedToLoadCourse, request),
    getSettings({ signal: request.signal }).catch(() => null),
  ]);
  return { course, settings };
}

/**
 * /admin/dashboard/preview/{courseId} (docs/product.md#admin-courses): the course page as the
 * public will see it, drafts included. It is an admin page, rendered in the browser for the
 * signed-in admin only: never a public answer, never in the page cache.
 */
export default function CoursePreview({ loaderData }: Route.ComponentProps) {
  const { t, fmt, tr, locale } = useI18n();
  const c = t.adminCourses;
  const back = { to: '/admin/dashboard/list', label: c.backToList };
  const { course, settings } = loaderData;
  if (!course.ok) {
    return (
      <div>
        <AdminPageHeader title={c.preview} back={back} />
        <LoadFailed failure={{ ...course, message: tr(course.message) }} loadingLabel={c.loading} />
      </div>
    );
  }
  const data = courseSalesData(course.data, locale, {
    brandName: settings?.brandName ?? '',
    enrolmentThreshold: settings?.enrolmentThreshold ?? 0,
  });
  return (
    <div>
      <AdminPageHeader title={fmt(c.previewTitle, { title: data.text.title.text })} back={back} />
      <p
        role="note"
        className={`mb-6 rounded-xl border px-4 py-3 ${
          course.data.publishedAt
            ? 'border-slate-200 bg-white text-slate-700'
            : 'border-brand-yellow/70 bg-brand-sand text-slate-800'
        }`}
      >
        {course.data.publishedAt ? c.previewPublished : c.previewDraft}
      </p>
      <div className="rounded-2xl border border-slate-200">
        <CourseSalesView data={data} preview />
      </div>
    </div>
  );
}
