import { useId } from 'react';
import { QUIZ_LIMITS, QUIZ_MESSAGES, type QuizQuestionInput } from '@oasis/shared/quiz';
import { controlProps, FieldError, inputClass, RequiredMark } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { TextArea } from './fields';

export type QuestionDraft = QuizQuestionInput;
export type QuestionErrors = { question?: string; options?: Array<string | undefined>; correctAnswer?: string };

/** A new question (docs/product.md#admin-quizzes): four empty options, the first marked correct for now. */
export function emptyQuestion(): QuestionDraft {
  return { question: '', options: Array.from({ length: QUIZ_LIMITS.options }, () => ''), correctAnswer: 0 };
}

/** The same rules the server applies (shared wording), per field so each can show its own message. */
export function validateQuestion(q: QuestionDraft): QuestionErrors | null {
  const errors: QuestionErrors = {};
  const question = q.question.trim();
  if (!question) errors.question = QUIZ_MESSAGES.questionRequired;
  else if (question.length > QUIZ_LIMITS.questionMaxLength) errors.question = QUIZ_MESSAGES.questionTooLong;
  const options = q.options.map((o) => {
    const text = o.trim();
    if (!text) return QUIZ_MESSAGES.optionsRequired;
    if (text.length > QUIZ_LIMITS.optionMaxLength) return QUIZ_MESSAGES.optionTooLong;
    return undefined;
  });
  if (options.some(Boolean)) errors.options = options;
  if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer >= QUIZ_LIMITS.options)
    errors.correctAnswer = QUIZ_MESSAGES.correctAnswerRange;
  return Object.keys(errors).length ? errors : null;
}

export function trimQuestion(q: QuestionDraft): QuestionDraft {
  return { question: q.question.trim(), options: q.options.map((o) => o.trim()), correctAnswer: q.correctAnswer };
}

/** Letters for the options as learners see them. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * One question's fields: the question, four options and which one is correct (a radio group; the
 * index it stores is 0-3 as the API expects).
 */
export function QuestionFields({
  value,
  onChange,
  errors,
  disabled,
  number,
}: {
  value: QuestionDraft;
  onChange(next: QuestionDraft): void;
  errors?: QuestionErrors | null;
  disabled?: boolean;
  /** 1-based, for labels ('Question 2'). */
  number?: number;
}) {
  const { t, fmt, tr } = useI18n();
  const q = t.adminQuiz;
  const id = useId();
  const prefix = number ? fmt(q.questionNumber, { number }) : q.question;
  return (
    <div className="space-y-4">
      <TextArea
        label={prefix}
        rows={2}
        value={value.question}
        onChange={(e) => onChange({ ...value, question: e.target.value })}
        error={errors?.question}
        maxLength={QUIZ_LIMITS.questionMaxLength}
        disabled={disabled}
        required
        data-field="question"
      />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          {q.options} <span className="font-normal text-slate-600">{q.chooseCorrect}</span>
          <RequiredMark />
        </legend>
        <ol className="space-y-2.5">
          {value.options.map((option, index) => {
            const optionId = `${id}-option-${index}`;
            const refused = errors?.options?.[index];
            const error = refused && tr(refused);
            const correct = value.correctAnswer === index;
            return (
              <li key={index}>
                <div
                  className={`flex items-center gap-3 rounded-lg border p-2 ps-3 ${correct ? 'border-brand-green bg-brand-mist' : 'border-slate-200'}`}
                >
                  <span aria-hidden="true" className="w-5 text-center font-bold text-slate-700">
                    {OPTION_LETTERS[index]}
                  </span>
                  <label htmlFor={optionId} className="sr-only">
                    {fmt(q.optionLabel, { question: prefix, letter: OPTION_LETTERS[index] ?? '' })}
                  </label>
                  <input
                    {...controlProps(optionId, undefined, error)}
                    type="text"
                    value={option}
                    disabled={disabled}
                    maxLength={QUIZ_LIMITS.optionMaxLength}
                    aria-required="true"
                    data-field={`option-${index}`}
                    onChange={(e) => {
                      const options = [...value.options];
                      options[index] = e.target.value;
                      onChange({ ...value, options });
                    }}
                    className={`${inputClass} min-w-0 flex-1 py-2`}
                  />
                  <label className="flex shrink-0 cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-slate-800">
                    <input
                      type="radio"
                      name={`${id}-correct`}
                      checked={correct}
                      disabled={disabled}
                      onChange={() => onChange({ ...value, correctAnswer: index })}
                      className="h-4 w-4 accent-brand-green"
                      aria-label={fmt(q.optionIsCorrect, { question: prefix, letter: OPTION_LETTERS[index] ?? '' })}
                    />
                    <span aria-hidden="true">{q.correct}</span>
                  </label>
                </div>
                <FieldError id={optionId} error={error} />
              </li>
            );
          })}
        </ol>
        <FieldError id={`${id}-correct`} error={errors?.correctAnswer && tr(errors.correctAnswer)} />
      </fieldset>
    </div>
  );
}
