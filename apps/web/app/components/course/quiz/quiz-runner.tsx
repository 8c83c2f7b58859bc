import { useCallback, useId, useMemo, useRef, useState } from 'react';
import {
  nextAttemptParts,
  type CourseQuiz as Quiz,
  QUIZ_MESSAGES,
  questionInLocale,
  type QuizAttemptStatus,
} from '@oasis/shared/quiz';
import { buttonClass } from '~/components/ui/button';
import { FormMessage, Spinner } from '~/components/ui/form';
import { Icon } from '~/components/ui/icons';
import { errorMessage, type TokenKind } from '~/lib/api';
import { getCourseQuiz, submitQuizAttempt } from '~/lib/api/quizzes';
import { type I18n, useI18n } from '~/lib/i18n';
import { type AttemptNotice, type QuizResult, QuizResultView } from './quiz-result';

/**
 * What the learner is told about their attempts, or null when attempts are unlimited: the words of
 * QUIZ_MESSAGES' `waitForNextAttempt`, `attemptsUsedUp` and `attemptsLeft`, in the page's language.
 */
function attemptNotice(status: QuizAttemptStatus, { t, fmt, plural, locale }: I18n): AttemptNotice {
  if (status.nextAttemptAt)
    return { tone: 'info', text: fmt(t.learning.waitForNextAttempt, nextAttemptParts(status.nextAttemptAt, locale)) };
  if (status.attemptsLeft === null) return null;
  if (status.attemptsLeft === 0)
    return { tone: 'info', text: plural(t.learning.attemptsUsedUp, status.attemptLimit ?? 0) };
  return { tone: 'info', text: plural(t.learning.attemptsLeft, status.attemptsLeft) };
}

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

/**
 * One attempt at the quiz: one question at a time, Previous disabled on the first, Next until the
 * current question is answered, the last one submits; then the result (quiz-result.tsx). The
 * questions are those the server handed out for this attempt, in its order; each answer is sent
 * as its option's id. Retake asks for a new attempt (a new draw, a new order).
 */
export function QuizRunner({
  quiz: first,
  courseId,
  auth,
  onPassed,
}: {
  quiz: Quiz;
  courseId: string;
  auth: TokenKind;
  /** A passing attempt: the course may now be complete. */
  onPassed?: () => void;
}) {
  const [quiz, setQuiz] = useState(first);
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
      const attemptId = quiz.attemptId ?? '';
      const chosen = quiz.questions.map((q, i) => ({
        questionId: q._id,
        optionId: q.optionIds[answers[i] ?? -1] ?? '',
      }));
      const graded = await submitQuizAttempt(courseId, { attemptId, answers: chosen }, { auth });
      moved.current = true;
      setStatus(statusOf(graded));
      setResult(graded);
      if (graded.passed) onPassed?.();
    } catch (failure) {
      // A refusal (attempts used up, or a wait) says why; the learner's answers stay as they were.
      setError(tr(errorMessage(failure, QUIZ_MESSAGES.submitFailed)));
    } finally {
      setSubmitting(false);
    }
  }

  async function retake() {
    setError(null);
    try {
      const next = await getCourseQuiz(courseId, { auth });
      moved.current = true;
      setQuiz(next);
      setAnswers(next.questions.map(() => null));
      setIndex(0);
      setResult(null);
    } catch (failure) {
      setError(tr(errorMessage(failure, QUIZ_MESSAGES.submitFailed)));
    }
  }

  if (result)
    return (
      <QuizResultView
        result={result}
        questions={questions}
        answers={answers}
        notice={error ? { tone: 'error', text: error } : notice}
        canRetake={canTry}
        onRetake={() => void retake()}
        headingRef={focusWhenMoved}
      />
    );

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
