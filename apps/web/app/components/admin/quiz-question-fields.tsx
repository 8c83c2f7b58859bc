import { useId } from 'react';
import { QUIZ_LIMITS } from '@oasis/shared/quiz';
import { controlProps, FieldError, inputClass, RequiredMark } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { TextArea } from './fields';
import type { QuestionDraft, QuestionErrors } from './quiz-question-draft';

export {
  emptyQuestion,
  questionDraft,
  type QuestionDraft,
  type QuestionErrors,
  trimQuestion,
  validateQuestion,
} from './quiz-question-draft';

/** Letters for the options as learners see them. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * One question's fields: the question, four options and which one is correct (a radio group; the
 * index it stores is 0-3 as the API expects). On a phone each option's text takes the full width,
 * with its "Correct" choice under it; from `sm` up they share a row.
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
  const correctError = errors?.correctAnswer && tr(errors.correctAnswer);
  const correctId = `${id}-correct`;
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
                  className={`grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 rounded-lg border p-2 ps-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] ${correct ? 'border-brand-green bg-brand-mist' : 'border-slate-200'}`}
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
                    className={`${inputClass} w-full min-w-0 py-2`}
                  />
                  <label className="col-start-2 flex cursor-pointer items-center gap-2 justify-self-start rounded-md px-2 py-1 text-sm font-semibold text-slate-800 sm:col-start-3">
                    <input
                      type="radio"
                      name={correctId}
                      checked={correct}
                      disabled={disabled}
                      aria-invalid={correctError ? true : undefined}
                      aria-describedby={correctError ? `${correctId}-error` : undefined}
                      data-field={index === 0 ? 'correctAnswer' : undefined}
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
        <FieldError id={correctId} error={correctError} />
      </fieldset>
      <ArabicTwins value={value} onChange={onChange} errors={errors} disabled={disabled} prefix={prefix} />
    </div>
  );
}

/**
 * The question and its options in Arabic (docs/i18n.md#content), never required: learners on
 * Arabic pages see them, and the English wherever one is left empty. The options keep the English
 * order, so the correct one chosen above is the same option in both languages.
 */
function ArabicTwins({
  value,
  onChange,
  errors,
  disabled,
  prefix,
}: {
  value: QuestionDraft;
  onChange(next: QuestionDraft): void;
  errors?: QuestionErrors | null;
  disabled?: boolean;
  prefix: string;
}) {
  const { t, fmt, tr } = useI18n();
  const q = t.adminQuiz;
  const id = useId();
  return (
    <div className="space-y-4 rounded-lg border border-dashed border-slate-300 p-3">
      <TextArea
        label={fmt(q.questionAr, { question: prefix })}
        hint={t.adminUi.arabicHint}
        rows={2}
        value={value.questionAr}
        onChange={(e) => onChange({ ...value, questionAr: e.target.value })}
        error={errors?.questionAr}
        maxLength={QUIZ_LIMITS.questionMaxLength}
        disabled={disabled}
        lang="ar"
        dir="rtl"
      />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{q.optionsAr}</legend>
        <ol className="space-y-2.5">
          {value.optionsAr.map((option, index) => {
            const optionId = `${id}-option-ar-${index}`;
            const refused = errors?.optionsAr?.[index];
            const error = refused && tr(refused);
            const letter = OPTION_LETTERS[index] ?? '';
            return (
              <li key={index} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 ps-3">
                <span aria-hidden="true" className="w-5 text-center font-bold text-slate-700">
                  {letter}
                </span>
                <label htmlFor={optionId} className="sr-only">
                  {fmt(q.optionAr, { question: prefix, letter })}
                </label>
                <input
                  {...controlProps(optionId, undefined, error)}
                  type="text"
                  lang="ar"
                  dir="rtl"
                  value={option}
                  disabled={disabled}
                  maxLength={QUIZ_LIMITS.optionMaxLength}
                  onChange={(e) => {
                    const optionsAr = [...value.optionsAr];
                    optionsAr[index] = e.target.value;
                    onChange({ ...value, optionsAr });
                  }}
                  className={`${inputClass} w-full min-w-0 py-2`}
                />
                <div className="col-start-2">
                  <FieldError id={optionId} error={error} />
                </div>
              </li>
            );
          })}
        </ol>
      </fieldset>
    </div>
  );
}
