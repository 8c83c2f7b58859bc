import { useId } from 'react';
import { QUIZ_MESSAGES, type questionInLocale, type QuizAttemptResult } from '@oasis/shared/quiz';
import { buttonClass } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/form';
import { Icon } from '~/components/ui/icons';
import { fmtNodes } from '~/lib/fmt-nodes';
import { type I18n, useI18n } from '~/lib/i18n';

/** What the result screen shows: a fresh attempt's answer, or the last one's as the quiz came with it. */
export type QuizResult = Pick<
  QuizAttemptResult,
  'score' | 'total' | 'percent' | 'passPercent' | 'passed' | 'attempts' | 'bestScore' | 'latestScore' | 'questions'
>;

/** What the learner is told about their attempts (see attemptNotice in quiz-runner.tsx). */
export type AttemptNotice = { tone: 'info' | 'error'; text: string } | null;

/**
 * The result of an attempt: the score as a percentage and 'x / total', passed or not against the
 * pass mark, the best and latest score, each answer marked when the owner shows them, and Retake
 * while attempts are left. Its heading takes focus when the learner has just submitted.
 */
export function QuizResultView({
  result,
  questions,
  answers,
  notice,
  canRetake,
  onRetake,
  headingRef,
}: {
  result: QuizResult;
  questions: ReturnType<typeof questionInLocale>[];
  answers: (number | null)[];
  notice: AttemptNotice;
  canRetake: boolean;
  onRetake: () => void;
  headingRef: (heading: HTMLHeadingElement | null) => void;
}) {
  const uid = useId();
  const { t, tr, fmt } = useI18n();
  const needed = Math.ceil((result.passPercent * result.total) / 100);
  return (
    <div className="mt-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {t.learning.yourScore}
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="font-display text-5xl font-semibold text-brand-green" aria-describedby={`${uid}-stats`}>
          <span>{fmt(t.learning.percentScore, { percent: result.percent })}</span>{' '}
          <span className="ms-2 align-middle font-sans text-lg font-semibold text-slate-700">
            {fmt(t.learning.scoreOf, { score: result.score, total: result.total })}
          </span>
        </p>
        <p
          data-testid="quiz-outcome"
          className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-bold ${result.passed ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
        >
          <Icon name={result.passed ? 'check' : 'close'} className="h-4 w-4" />
          {result.passed ? t.learning.passed : t.learning.notPassed}
        </p>
      </div>
      <p className="mt-2 text-slate-700">
        {result.passed
          ? fmt(t.learning.passedText, { percent: result.passPercent })
          : fmt(t.learning.notPassedText, { percent: result.passPercent, needed, total: result.total })}{' '}
        {scoreComment(result, canRetake, t)}
      </p>
      <dl id={`${uid}-stats`} className="mt-6 grid grid-cols-3 gap-3 text-center">
        <Stat
          term={t.learning.bestScore}
          value={fmt(t.learning.scoreOf, { score: result.bestScore, total: result.total })}
        />
        <Stat
          term={t.learning.latestScore}
          value={fmt(t.learning.scoreOf, { score: result.latestScore, total: result.total })}
        />
        <Stat term={t.learning.attempts} value={String(result.attempts)} />
      </dl>
      {result.questions && <QuestionResults questions={questions} answers={answers} results={result.questions} />}
      {notice && (
        <div className="mt-6">
          <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
        </div>
      )}
      {canRetake && (
        <button type="button" onClick={onRetake} className={buttonClass('secondary', 'md', 'mt-8')}>
          {tr(QUIZ_MESSAGES.retake)}
        </button>
      )}
    </div>
  );
}

/** Each question with the learner's answer marked right or wrong, and the right option when wrong. */
function QuestionResults({
  questions,
  answers,
  results,
}: {
  questions: ReturnType<typeof questionInLocale>[];
  answers: (number | null)[];
  results: NonNullable<QuizResult['questions']>;
}) {
  const { t } = useI18n();
  return (
    <section aria-label={t.learning.yourAnswers} className="mt-8">
      <h4 className="font-semibold text-slate-900">{t.learning.yourAnswers}</h4>
      <ol className="mt-3 space-y-3">
        {questions.map((q, i) => {
          const outcome = results[i];
          if (!outcome) return null;
          const chosen = answers[i];
          return (
            <li
              key={q._id}
              className={`rounded-xl border-2 px-4 py-3 ${outcome.correct ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`}
            >
              <p className="flex items-start gap-2 font-semibold text-slate-900">
                <Icon
                  name={outcome.correct ? 'check' : 'close'}
                  className={`mt-0.5 h-4 w-4 shrink-0 ${outcome.correct ? 'text-emerald-700' : 'text-red-700'}`}
                />
                <span>
                  <span className="sr-only">{outcome.correct ? t.learning.right : t.learning.wrong} </span>
                  {i + 1}. <bdi {...q.question.attrs}>{q.question.text}</bdi>
                </span>
              </p>
              <p className="mt-1 ps-6 text-sm text-slate-700">
                {fmtNodes(t.learning.yourAnswer, {
                  answer: <bdi>{chosen !== null && chosen !== undefined ? (q.options[chosen]?.text ?? '') : '—'}</bdi>,
                })}
                {!outcome.correct && (
                  <>
                    {' '}
                    ·{' '}
                    {fmtNodes(t.learning.rightAnswer, {
                      answer: <bdi>{q.options[outcome.correctAnswer]?.text ?? ''}</bdi>,
                    })}
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl bg-brand-sand px-3 py-4">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** What to do next: the server's pass or fail decides, not a threshold of the screen's own. */
function scoreComment({ score, total, passed }: QuizResult, canRetake: boolean, t: I18n['t']): string {
  if (score === total) return t.learning.allCorrect;
  if (passed) return canRetake ? t.learning.goodRetake : t.learning.goodResult;
  return canRetake ? t.learning.reviewRetry : t.learning.reviewMissed;
}
