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
 * course, whether it is completed or how it completes, and a failed save with its retry.
 */
export function LessonStage({
  state,
  total,
  rules,
}: {
  state: CourseProgressState;
  total: number;
  rules: Pick<CourseProgress, 'requireWatching' | 'watchSharePercent'>;
}) {
  const { current, position, completed, saving, saveError, playerHeading, complete, reportTime } = state;
  const { t, tr, fmt, locale } = useI18n();
  const title = current ? inLocale(locale, current.title, current.titleAr) : null;
  return (
    <section aria-labelledby="player-heading">
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-brand-green-dark shadow-card">
        {current ? (
          <LessonPlayer
            key={current._id}
            video={current}
            onEnded={() => void complete(current._id)}
            onTimeUpdate={
              rules.requireWatching ? (seconds, duration) => reportTime(current._id, seconds, duration) : undefined
            }
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
            {saving === current._id ? (
              <>
                <Spinner className="h-4 w-4" />
                {t.learning.savingProgress}
              </>
            ) : completed.has(current._id) ? (
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
    </section>
  );
}
