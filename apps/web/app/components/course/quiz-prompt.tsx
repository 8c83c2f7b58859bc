import { PROGRESS_MESSAGES } from '@oasis/shared/progress';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';

/** Under the player: the quiz is locked until every video is completed, then one click away. */
export function QuizPrompt({ unlocked, onOpen }: { unlocked: boolean; onOpen(): void }) {
  if (!unlocked) {
    return (
      <aside aria-label="Quiz" className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5">
        <Icon name="shield" className="mt-0.5 text-brand-gold" />
        <div>
          <h2 className="font-semibold text-slate-900">Course quiz</h2>
          <p className="mt-1 text-slate-700">{PROGRESS_MESSAGES.quizLocked}</p>
        </div>
      </aside>
    );
  }
  return (
    <aside
      aria-label="Quiz"
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <p className="text-slate-700">You have completed every video. The quiz is waiting for you.</p>
      <button type="button" onClick={onOpen} className={buttonClass('secondary', 'sm')}>
        Take the quiz
      </button>
    </aside>
  );
}
