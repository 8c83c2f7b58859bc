import { fieldErrors } from '@oasis/shared/auth';
import {
  DEFAULT_QUIZ_SETTINGS,
  QUIZ_LIMITS,
  type QuizAttemptPolicy,
  type QuizSettings,
  quizSettingsSchema,
} from '@oasis/shared/quiz';
import { SelectInput, TextInput, Toggle } from './fields';

/** The attempt settings as the form holds them: numbers as typed. */
export interface QuizSettingsDraft {
  attemptPolicy: QuizAttemptPolicy;
  attemptCount: string;
  waitHours: string;
  showQuestionResults: boolean;
}

export function toSettingsDraft(settings: QuizSettings): QuizSettingsDraft {
  return {
    attemptPolicy: settings.attemptPolicy,
    attemptCount: String(settings.attemptCount),
    waitHours: String(settings.waitHours),
    showQuestionResults: settings.showQuestionResults,
  };
}

export type QuizSettingsCheck =
  | { ok: true; value: QuizSettings }
  | { ok: false; message: string; errors: Record<string, string> };

/** The schema the server applies, run in the browser first: a message per field. */
export function checkSettingsDraft(draft: QuizSettingsDraft): QuizSettingsCheck {
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
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = fieldErrors(parsed.error);
  return { ok: false, errors, message: Object.values(errors)[0] ?? '' };
}

const POLICY_LABELS: Record<QuizAttemptPolicy, string> = {
  unlimited: 'Unlimited: Retake Quiz is always there',
  limit: 'A fixed number of attempts',
  wait: 'A number of attempts, then a wait',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line for the quiz list: 'Unlimited attempts · score only'. */
export function describeQuizSettings(settings: QuizSettings): string {
  const attempts = {
    unlimited: 'Unlimited attempts',
    limit: `${plural(settings.attemptCount, 'attempt', 'attempts')} in all`,
    wait: `${plural(settings.attemptCount, 'attempt', 'attempts')}, then a ${plural(settings.waitHours, 'hour', 'hours')} wait`,
  }[settings.attemptPolicy];
  return `${attempts} · ${settings.showQuestionResults ? 'right and wrong answers shown' : 'score only'}`;
}

/**
 * How often learners may take the quiz and what they see afterwards. The number fields appear only
 * for the policies that use them.
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
  const policy = draft.attemptPolicy;
  return (
    <div className="space-y-5">
      <SelectInput
        label="Attempts"
        name="attemptPolicy"
        value={policy}
        onValue={(value) => onChange({ attemptPolicy: value as QuizAttemptPolicy })}
        options={(Object.keys(POLICY_LABELS) as QuizAttemptPolicy[]).map((value) => ({
          value,
          label: POLICY_LABELS[value],
        }))}
        error={errors.attemptPolicy}
        disabled={disabled}
      />
      {policy !== 'unlimited' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label={policy === 'limit' ? 'Number of attempts' : 'Attempts before the wait'}
            name="attemptCount"
            type="number"
            inputMode="numeric"
            min={QUIZ_LIMITS.attemptCountMin}
            max={QUIZ_LIMITS.attemptCountMax}
            step={1}
            value={draft.attemptCount}
            onValue={(attemptCount) => onChange({ attemptCount })}
            error={errors.attemptCount}
            hint={`From ${QUIZ_LIMITS.attemptCountMin} to ${QUIZ_LIMITS.attemptCountMax}.`}
            disabled={disabled}
          />
          {policy === 'wait' && (
            <TextInput
              label="Hours to wait"
              name="waitHours"
              type="number"
              inputMode="numeric"
              min={QUIZ_LIMITS.waitHoursMin}
              max={QUIZ_LIMITS.waitHoursMax}
              step={1}
              value={draft.waitHours}
              onValue={(waitHours) => onChange({ waitHours })}
              error={errors.waitHours}
              hint={`Counted from the last attempt; from ${QUIZ_LIMITS.waitHoursMin} to ${QUIZ_LIMITS.waitHoursMax} (30 days).`}
              disabled={disabled}
            />
          )}
        </div>
      )}
      <Toggle
        label="Show which answers were right"
        hint="After each attempt, learners see which of their answers were right and the correct option. Off: the score only."
        checked={draft.showQuestionResults}
        onChange={(showQuestionResults) => onChange({ showQuestionResults })}
        disabled={disabled}
      />
    </div>
  );
}
