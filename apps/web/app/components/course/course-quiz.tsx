import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { PROGRESS_MESSAGES } from '@oasis/shared/progress';
import {
  nextAttemptParts,
  type CourseQuiz as Quiz,
  QUIZ_MESSAGES,
  questionInLocale,
  type QuizAttemptResult,
  type QuizAttemptStatus,
} from '@oasis/shared/quiz';
import { Spinner, FormMessage } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { ApiRequestError, errorMessage, type TokenKind } from '~/lib/api';
import { getCourseQuiz, submitQuizAttempt } from '~/lib/api/quizzes';
import { fmtNodes } from '~/lib/fmt-nodes';
import { type I18n, useI18n } from '~/lib/i18n';

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
export function CourseQuiz({ load, courseId, auth }: { load: QuizLoad; courseId: string; auth: TokenKind }) {
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
          {load.kind === 'ready' && <QuizRunner quiz={load.quiz} courseId={courseId} auth={auth} />}
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

/**
 * What the learner is told about their attempts, or null when attempts are unlimited: the words of
 * QUIZ_MESSAGES' `waitForNextAttempt`, `attemptsUsedUp` and `attemptsLeft`, in the page's language.
 */
function attemptNotice(
  status: QuizAttemptStatus,
  { t, fmt, plural, locale }: I18n,
): { tone: 'info' | 'error'; text: string } | null {
  if (status.nextAttemptAt)
    return { tone: 'info', text: fmt(t.learning.waitForNextAttempt, nextAttemptParts(status.nextAttemptAt, locale)) };
  if (status.attemptsLeft === null) return null;
  if (status.attemptsLeft === 0)
    return { tone: 'info', text: plural(t.learning.attemptsUsedUp, status.attemptLimit ?? 0) };
  return { tone: 'info', text: plural(t.learning.attemptsLeft, status.attemptsLeft) };
}

/** What the result screen shows: a fresh attempt's answer, or the last one's as the quiz came with it. */
type QuizResult = Pick<
  QuizAttemptResult,
  'score' | 'total' | 'percent' | 'passPercent' | 'passed' | 'attempts' | 'bestScore' | 'latestScore' | 'questions'
>;

function lastResult(quiz: Quiz): QuizResult | null {
  const last = quiz.lastAttempt;
  if (!last) return null;
  return {
    ...last,
    passPercent: quiz.passPercent,
    attempts: quiz.attempts,
    bestScore: quiz.bestScore ?? last.score,
    latestScore: last.score,
  };
}

const statusOf = ({ attemptPolicy, attemptLimit, attemptsLeft, nextAttemptAt }: QuizAttemptStatus) => ({
  attemptPolicy,
  attemptLimit,
  attemptsLeft,
  nextAttemptAt,
});

function QuizRunner({ quiz, courseId, auth }: { quiz: Quiz; courseId: string; auth: TokenKind }) {
  const total = quiz.questions.length;
  // The last attempt's result stays on screen after a reload, until the learner chooses Retake.
  const [answers, setAnswers] = useState<(number | null)[]>(() =>
    quiz.lastAttempt?.answers.length === total ? quiz.lastAttempt.answers : quiz.questions.map(() => null),
  );
  const [index, setIndex] = useState(0);
  const [result, setResult] = useState<QuizResult | null>(() => lastResult(quiz));
  const [status, setStatus] = useState<QuizAttemptStatus>(() => statusOf(quiz));
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Move focus only after the learner acted, never when the quiz first appears.
  const moved = useRef(false);
  // Each question's heading and the score's heading are new elements (keyed by index), so a stable
  // ref callback runs once per new question or result: that is when the heading takes focus.
  const focusWhenMoved = useCallback((heading: HTMLHeadingElement | null) => {
    if (heading && moved.current) heading.focus();
  }, []);
  const uid = useId();
  const i18n = useI18n();
  const { t, tr, fmt, plural, locale } = i18n;
  const questions = useMemo(() => quiz.questions.map((q) => questionInLocale(q, locale)), [quiz, locale]);

  const question = questions[index];
  const chosen = answers[index] ?? null;
  const last = index === total - 1;
  const notice = attemptNotice(status, i18n);
  const canTry = status.attemptsLeft !== 0;

  function go(to: number) {
    moved.current = true;
    setIndex(to);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!last) {
      if (chosen !== null) go(index + 1);
      return;
    }
    if (submitting || answers.some((a) => a === null)) return;
    setSubmitting(true);
    setError(null);
    try {
      const graded = await submitQuizAttempt(courseId, answers, { auth });
      moved.current = true;
      setStatus(statusOf(graded));
      setResult(graded);
    } catch (failure) {
      // A refusal (attempts used up, or a wait) says why; the learner's answers stay as they were.
      setError(tr(errorMessage(failure, QUIZ_MESSAGES.submitFailed)));
    } finally {
      setSubmitting(false);
    }
  }

  function retake() {
    moved.current = true;
    setAnswers(quiz.questions.map(() => null));
    setIndex(0);
    setResult(null);
    setError(null);
  }

  if (result) {
    const needed = Math.ceil((result.passPercent * result.total) / 100);
    return (
      <div className="mt-6">
        <h3 ref={focusWhenMoved} tabIndex={-1} className="text-lg font-semibold text-slate-900">
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
          {scoreComment(result, canTry, t)}
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
        {canTry && (
          <button type="button" onClick={retake} className={buttonClass('secondary', 'md', 'mt-8')}>
            {tr(QUIZ_MESSAGES.retake)}
          </button>
        )}
      </div>
    );
  }

  if (!question) return null;

  return (
    <>
      <p className="mt-2 text-slate-700">
        {plural(t.learning.questionsIntro, total)} {fmt(t.learning.passMarkIs, { percent: quiz.passPercent })}
        {quiz.attempts > 0 && quiz.bestScore !== null && (
          <> {plural(t.learning.bestSoFar, quiz.attempts, { best: quiz.bestScore, total: quiz.total })}</>
        )}
      </p>
      {notice && (
        <div className="mt-4">
          <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
        </div>
      )}
      {canTry && (
        <form onSubmit={submit} className="mt-6" noValidate>
          <div className="flex items-center justify-between gap-4 text-sm font-semibold text-slate-600">
            <span>{fmt(t.learning.questionOf, { index: index + 1, total })}</span>
            <span aria-hidden="true" className="flex gap-1.5">
              {quiz.questions.map((q, i) => (
                <span
                  key={q._id}
                  className={`h-2 w-5 rounded-full ${i === index ? 'bg-brand-green' : answers[i] !== null ? 'bg-brand-green/40' : 'bg-slate-200'}`}
                />
              ))}
            </span>
          </div>
          <fieldset className="mt-4">
            <legend className="w-full">
              <h3 key={index} ref={focusWhenMoved} tabIndex={-1} className="text-xl font-semibold text-slate-900">
                <span className="sr-only">{fmt(t.learning.questionOfLabel, { index: index + 1, total })} </span>
                <bdi {...question.question.attrs}>{question.question.text}</bdi>
              </h3>
            </legend>
            <div className="mt-5 space-y-3">
              {question.options.map((option, i) => {
                const id = `${uid}-${index}-${i}`;
                const selected = chosen === i;
                return (
                  <label
                    key={i}
                    htmlFor={id}
                    className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 px-4 py-3 transition-colors motion-reduce:transition-none ${selected ? 'border-brand-green bg-brand-mist' : 'border-slate-200 hover:border-brand-green/50'}`}
                  >
                    <input
                      id={id}
                      type="radio"
                      name={`${uid}-answer-${index}`}
                      value={i}
                      checked={selected}
                      onChange={() => setAnswers((prev) => prev.map((a, j) => (j === index ? i : a)))}
                      className="mt-1 h-4 w-4 shrink-0 accent-brand-green"
                    />
                    <span className="text-slate-800" {...option.attrs}>
                      {option.text}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {error && (
            <div className="mt-4">
              <FormMessage tone="error">{error}</FormMessage>
            </div>
          )}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={index === 0 || submitting}
              className={buttonClass('outline')}
            >
              <Icon name="arrow-left" />
              {tr(QUIZ_MESSAGES.previous)}
            </button>
            {last ? (
              <button type="submit" disabled={chosen === null || submitting} className={buttonClass('secondary')}>
                {submitting && <Spinner />}
                {tr(QUIZ_MESSAGES.submit)}
              </button>
            ) : (
              <button type="submit" disabled={chosen === null} className={buttonClass('secondary')}>
                {tr(QUIZ_MESSAGES.next)}
                <Icon name="arrow-right" />
              </button>
            )}
          </div>
        </form>
      )}
    </>
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
