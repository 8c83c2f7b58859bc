import { PROGRESS_MESSAGES } from '@oasis/shared/progress';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';

/** Under the player: the quiz is locked until every video is completed, then one click away. */
export function QuizPrompt({ unlocked, onOpen }: { unlocked: boolean; onOpen(): void }) {
  const { t, tr } = useI18n();
  if (!unlocked) {
    return (
      <aside
        aria-label={t.learning.quiz}
        className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <Icon name="shield" className="mt-0.5 text-brand-gold" />
        <div>
          <h2 className="font-semibold text-slate-900">{t.learning.courseQuiz}</h2>
          <p className="mt-1 text-slate-700">{tr(PROGRESS_MESSAGES.quizLocked)}</p>
        </div>
      </aside>
    );
  }
  return (
    <aside
      aria-label={t.learning.quiz}
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <p className="text-slate-700">{t.learning.quizWaiting}</p>
      <button type="button" onClick={onOpen} className={buttonClass('secondary', 'sm')}>
        {t.learning.takeQuiz}
      </button>
    </aside>
  );
}
