import { redirect, useRevalidator } from 'react-router';
import type { Course } from '@oasis/shared/api';
import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import { AuthLoading } from '~/components/auth/auth-page';
import { Spinner } from '~/components/ui/form';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { EnrolledCourseCard } from '~/components/learner/enrolled-course-card';
import { LearnerPage, MessagePanel } from '~/components/learner/learner-page';
import { buttonClass } from '~/components/ui/button';
import { api, errorMessage } from '~/lib/api';
import type { Route } from './+types/enrolled-courses';

/** The one address of the list (docs/product.md#enrolled-courses); the route matches any casing of it. */
const ENROLLED_PATH = '/enrolledCourse';

function canonical(request: Request): string | null {
  const url = new URL(request.url);
  return url.pathname === ENROLLED_PATH ? null : `${ENROLLED_PATH}${url.search}`;
}

/** On the server: /enrolledcourse, /ENROLLEDCOURSE… answer 301 to /enrolledCourse. */
export function loader({ request }: Route.LoaderArgs) {
  const target = canonical(request);
  if (target) throw redirect(target, 301);
  return null;
}

const LOAD_FAILED = 'We could not load your courses just now.';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const target = canonical(request);
  if (target) throw redirect(target);
  requireLearnerToken(request);
  try {
    const data = await api<{ courses?: unknown }>('/courses/enrolled');
    // `courses` must be an array; entries without an id are left out (docs/product.md#enrolled-courses).
    const courses = Array.isArray(data?.courses)
      ? data.courses.filter((c): c is Course => Boolean(c) && typeof (c as Course)._id === 'string')
      : [];
    return { courses, error: null };
  } catch (error) {
    return { courses: [] as Course[], error: errorMessage(error, LOAD_FAILED) };
  }
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, PAYMENT_MESSAGES.enrolledTitle);

export function HydrateFallback() {
  return <AuthLoading label={PAYMENT_MESSAGES.loadingCourses} />;
}

export default function EnrolledCoursesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <RequireUser loadingLabel={PAYMENT_MESSAGES.loadingCourses}>
      <EnrolledCourses courses={loaderData?.courses ?? []} error={loaderData?.error ?? null} />
    </RequireUser>
  );
}

function EnrolledCourses({ courses, error }: { courses: Course[]; error: string | null }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <LearnerPage title={PAYMENT_MESSAGES.enrolledTitle} eyebrow="My learning" width="wide">
      {error ? (
        <div role="alert" className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
          <h2 className="font-display text-2xl font-semibold text-red-800">{error}</h2>
          <p className="mt-3 text-lg text-slate-700">Please check your connection and try again.</p>
          <button
            type="button"
            onClick={() => revalidator.revalidate()}
            disabled={retrying}
            className={buttonClass('secondary', 'md', 'mt-8')}
          >
            {retrying && <Spinner />}
            {retrying ? PAYMENT_MESSAGES.loadingCourses : 'Try again'}
          </button>
        </div>
      ) : courses.length === 0 ? (
        <MessagePanel
          title={PAYMENT_MESSAGES.noEnrolledCourses}
          actions={[{ to: '/courses', label: 'Browse courses' }]}
        >
          Find a course in the catalogue; it will appear here once you have enrolled.
        </MessagePanel>
      ) : (
        <>
          <p className="mb-6 text-slate-700">
            {courses.length === 1 ? 'You are enrolled in 1 course.' : `You are enrolled in ${courses.length} courses.`}
          </p>
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
