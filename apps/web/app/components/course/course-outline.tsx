import type { Module } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import { ContentText } from '~/components/ui/content-text';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';

/**
 * The watch page's sidebar: modules and their videos, a checkmark on each completed one. The
 * video on screen is marked `aria-current`; completed videos say so to screen readers too. On a
 * course with lessons in order, a lesson not yet open (`locked`) shows a lock, does nothing when
 * chosen (`aria-disabled`, still reachable by keyboard) and says why to screen readers.
 */
export function CourseOutline({
  modules,
  completed,
  locked,
  currentId,
  onSelect,
}: {
  modules: Module[];
  completed: ReadonlySet<string>;
  locked?: ReadonlySet<string>;
  currentId: string | null;
  onSelect: (videoId: string) => void;
}) {
  const { t, fmt, plural, locale } = useI18n();
  const total = modules.reduce((sum, m) => sum + m.videos.length, 0);
  const done = modules.reduce((sum, m) => sum + m.videos.filter((v) => completed.has(v._id)).length, 0);
  const percent = total ? Math.round((done / total) * 100) : 100;
  return (
    <nav aria-labelledby="outline-heading" className="rounded-2xl bg-white shadow-card">
      <div className="border-b border-slate-100 p-5">
        <h2 id="outline-heading" className="font-display text-xl font-semibold text-brand-green">
          {t.course.content}
        </h2>
        <p className="mt-1 text-sm text-slate-600" id="outline-progress">
          {plural(t.course.progress, total, { done })}
        </p>
        <div
          role="progressbar"
          aria-labelledby="outline-progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-green transition-[width] duration-500 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {modules.length === 0 ? (
        <p className="p-5 text-slate-700">{t.course.lessonsPreparing}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {modules.map((module, moduleIndex) => {
            const moduleTitle = inLocale(locale, module.title, module.titleAr);
            return (
              <li key={module._id} className="p-3">
                <h3 className="px-2 pt-2 pb-1">
                  <span className="block text-xs font-bold tracking-[0.18em] text-brand-gold uppercase">
                    {fmt(t.course.module, { number: moduleIndex + 1 })}
                  </span>
                  <span className="mt-0.5 block font-semibold text-slate-900" {...moduleTitle.attrs}>
                    {moduleTitle.text}
                  </span>
                </h3>
                {module.videos.length === 0 ? (
                  <p className="px-2 pb-2 text-sm text-slate-600">{t.course.noVideos}</p>
                ) : (
                  <ol className="mt-1 space-y-1">
                    {module.videos.map((video, videoIndex) => {
                      const isDone = completed.has(video._id);
                      const isLocked = Boolean(locked?.has(video._id));
                      const isCurrent = video._id === currentId;
                      const title = inLocale(locale, video.title, video.titleAr);
                      return (
                        <li key={video._id}>
                          <button
                            type="button"
                            onClick={() => {
                              if (!isLocked) onSelect(video._id);
                            }}
                            aria-current={isCurrent ? 'true' : undefined}
                            aria-disabled={isLocked ? 'true' : undefined}
                            data-locked={isLocked ? 'true' : undefined}
                            className={`flex w-full items-start gap-3 rounded-lg px-2 py-2.5 text-start transition-colors motion-reduce:transition-none ${
                              isCurrent
                                ? 'bg-brand-mist font-semibold text-brand-green'
                                : isLocked
                                  ? 'cursor-not-allowed text-slate-600'
                                  : 'text-slate-700 hover:bg-slate-50'
                            }`}
                          >
                            <span
                              aria-hidden="true"
                              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${
                                isDone
                                  ? 'border-emerald-700 bg-emerald-700 text-white'
                                  : isCurrent
                                    ? 'border-brand-green text-brand-green'
                                    : 'border-slate-300 text-slate-400'
                              }`}
                            >
                              {isDone ? (
                                <Icon name="check" className="h-3.5 w-3.5" />
                              ) : isLocked ? (
                                <Icon name="shield" className="h-3 w-3" />
                              ) : isCurrent ? (
                                <Icon name="play" className="h-2.5 w-2.5" />
                              ) : null}
                            </span>
                            <span className="min-w-0 flex-1">
                              <span className="sr-only">{fmt(t.course.videoNumber, { number: videoIndex + 1 })}</span>
                              <ContentText value={title} />
                              {isDone && <span className="sr-only">{t.course.completed}</span>}
                              {isLocked && <span className="sr-only">{t.completion.lessonLocked}</span>}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
}
