import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { inLocale } from '@oasis/shared/i18n/content';
import type { CourseProgress } from '@oasis/shared/progress';
import { PROGRESS_MESSAGES } from '@oasis/shared/progress';
import { FormMessage, Spinner } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';
import { LessonPlayer } from './lesson-player';
import type { CourseProgressState } from './use-course-progress';

/**
 * The watch page's player: the lesson on screen (or a prompt to choose one), its place in the
 * course, whether it is completed or how it completes, a failed save with its retry, and under it
 * "Complete and continue" with Previous / Next lesson. On a course that requires watching the
 * button waits (disabled, with the reason) until the server has counted the lesson watched.
 */
export function LessonStage({
  state,
  total,
  rules,
  hasQuiz,
}: {
  state: CourseProgressState;
  total: number;
  rules: Pick<CourseProgress, 'requireWatching' | 'watchSharePercent'>;
  /** Whether finishing the last lesson leads to a quiz (else to the course's completion). */
  hasQuiz: boolean;
}) {
  const { current, position, completed, saving, saveError, playerHeading, complete, reportTime } = state;
  const { t, tr, fmt, locale } = useI18n();
  const revalidator = useRevalidator();
  // Each retry mounts a fresh player (a new key); an uploaded file gets a fresh signed link first.
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const lockedHintId = useId();
  const title = current ? inLocale(locale, current.title, current.titleAr) : null;
  const isDone = current ? completed.has(current._id) : false;
  const locked = Boolean(current && rules.requireWatching && !isDone);
  const busy = current !== null && saving === current._id;

  async function retry() {
    if (current?.source === 'file') {
      setRetrying(true);
      try {
        await revalidator.revalidate();
      } finally {
        setRetrying(false);
      }
    }
    setAttempt((n) => n + 1);
  }

  const advanceLabel = isDone
    ? state.nextStep === 'quiz'
      ? hasQuiz
        ? t.learning.goToQuiz
        : t.learning.finishCourse
      : t.learning.continueToNext
    : t.learning.completeAndContinue;

  return (
    <section aria-labelledby="player-heading">
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-brand-green-dark shadow-card">
        {current ? (
          <LessonPlayer
            key={`${current._id}:${attempt}`}
            video={current}
            onEnded={() => void complete(current._id)}
            onTimeUpdate={(seconds, duration) => reportTime(current._id, seconds, duration)}
            recovery={{
              onRetry: () => void retry(),
              retrying,
              help: rules.requireWatching ? t.learning.videoFailedWatchHelp : t.learning.videoFailedHelp,
            }}
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
            <Icon name="play" className="h-10 w-10 text-brand-yellow" />
            <p className="text-lg">{tr(PROGRESS_MESSAGES.selectVideo)}</p>
          </div>
        )}
      </div>
      <div className="mt-5 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {current && (
            <p className="text-sm font-semibold text-slate-600">{fmt(t.learning.videoOf, { position, total })}</p>
          )}
          <h2
            id="player-heading"
            ref={playerHeading}
            tabIndex={-1}
            className="font-display text-2xl font-semibold text-brand-green"
            {...title?.attrs}
          >
            {title ? title.text : tr(PROGRESS_MESSAGES.selectVideo)}
          </h2>
        </div>
        {current && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            {busy ? (
              <>
                <Spinner className="h-4 w-4" />
                {t.learning.savingProgress}
              </>
            ) : isDone ? (
              <>
                <Icon name="check" className="h-4 w-4 text-emerald-700" />
                {t.learning.completed}
              </>
            ) : rules.requireWatching ? (
              fmt(t.learning.completesWhenWatched, { percent: rules.watchSharePercent })
            ) : (
              tr(PROGRESS_MESSAGES.completesWhenEnded)
            )}
          </p>
        )}
      </div>
      {saveError && (
        <div className="mt-4 space-y-3">
          <FormMessage tone="error">{tr(saveError.message)}</FormMessage>
          {saveError.retry && (
            <button
              type="button"
              onClick={() => void complete(saveError.videoId)}
              className={buttonClass('outline', 'sm')}
            >
              {t.learning.trySavingAgain}
            </button>
          )}
        </div>
      )}
      {current && (
        <nav aria-label={t.learning.lessonNavigation} className="mt-6 border-t border-slate-200 pt-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="order-1 sm:order-2">
              <button
                type="button"
                onClick={() => void state.completeAndContinue()}
                disabled={locked || busy}
                aria-describedby={locked ? lockedHintId : undefined}
                className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}
              >
                {busy ? <Spinner className="h-4 w-4" /> : <Icon name="check" />}
                {advanceLabel}
              </button>
            </div>
            <div className="order-2 grid grid-cols-2 gap-3 sm:order-1 sm:flex">
              <button
                type="button"
                onClick={() => state.previous && state.select(state.previous._id)}
                disabled={!state.previous}
                className={buttonClass('outline', 'sm')}
              >
                <Icon name="arrow-left" />
                {t.learning.previousLesson}
              </button>
              <button
                type="button"
                onClick={() => state.next && state.select(state.next._id)}
                disabled={!state.next}
                className={buttonClass('outline', 'sm')}
              >
                {t.learning.nextLesson}
                <Icon name="arrow-right" />
              </button>
            </div>
          </div>
          {locked && (
            <p id={lockedHintId} className="mt-3 text-sm text-slate-700">
              {fmt(t.learning.completeLocked, { percent: rules.watchSharePercent })}
            </p>
          )}
        </nav>
      )}
    </section>
  );
}
