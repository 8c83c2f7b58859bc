import { Link, useRevalidator } from 'react-router';
import { PROGRESS_MESSAGES } from '@oasis/shared/progress';
import type { CourseQuiz as Quiz } from '@oasis/shared/quiz';
import { Spinner, FormMessage } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { ApiRequestError, errorMessage, type TokenKind } from '~/lib/api';
import { getCourseQuiz } from '~/lib/api/quizzes';
import { useI18n } from '~/lib/i18n';
import { QuizRunner } from './quiz/quiz-runner';

/**
 * The quiz as the watch page's loader found it. A failure's `message` is the server's, or null for
 * the screen's own wording (written in the page's language when shown).
 */
export type QuizLoad = { kind: 'none' } | { kind: 'error'; message: string | null } | { kind: 'ready'; quiz: Quiz };

/** For the watch page's loader: the course's quiz, 'none' when it has none, or why it could not be read. */
export async function loadCourseQuiz(courseId: string, auth: TokenKind): Promise<QuizLoad> {
  try {
    const quiz = await getCourseQuiz(courseId, { auth });
    return quiz.questions.length ? { kind: 'ready', quiz } : { kind: 'none' };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { kind: 'none' };
    return { kind: 'error', message: errorMessage(error, '') || null };
  }
}

/**
 * The course quiz: shown once every video is completed. One question at a time; Previous is
 * disabled on the first, Next until the current question is answered, the last one submits. The
 * server grades (learners receive the correct answers only after an attempt, and only when the
 * owner shows them) and keeps each attempt; the result shows the score as a percentage, passed or
 * not against the quiz's pass mark (said before the learner answers too), 'x / total' and the best
 * and latest score. The owner's attempt policy is said before the learner answers: attempts left, or when
 * the next attempt opens. A course without a quiz shows the completion message instead.
 * The quiz comes with the page (its loader); Try again loads the page's data again.
 */
export function CourseQuiz({
  load,
  courseId,
  auth,
  onPassed,
}: {
  load: QuizLoad;
  courseId: string;
  auth: TokenKind;
  onPassed?: () => void;
}) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  const { t, tr } = useI18n();

  return (
    <section aria-labelledby="quiz-heading" className="rounded-2xl bg-white p-6 shadow-card sm:p-8">
      {load.kind === 'none' ? (
        <Completed />
      ) : (
        <>
          <p className="eyebrow text-brand-gold">{t.learning.allVideosCompleted}</p>
          <h2 id="quiz-heading" tabIndex={-1} className="mt-2 font-display text-3xl font-semibold text-brand-green">
            {t.learning.courseQuiz}
          </h2>
          {load.kind === 'error' &&
            (retrying ? (
              <p role="status" className="mt-6 flex items-center gap-3 text-slate-700">
                <Spinner />
                {t.learning.loadingQuiz}
              </p>
            ) : (
              <div className="mt-6 space-y-4">
                <FormMessage tone="error">{load.message ? tr(load.message) : t.learning.quizLoadFailed}</FormMessage>
                <button
                  type="button"
                  onClick={() => void revalidator.revalidate()}
                  className={buttonClass('secondary')}
                >
                  {t.common.retry}
                </button>
              </div>
            ))}
          {load.kind === 'ready' && <QuizRunner quiz={load.quiz} courseId={courseId} auth={auth} onPassed={onPassed} />}
        </>
      )}
    </section>
  );
}

function Completed() {
  const { t, tr, lp } = useI18n();
  return (
    <div className="text-center sm:py-6">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <Icon name="graduation" className="h-7 w-7" />
      </span>
      <h2 id="quiz-heading" tabIndex={-1} className="mt-4 font-display text-3xl font-semibold text-brand-green">
        {t.learning.courseCompleted}
      </h2>
      <p className="mx-auto mt-3 max-w-md text-lg text-slate-700">{tr(PROGRESS_MESSAGES.courseComplete)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={lp('/enrolledCourse')} className={buttonClass('secondary')}>
          {t.learning.myCourses}
        </Link>
        <Link to={lp('/courses')} className={buttonClass('outline')}>
          {t.learning.browseMoreCourses}
        </Link>
      </div>
    </div>
  );
}
