import { useId } from 'react';
import type { CourseFaqItem } from '@oasis/shared/selling';
import { COURSE_PAGE_LIMITS } from '@oasis/shared/limits';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';
import { FieldError, TextArea, TextInput } from './fields';

/*
 * The course page's lists in the course form (docs/product.md#admin-courses): "What you will
 * learn" (English and Arabic lists kept apart) and the FAQ. Rows are added, removed and moved with
 * buttons; the shared rule (checkCourseForm) drops empty ones and checks the limits.
 */

const iconButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-green disabled:cursor-not-allowed disabled:opacity-40';

/** One list of short lines: each a text field with Up, Down and Remove. */
export function LinesEditor({
  legend,
  hint,
  lines,
  onChange,
  error,
  disabled,
  arabic,
}: {
  legend: string;
  hint?: string;
  lines: string[];
  onChange(lines: string[]): void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** Lines written right to left. */
  arabic?: boolean;
}) {
  const { t, fmt } = useI18n();
  const s = t.adminCourses;
  const errorFor = useId();
  const full = lines.length >= COURSE_PAGE_LIMITS.outcomesMax;
  const set = (index: number, value: string) => onChange(lines.map((line, i) => (i === index ? value : line)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...lines];
    const [line] = next.splice(index, 1);
    if (line !== undefined) next.splice(index + by, 0, line);
    onChange(next);
  };
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="font-semibold text-slate-800">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      <ol className="space-y-2">
        {lines.map((line, index) => {
          const label = fmt(arabic ? s.outcomeLineAr : s.outcomeLine, { number: index + 1 });
          return (
            <li key={index} className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <TextInput
                  label={label}
                  value={line}
                  onValue={(value) => set(index, value)}
                  maxLength={COURSE_PAGE_LIMITS.outcomeMax}
                  disabled={disabled}
                  {...(arabic ? { lang: 'ar', dir: 'rtl' } : {})}
                />
              </div>
              <button
                type="button"
                className={iconButton}
                onClick={() => move(index, -1)}
                disabled={disabled || index === 0}
                aria-label={fmt(s.moveLineUp, { label })}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => move(index, 1)}
                disabled={disabled || index === lines.length - 1}
                aria-label={fmt(s.moveLineDown, { label })}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
                disabled={disabled}
                aria-label={fmt(s.removeLine, { label })}
              >
                <Icon name="close" />
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        onClick={() => onChange([...lines, ''])}
        disabled={disabled || full}
      >
        {arabic ? s.addLineAr : s.addLine}
      </button>
      <FieldError id={errorFor} error={error} />
    </fieldset>
  );
}

export const EMPTY_FAQ_ITEM: CourseFaqItem = { question: '', answer: '', questionAr: '', answerAr: '' };

/** The FAQ: question and answer pairs, each with its Arabic twin. */
export function FaqEditor({
  items,
  onChange,
  error,
  disabled,
}: {
  items: CourseFaqItem[];
  onChange(items: CourseFaqItem[]): void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t, fmt } = useI18n();
  const s = t.adminCourses;
  const errorFor = useId();
  const set = (index: number, patch: Partial<CourseFaqItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const twin = { lang: 'ar', dir: 'rtl', hint: t.adminUi.arabicHint } as const;
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="font-semibold text-slate-800">{s.faq}</legend>
      <p className="text-sm text-slate-600">{fmt(s.faqHint, { max: COURSE_PAGE_LIMITS.faqMax })}</p>
      {items.map((item, index) => {
        const number = index + 1;
        return (
          <fieldset
            key={index}
            aria-label={fmt(s.faqItem, { number })}
            className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-4"
          >
            <div className="grid gap-3 md:grid-cols-2">
              <TextInput
                label={fmt(s.faqQuestion, { number })}
                value={item.question}
                onValue={(question) => set(index, { question })}
                maxLength={COURSE_PAGE_LIMITS.faqQuestionMax}
                disabled={disabled}
              />
              <TextInput
                label={fmt(s.faqQuestionAr, { number })}
                value={item.questionAr}
                onValue={(questionAr) => set(index, { questionAr })}
                maxLength={COURSE_PAGE_LIMITS.faqQuestionMax}
                disabled={disabled}
                {...twin}
              />
              <TextArea
                label={fmt(s.faqAnswer, { number })}
                value={item.answer}
                onValue={(answer) => set(index, { answer })}
                maxLength={COURSE_PAGE_LIMITS.faqAnswerMax}
                rows={3}
                disabled={disabled}
              />
              <TextArea
                label={fmt(s.faqAnswerAr, { number })}
                value={item.answerAr}
                onValue={(answerAr) => set(index, { answerAr })}
                maxLength={COURSE_PAGE_LIMITS.faqAnswerMax}
                rows={3}
                disabled={disabled}
                {...twin}
              />
            </div>
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
              disabled={disabled}
            >
              {fmt(s.removeFaq, { number })}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        onClick={() => onChange([...items, EMPTY_FAQ_ITEM])}
        disabled={disabled || items.length >= COURSE_PAGE_LIMITS.faqMax}
      >
        {s.addFaq}
      </button>
      <FieldError id={errorFor} error={error} />
    </fieldset>
  );
}
