import { redirect } from 'react-router';
import { localeFromPath, localePath } from '@oasis/shared/i18n/locales';
import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import type { EnrolledCourse } from '@oasis/shared/progress';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { EnrolledCourseCard } from '~/components/learner/enrolled-course-card';
import { LearnerPage, LearnerPageSkeleton, LoadFailedPanel, MessagePanel } from '~/components/learner/learner-page';
import { errorMessage } from '~/lib/api';
import { getEnrolledCourses } from '~/lib/api/courses';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/enrolled-courses';

/** The one address of the list (docs/product.md#enrolled-courses); the route matches any casing of it. */
const ENROLLED_PATH = '/enrolledCourse';

/** The list's one address in the request's language, if the request used another casing of it. */
function canonical(request: Request): string | null {
  const url = new URL(request.url);
  const path = localePath(localeFromPath(url.pathname), ENROLLED_PATH);
  return url.pathname === path ? null : `${path}${url.search}`;
}

/** On the server: /enrolledcourse, /ENROLLEDCOURSE… (and /ar/enrolledcourse…) answer 301 to /enrolledCourse. */
export function loader({ request }: Route.LoaderArgs) {
  const target = canonical(request);
  if (target) throw redirect(target, 301);
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const target = canonical(request);
  if (target) throw redirect(target);
  requireLearnerToken(request);
  try {
    return { courses: await getEnrolledCourses(), error: null };
  } catch (error) {
    // The server's message, or '' for the screen's own wording (in the page's language, below).
    return { courses: [] as EnrolledCourse[], error: errorMessage(error, '') };
  }
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, ({ tr }) => tr(PAYMENT_MESSAGES.enrolledTitle));

export function HydrateFallback() {
  const { tr } = useI18n();
  return <LearnerPageSkeleton label={tr(PAYMENT_MESSAGES.loadingCourses)} width="wide" />;
}

export default function EnrolledCoursesRoute({ loaderData }: Route.ComponentProps) {
  const { tr } = useI18n();
  return (
    <RequireUser loadingLabel={tr(PAYMENT_MESSAGES.loadingCourses)}>
      <EnrolledCourses courses={loaderData?.courses ?? []} error={loaderData?.error ?? null} />
    </RequireUser>
  );
}

/** `error`: null when the list loaded; the server's message, or '' for the screen's own wording. */
function EnrolledCourses({ courses, error }: { courses: EnrolledCourse[]; error: string | null }) {
  const { t, tr, plural } = useI18n();
  return (
    <LearnerPage title={tr(PAYMENT_MESSAGES.enrolledTitle)} eyebrow={t.learning.myLearning} width="wide">
      {error !== null ? (
        <LoadFailedPanel
          title={error ? tr(error) : t.learning.loadFailed}
          text={t.learning.checkConnection}
          retryLabel={t.common.retry}
          retryingLabel={tr(PAYMENT_MESSAGES.loadingCourses)}
        />
      ) : courses.length === 0 ? (
        <MessagePanel
          title={tr(PAYMENT_MESSAGES.noEnrolledCourses)}
          actions={[{ to: '/courses', label: t.learning.browseCourses }]}
        >
          {t.learning.emptyText}
        </MessagePanel>
      ) : (
        <>
          <p className="mb-6 text-slate-700">{plural(t.learning.enrolledCount, courses.length)}</p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course._id} className="flex">
                <EnrolledCourseCard course={course} />
              </li>
            ))}
          </ul>
        </>
      )}
    </LearnerPage>
  );
}
