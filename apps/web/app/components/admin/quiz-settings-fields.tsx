import { fieldErrors } from '@oasis/shared/auth';
import {
  DEFAULT_QUIZ_SETTINGS,
  QUIZ_LIMITS,
  type QuizAttemptPolicy,
  type QuizSettings,
  type QuizSettingsInput,
  quizSettingsSchema,
} from '@oasis/shared/quiz';
import { type I18n, useI18n } from '~/lib/i18n';
import { SelectInput, TextInput, Toggle } from './fields';
import { draftFields, draftToggles } from './form-feedback';
import type { Locale } from '@oasis/shared/i18n/locales';
import { translateErrors } from '~/lib/field-error-text';

/** The attempt settings as the form holds them: numbers as typed. */
export interface QuizSettingsDraft {
  attemptPolicy: QuizAttemptPolicy;
  attemptCount: string;
  waitHours: string;
  showQuestionResults: boolean;
  passPercent: string;
  shuffle: boolean;
  /** Questions per attempt as typed; '' asks every question. */
  drawCount: string;
}

export function toSettingsDraft(settings: QuizSettings): QuizSettingsDraft {
  return {
    attemptPolicy: settings.attemptPolicy,
    attemptCount: String(settings.attemptCount),
    waitHours: String(settings.waitHours),
    showQuestionResults: settings.showQuestionResults,
    passPercent: String(settings.passPercent),
    shuffle: settings.shuffle,
    drawCount: settings.drawCount === null ? '' : String(settings.drawCount),
  };
}

export type QuizSettingsCheck =
  | { ok: true; value: QuizSettingsInput }
  | { ok: false; message: string; errors: Record<string, string> };

/** The schema the server applies, run in the browser first: a message per field, in `locale`. */
export function checkSettingsDraft(draft: QuizSettingsDraft, locale: Locale): QuizSettingsCheck {
  const { shape } = quizSettingsSchema;
  // A field the policy hides cannot be corrected: when it holds nothing valid, the default goes.
  const number = (key: 'attemptCount' | 'waitHours', shown: boolean) => {
    const value = draft[key].trim() === '' ? Number.NaN : Number(draft[key]);
    return shown || shape[key].safeParse(value).success ? value : DEFAULT_QUIZ_SETTINGS[key];
  };
  const parsed = quizSettingsSchema.safeParse({
    ...draft,
    attemptCount: number('attemptCount', draft.attemptPolicy !== 'unlimited'),
    waitHours: number('waitHours', draft.attemptPolicy === 'wait'),
    passPercent: draft.passPercent.trim() === '' ? Number.NaN : Number(draft.passPercent),
    drawCount: draft.drawCount.trim() === '' ? null : Number(draft.drawCount),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = translateErrors(fieldErrors(parsed.error), locale) as Record<string, string>;
  return { ok: false, errors, message: Object.values(errors)[0] ?? '' };
}

/** The policies in the order offered, with their labels in the `adminQuiz` namespace. */
const POLICY_LABELS = {
  unlimited: 'policyUnlimited',
  limit: 'policyLimit',
  wait: 'policyWait',
} as const satisfies Record<QuizAttemptPolicy, string>;

/** One line for the quiz list, in the page's language: 'Unlimited attempts · score only'. */
export function describeQuizSettings(settings: QuizSettings, { t, fmt, plural }: Pick<I18n, 't' | 'fmt' | 'plural'>) {
  const q = t.adminQuiz;
  const attempts = plural(q.attempts, settings.attemptCount);
  const policy = {
    unlimited: q.unlimitedAttempts,
    limit: fmt(q.attemptsInAll, { attempts }),
    wait: fmt(q.attemptsThenWait, { attempts, hours: plural(q.hours, settings.waitHours) }),
  }[settings.attemptPolicy];
  const results = settings.showQuestionResults ? q.resultsShown : q.scoreOnly;
  return `${policy} · ${results} · ${fmt(q.passMarkSummary, { percent: settings.passPercent })}`;
}

/**
 * How often learners may take the quiz, the share of right answers that passes it and what learners
 * see afterwards. The attempt number fields appear only for the policies that use them.
 */
export function QuizSettingsFields({
  draft,
  onChange,
  errors,
  disabled,
}: {
  draft: QuizSettingsDraft;
  onChange(patch: Partial<QuizSettingsDraft>): void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t, fmt } = useI18n();
  const q = t.adminQuiz;
  const policy = draft.attemptPolicy;
  const toggle = draftToggles(draft, onChange, disabled);
  /** A whole-number field of the draft from `min` to `max`. */
  const count = (key: 'attemptCount' | 'waitHours' | 'passPercent' | 'drawCount', min: number, max: number) => ({
    ...draftFields(draft, onChange, (k) => errors[k], disabled)(key),
    type: 'number',
    inputMode: 'numeric' as const,
    min,
    max,
    step: 1,
  });
  return (
    <div className="space-y-5">
      <SelectInput
        label={q.attemptsLabel}
        name="attemptPolicy"
        value={policy}
        onValue={(value) => onChange({ attemptPolicy: value as QuizAttemptPolicy })}
        options={(Object.keys(POLICY_LABELS) as QuizAttemptPolicy[]).map((value) => ({
          value,
          label: q[POLICY_LABELS[value]],
        }))}
        error={errors.attemptPolicy}
        disabled={disabled}
      />
      {policy !== 'unlimited' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label={policy === 'limit' ? q.numberOfAttempts : q.attemptsBeforeWait}
            hint={fmt(q.range, { min: QUIZ_LIMITS.attemptCountMin, max: QUIZ_LIMITS.attemptCountMax })}
            {...count('attemptCount', QUIZ_LIMITS.attemptCountMin, QUIZ_LIMITS.attemptCountMax)}
          />
          {policy === 'wait' && (
            <TextInput
              label={q.hoursToWait}
              hint={fmt(q.hoursHint, { min: QUIZ_LIMITS.waitHoursMin, max: QUIZ_LIMITS.waitHoursMax })}
              {...count('waitHours', QUIZ_LIMITS.waitHoursMin, QUIZ_LIMITS.waitHoursMax)}
            />
          )}
        </div>
      )}
      <TextInput
        label={q.passMark}
        hint={fmt(q.passMarkHint, { min: QUIZ_LIMITS.passPercentMin, max: QUIZ_LIMITS.passPercentMax })}
        {...count('passPercent', QUIZ_LIMITS.passPercentMin, QUIZ_LIMITS.passPercentMax)}
        className="sm:max-w-xs"
      />
      <Toggle label={q.showResults} hint={q.showResultsHint} {...toggle('showQuestionResults')} />
      <Toggle label={t.completion.shuffle} hint={t.completion.shuffleHelp} {...toggle('shuffle')} />
      <TextInput
        label={t.completion.drawCount}
        hint={t.completion.drawCountHelp}
        {...count('drawCount', 1, QUIZ_LIMITS.maxQuestions)}
        className="sm:max-w-xs"
      />
    </div>
  );
}
