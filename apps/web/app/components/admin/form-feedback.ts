import toast from 'react-hot-toast';
import type { ErrorRef } from '@oasis/shared/error-codes';
import type { Locale } from '@oasis/shared/i18n/locales';
import { type FieldErrorRef, fieldErrorText } from '~/lib/field-error-text';
import { useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import { describeFailure, failureToast } from './request';

/** A form's field errors: codes from the shared checks and the API (texts where an answer had none). */
export type FormErrors = Record<string, FieldErrorRef>;

/** What the shared form checks (checkBlogForm, checkCourseForm…) answer: codes (error-codes.ts). */
type DraftCheck = { ok: true } | { ok: false; errors: Record<string, ErrorRef>; message: ErrorRef };

/**
 * The state of an admin form that checks a draft and then saves it (the submit hook, `useSubmit`,
 * with the admin screens' toasts): field errors under the fields, `problem` (the reason shown
 * above the buttons) and `saving`. A toast says each refusal and failure too. `problem` and the
 * toasts are in the page's language; `errors` keep the codes (what `fieldMessage` compares and
 * renders in the page's language).
 */
export function useFormFeedback() {
  const i18n = useI18n();
  const { tr, locale } = i18n;
  const submit = useSubmit<FormErrors>();
  const { setErrors, setProblem } = submit;
  const errors = submit.errors;

  /**
   * Starts a submit: true when the draft passed its check (earlier errors are cleared). Otherwise
   * marks the refused fields, says why (above the buttons and in a toast) and focuses the first.
   */
  function accept<C extends DraftCheck>(form: HTMLFormElement, check: C): check is Extract<C, { ok: true }> {
    setProblem(null);
    if (!check.ok) {
      submit.form.current = form;
      const reason = fieldErrorText(check.message, locale);
      submit.refuse(check.errors, reason);
      toast.error(reason);
      return false;
    }
    setErrors({});
    return true;
  }

  /**
   * A save that failed: the server's field errors go on their fields, and its reason above the
   * buttons when it says more than `wording` (the toast's 'Update failed'). The toast replaces the
   * one with `toastId` when given (a loading toast).
   */
  function fail(error: unknown, wording: string, toastId?: string) {
    const failure = describeFailure(error, wording);
    setErrors(failure.fields);
    if (failure.message !== wording) setProblem(tr(failure.message));
    toast.error(failureToast(error, wording, i18n), { id: toastId });
  }

  /** Runs `action` with `saving` set meanwhile; a failure is told with `wording` (see `fail`). */
  function save(wording: string, action: () => Promise<void>, toastId?: string) {
    return submit.run(async () => {
      try {
        await action();
      } catch (error) {
        fail(error, wording, toastId);
      }
    });
  }

  /** Clears the message of fields the admin has just changed. */
  function clear(keys: string[]) {
    setErrors((current) => {
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }

  return { errors, problem: submit.problem, saving: submit.busy, accept, fail, save, clear };
}

/**
 * The message under a field, in the page's language: a form-wide 'fill in every required field'
 * code (the screen's one wording, said once above the buttons) becomes 'This field is required.'
 * under each empty field.
 */
export function fieldMessage(errors: FormErrors, formWide: ErrorRef, locale: Locale) {
  return (key: string) => {
    const error = errors[key];
    if (error === undefined) return undefined;
    return fieldErrorText(error === formWide ? 'adminScreens.fieldRequired' : error, locale);
  };
}

/** The message under each field, in the page's language: `errorOf('title')`. */
export function translatedErrors(errors: FormErrors, locale: Locale) {
  return (key: string) => (errors[key] === undefined ? undefined : fieldErrorText(errors[key], locale));
}

/**
 * Binds text fields to a draft: `field('title')` gives the name, value, change handler, message
 * and disabled state of the field for `draft.title`.
 */
export function draftFields<D extends object>(
  draft: D,
  onChange: (patch: Partial<D>) => void,
  message: (key: string) => string | undefined,
  disabled?: boolean,
) {
  return <K extends keyof D & string>(key: K) => ({
    name: key,
    value: String(draft[key] ?? ''),
    onValue: (value: string) => onChange({ [key]: value } as Partial<D>),
    error: message(key),
    disabled,
  });
}

/**
 * Binds switches to a draft: `toggle('active')` gives the state, change handler and disabled state
 * of the switch for `draft.active`.
 */
export function draftToggles<D extends object>(draft: D, onChange: (patch: Partial<D>) => void, disabled?: boolean) {
  return <K extends keyof D & string>(key: K) => ({
    checked: Boolean(draft[key]),
    onChange: (checked: boolean) => onChange({ [key]: checked } as Partial<D>),
    disabled,
  });
}
