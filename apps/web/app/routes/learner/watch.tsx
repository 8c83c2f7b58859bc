import { useCallback, useMemo, useRef, useState } from 'react';
import { data, isRouteErrorResponse, Link, redirect, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import type { CourseDetail } from '@oasis/shared/api';
import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import { type CourseProgress, firstUnfinishedVideoId, PROGRESS_MESSAGES, videosInOrder } from '@oasis/shared/progress';
import { AuthLoading } from '~/components/auth/auth-page';
import { Spinner, FormMessage } from '~/components/ui/form';
import { loginUrl, removeAdminToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { CourseOutline } from '~/components/course/course-outline';
import { CourseQuiz } from '~/components/course/course-quiz';
import { LessonPlayer } from '~/components/course/lesson-player';
import { useWatchReports } from '~/components/course/use-watch-reports';
import { LearnerPage, MessagePanel } from '~/components/learner/learner-page';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { ApiRequestError, api, errorMessage, readToken, type TokenKind } from '~/lib/api';
import type { Route } from './+types/watch';

const LOADING = 'Loading course…';

/**
 * Who may watch (spec §2, DECISIONS.md): a learner enrolled in the course, or an admin (who holds
 * an admin token, not a learner session) for any course. The server decides (`hasAccess`, and
 * again on every progress and quiz call); this loader only routes people: signed out → /login and
 * back here afterwards; signed in without access → the course page with its Buy Now.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const learner = readToken('token');
  const admin = readToken('adminToken');
  if (!learner && !admin) throw redirect(loginUrl(here));

  const path = `/courses/course/slug/${encodeURIComponent(params.slug)}`;
  let course: CourseDetail;
  let auth: TokenKind = learner ? 'token' : 'adminToken';
  try {
    course = await api<CourseDetail>(path, { auth });
    // Signed in both ways (an admin who also has a learner account): the admin session may watch.
    if (!course.hasAccess && learner && admin) {
      const asAdmin = await api<CourseDetail>(path, { auth: 'adminToken' });
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
      await api('/auth/user');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) throw redirect(loginUrl(here));
    }
    toast.error(PROGRESS_MESSAGES.noAccess);
    throw redirect(`/courses/${course.slug}`);
  }

  const progress = await api<CourseProgress>(`/progress/${encodeURIComponent(course._id)}`, { auth });
  return { course, progress, auth };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(matches, loaderData?.course.title ?? 'Watch');

export function HydrateFallback() {
  return <AuthLoading label={LOADING} />;
}

export default function WatchRoute({ loaderData }: Route.ComponentProps) {
  const { course, progress, auth } = loaderData;
  // Another course starts the page afresh.
  return <Watch key={course._id} course={course} progress={progress} auth={auth} />;
}

function Watch({ course, progress, auth }: { course: CourseDetail; progress: CourseProgress; auth: TokenKind }) {
  const videos = useMemo(() => videosInOrder(course.modules), [course.modules]);
  const [completed, setCompleted] = useState<ReadonlySet<string>>(() => new Set(progress.completedVideoIds));
  // Opening the page resumes at the first unfinished video.
  const [currentId, setCurrentId] = useState<string | null>(() =>
    firstUnfinishedVideoId(course.modules, progress.completedVideoIds),
  );
  const [saving, setSaving] = useState<string | null>(null);
  // `retry`: offered when saving again may help (not when the server wants the lesson watched first).
  const [saveError, setSaveError] = useState<{ videoId: string; message: string; retry: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const playerHeading = useRef<HTMLHeadingElement>(null);

  const current = currentId ? (videos.find((v) => v._id === currentId) ?? null) : null;
  const allDone = videos.every((v) => completed.has(v._id));
  const showQuiz = allDone && !current;
  const position = current ? videos.indexOf(current) + 1 : 0;

  const select = useCallback((videoId: string) => {
    setCurrentId(videoId);
    setSaveError(null);
    // Keyboard and screen-reader users land on the lesson they chose.
    requestAnimationFrame(() => playerHeading.current?.focus());
  }, []);

  // Courses that require watching: the player reports while it plays, and a lesson completes once
  // the server has seen enough of it (ticked here without moving on: the learner is still watching).
  const { tick: reportTime, flush: flushReports } = useWatchReports({
    enabled: progress.requireWatching,
    auth,
    onResult: (result) => {
      if (!result.completed || completed.has(result.videoId)) return;
      setCompleted(new Set(result.progress.completedVideoIds));
      const title = videos.find((v) => v._id === result.videoId)?.title;
      if (title) setAnnouncement(`“${title}” completed.`);
    },
  });

  /** The player says the video played to its end: record it, tick it, go on to the next unfinished one. */
  const complete = useCallback(
    async (videoId: string) => {
      const video = videos.find((v) => v._id === videoId);
      if (!video) return;
      setSaving(videoId);
      setSaveError(null);
      try {
        // The last seconds watched count before the lesson is marked completed.
        await flushReports(videoId);
        const saved = await api<CourseProgress>('/progress', { method: 'POST', body: { videoId }, auth });
        const done = new Set(saved.completedVideoIds);
        setCompleted(done);
        const next = firstUnfinishedVideoId(course.modules, done);
        const nextVideo = next ? videos.find((v) => v._id === next) : null;
        // Only move on if the learner is still on the video that ended.
        setCurrentId((on) => (on === videoId ? next : on));
        setAnnouncement(
          nextVideo
            ? `“${video.title}” completed. Next video: “${nextVideo.title}”.`
            : `“${video.title}” completed. All videos are completed: the quiz is unlocked.`,
        );
      } catch (error) {
        setSaveError({
          videoId,
          message: errorMessage(error, PROGRESS_MESSAGES.saveFailed),
          retry: !(error instanceof ApiRequestError && error.status === 409),
        });
      } finally {
        setSaving(null);
      }
    },
    [auth, course.modules, videos, flushReports],
  );

  return (
    <main id="main" tabIndex={-1} className="min-h-screen bg-brand-sand/60">
      <div className="on-dark bg-brand-green pt-[4.5rem] text-white">
        <div className="wrap py-6 sm:py-8">
          <nav aria-label="Breadcrumb" className="text-sm">
            <ol className="flex flex-wrap items-center gap-2 text-white/75">
              <li className="flex items-center gap-2">
                <Link to="/enrolledCourse" className="underline-offset-4 hover:text-brand-yellow hover:underline">
                  My courses
                </Link>
                <span aria-hidden="true">/</span>
              </li>
              <li className="flex items-center gap-2">
                <Link
                  to={`/courses/${course.slug}`}
                  className="underline-offset-4 hover:text-brand-yellow hover:underline"
                >
                  Course details
                </Link>
                <span aria-hidden="true">/</span>
              </li>
              <li aria-current="page" className="text-white">
                Watch
              </li>
            </ol>
          </nav>
          <h1 className="mt-3 font-display text-3xl font-semibold leading-tight sm:text-4xl">{course.title}</h1>
          {auth === 'adminToken' && (
            <p className="mt-2 text-sm text-white/85">
              Admin preview: your progress and quiz attempts are recorded on your admin account.
            </p>
          )}
        </div>
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div className="wrap grid gap-8 py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-10">
        <div className="min-w-0 space-y-6">
          {showQuiz ? (
            <CourseQuiz courseId={course._id} auth={auth} />
          ) : (
            <section aria-labelledby="player-heading">
              <div className="relative aspect-video overflow-hidden rounded-2xl bg-brand-green-dark shadow-card">
                {current ? (
                  <LessonPlayer
                    key={current._id}
                    video={current}
                    onEnded={() => void complete(current._id)}
                    onTimeUpdate={
                      progress.requireWatching
                        ? (position, duration) => reportTime(current._id, position, duration)
                        : undefined
                    }
                  />
                ) : (
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
                    <Icon name="play" className="h-10 w-10 text-brand-yellow" />
                    <p className="text-lg">{PROGRESS_MESSAGES.selectVideo}</p>
                  </div>
                )}
              </div>
              <div className="mt-5 flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0">
                  {current && (
                    <p className="text-sm font-semibold text-slate-600">
                      Video {position} of {videos.length}
                    </p>
                  )}
                  <h2
                    id="player-heading"
                    ref={playerHeading}
                    tabIndex={-1}
                    className="font-display text-2xl font-semibold text-brand-green"
                  >
                    {current ? current.title : PROGRESS_MESSAGES.selectVideo}
                  </h2>
                </div>
                {current && (
                  <p className="flex items-center gap-2 text-sm text-slate-700">
                    {saving === current._id ? (
                      <>
                        <Spinner className="h-4 w-4" />
                        Saving your progress…
                      </>
                    ) : completed.has(current._id) ? (
                      <>
                        <Icon name="check" className="h-4 w-4 text-emerald-700" />
                        Completed
                      </>
                    ) : progress.requireWatching ? (
                      PROGRESS_MESSAGES.completesWhenWatched(progress.watchSharePercent)
                    ) : (
                      PROGRESS_MESSAGES.completesWhenEnded
                    )}
                  </p>
                )}
              </div>
              {saveError && (
                <div className="mt-4 space-y-3">
                  <FormMessage tone="error">{saveError.message}</FormMessage>
                  {saveError.retry && (
                    <button
                      type="button"
                      onClick={() => void complete(saveError.videoId)}
                      className={buttonClass('outline', 'sm')}
                    >
                      Try saving again
                    </button>
                  )}
                </div>
              )}
            </section>
          )}

          {!allDone ? (
            <aside
              aria-label="Quiz"
              className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <Icon name="shield" className="mt-0.5 text-brand-gold" />
              <div>
                <h2 className="font-semibold text-slate-900">Course quiz</h2>
                <p className="mt-1 text-slate-700">{PROGRESS_MESSAGES.quizLocked}</p>
              </div>
            </aside>
          ) : (
            !showQuiz && (
              <aside
                aria-label="Quiz"
                className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5"
              >
                <p className="text-slate-700">You have completed every video. The quiz is waiting for you.</p>
                <button type="button" onClick={() => setCurrentId(null)} className={buttonClass('secondary', 'sm')}>
                  Take the quiz
                </button>
              </aside>
            )
          )}
        </div>

        <div className="lg:sticky lg:top-24 lg:self-start">
          <CourseOutline
            modules={course.modules}
            completed={completed}
            currentId={current?._id ?? null}
            onSelect={select}
          />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <LearnerPage title={PAYMENT_MESSAGES.courseNotFound}>
        <MessagePanel
          title="This course does not exist"
          actions={[
            { to: '/enrolledCourse', label: 'My courses' },
            { to: '/courses', label: 'Browse courses', variant: 'outline' },
          ]}
        >
          It may have been renamed or removed. Your enrolled courses are listed under My courses.
        </MessagePanel>
      </LearnerPage>
    );
  }
  return (
    <LearnerPage title="Failed to load course">
      <div role="alert" className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <h2 className="font-display text-2xl font-semibold text-red-800">We could not open this course just now.</h2>
        <p className="mt-3 text-lg text-slate-700">
          {errorMessage(error, 'Please check your connection and try again.')}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={pathname} className={buttonClass('secondary')}>
            Try again
          </a>
          <Link to="/enrolledCourse" className={buttonClass('outline')}>
            My courses
          </Link>
        </div>
      </div>
    </LearnerPage>
  );
}
