import { data, isRouteErrorResponse, Link, redirect, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import type { CourseDetail } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import progressTexts from '@oasis/shared/i18n/ns/progress';
import { type CourseCompletion, type CourseProgress, videosInOrder } from '@oasis/shared/progress';
import { useEffect, useMemo, useState } from 'react';
import { loginUrl, pathOf, removeAdminToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { CompletionScreen } from '~/components/course/completion-screen';
import { CourseOutline } from '~/components/course/course-outline';
import { CourseQuiz, loadCourseQuiz, type QuizLoad } from '~/components/course/course-quiz';
import { ReviewForm } from '~/components/reviews/review-form';
import { LessonStage } from '~/components/course/lesson-stage';
import { QuizPrompt } from '~/components/course/quiz-prompt';
import { useCourseProgress } from '~/components/course/use-course-progress';
import { WatchHeader } from '~/components/course/watch-header';
import { LearnerPage, MessagePanel, LearnerPageSkeleton } from '~/components/learner/learner-page';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, errorMessage, readToken, type TokenKind } from '~/lib/api';
import { getUser } from '~/lib/api/auth';
import { getCourse } from '~/lib/api/courses';
import { getCourseCompletion, getCourseProgress } from '~/lib/api/progress';
import { useI18n } from '~/lib/i18n';
import { requestLocale, requestPath, textsIn } from '~/lib/loader-i18n';
import type { Route } from './+types/watch';

/**
 * Who may watch (docs/product.md#watch-page, #who-sees-video-urls): a learner enrolled in the course, or an admin (who holds
 * an admin token, not a learner session) for any course. The server decides (`hasAccess`, and
 * again on every progress and quiz call); this loader only routes people: signed out → /login and
 * back here afterwards; signed in without access → the course page with its Buy Now.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const here = pathOf(request);
  const learner = readToken('token');
  const admin = readToken('adminToken');
  if (!learner && !admin) throw redirect(loginUrl(here));

  let course: CourseDetail;
  let auth: TokenKind = learner ? 'token' : 'adminToken';
  try {
    course = await getCourse(params.slug, { auth });
    // Signed in both ways (an admin who also has a learner account): the admin session may watch.
    if (!course.hasAccess && learner && admin) {
      const asAdmin = await getCourse(params.slug, { auth: 'adminToken' });
      if (asAdmin.hasAccess) {
        course = asAdmin;
        auth = 'adminToken';
      }
    }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }

  if (!course.hasAccess) {
    if (!learner) {
      // An admin token always has access: this one has ended. Forget it and sign in again.
      removeAdminToken();
      throw redirect(loginUrl(here));
    }
    // A learner session the server no longer accepts counts as signed out.
    try {
      await getUser();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) throw redirect(loginUrl(here));
    }
    toast.error(textsIn(progressTexts, requestLocale(request)).noAccess);
    throw redirect(requestPath(request, `/courses/${course.slug}`));
  }

  // The quiz comes with the page, so it is there the moment the last video is completed.
  const [progress, quiz, completion] = await Promise.all([
    getCourseProgress(course._id, { auth }),
    loadCourseQuiz(course._id, auth),
    getCourseCompletion(course._id, { auth }),
  ]);
  // `?lesson=<id>`: where the enrolled list's Continue opens the course (ignored unless it is one of its lessons).
  const startAt = new URL(request.url).searchParams.get('lesson');
  return { course, progress, quiz, completion, auth, startAt };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, ({ t, locale }) =>
    loaderData ? inLocale(locale, loaderData.course.title, loaderData.course.titleAr).text : t.learning.watch,
  );

export function HydrateFallback() {
  const { t } = useI18n();
  return <LearnerPageSkeleton label={t.learning.loadingCourse} width="wide" />;
}

export default function WatchRoute({ loaderData }: Route.ComponentProps) {
  const { course, progress, quiz, completion, auth, startAt } = loaderData;
  // Another course starts the page afresh.
  return (
    <Watch
      key={course._id}
      course={course}
      progress={progress}
      quiz={quiz}
      completion={completion}
      auth={auth}
      startAt={startAt}
    />
  );
}

function Watch({
  course,
  progress,
  quiz,
  completion: loadedCompletion,
  auth,
  startAt,
}: {
  course: CourseDetail;
  progress: CourseProgress;
  quiz: QuizLoad;
  completion: CourseCompletion;
  auth: TokenKind;
  startAt: string | null;
}) {
  const state = useCourseProgress({ course, progress, auth, startAt });
  const { locale } = useI18n();
  const title = inLocale(locale, course.title, course.titleAr);
  const [completion, setCompletion] = useState(loadedCompletion);
  // The server decides when the course is complete: asked again once every lesson is done (a
  // course without a quiz completes then) and after a passing attempt.
  const refreshCompletion = () => {
    getCourseCompletion(course._id, { auth })
      .then(setCompletion)
      .catch(() => undefined);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when allDone turns true.
  useEffect(() => {
    if (state.allDone && !completion.complete) refreshCompletion();
  }, [state.allDone]);
  // Lessons in order: a lesson opens once every lesson before it is complete.
  const locked = useMemo(() => {
    const shut = new Set<string>();
    if (!progress.lessonsInOrder) return shut;
    let open = true;
    for (const video of videosInOrder(course.modules)) {
      if (!open) shut.add(video._id);
      if (!state.completed.has(video._id)) open = false;
    }
    return shut;
  }, [progress.lessonsInOrder, course.modules, state.completed]);
  const finished = completion.complete && state.showQuiz;
  return (
    <main id="main" tabIndex={-1} className="min-h-screen bg-brand-sand/60">
      <WatchHeader title={title.text} titleAttrs={title.attrs} slug={course.slug} auth={auth} />
      <p role="status" className="sr-only">
        {state.announcement}
      </p>
      <div className="wrap grid gap-8 py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-10">
        <div className="min-w-0 space-y-6">
          {finished && (
            <CompletionScreen
              completion={completion}
              courseTitle={title}
              onReview={() => {
                const firstVideo = videosInOrder(course.modules)[0];
                if (firstVideo) state.select(firstVideo._id);
              }}
            />
          )}
          {state.showQuiz ? (
            !(finished && quiz.kind === 'none') && (
              <CourseQuiz load={quiz} courseId={course._id} auth={auth} onPassed={refreshCompletion} />
            )
          ) : (
            <LessonStage state={state} total={state.videos.length} rules={progress} hasQuiz={quiz.kind !== 'none'} />
          )}
          {!state.showQuiz && <QuizPrompt unlocked={state.allDone} onOpen={state.openQuiz} />}
          {/* Learners rate the course here, never on the public page (no script there). */}
          {auth === 'token' && <ReviewForm courseId={course._id} completed={state.completed.size} />}
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <CourseOutline
            modules={course.modules}
            completed={state.completed}
            locked={locked}
            currentId={state.current?._id ?? null}
            onSelect={state.select}
          />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const { t, tr, lp } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <LearnerPage title={tr(PAYMENT_MESSAGES.courseNotFound)}>
        <MessagePanel
          title={t.learning.courseMissingTitle}
          actions={[
            { to: '/enrolledCourse', label: t.learning.myCourses },
            { to: '/courses', label: t.learning.browseCourses, variant: 'outline' },
          ]}
        >
          {t.learning.courseMissingText}
        </MessagePanel>
      </LearnerPage>
    );
  }
  return (
    <LearnerPage title={t.learning.loadCourseFailed}>
      <div role="alert" className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <h2 className="font-display text-2xl font-semibold text-red-800">{t.learning.couldNotOpen}</h2>
        <p className="mt-3 text-lg text-slate-700">{tr(errorMessage(error, t.learning.checkConnection))}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={pathname} className={buttonClass('secondary')}>
            {t.common.retry}
          </a>
          <Link to={lp('/enrolledCourse')} className={buttonClass('outline')}>
            {t.learning.myCourses}
          </Link>
        </div>
      </div>
    </LearnerPage>
  );
}
