import toast from 'react-hot-toast';
import type { FieldErrors } from '@oasis/shared/admin/common';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import { describeFailure, failureToast } from './request';

/** What the shared form checks (checkBlogForm, checkCourseForm…) answer. */
type DraftCheck = { ok: true } | { ok: false; errors: FieldErrors; message: string };

/**
 * The state of an admin form that checks a draft and then saves it (the submit hook, `useSubmit`,
 * with the admin screens' toasts): field errors under the fields, `problem` (the reason shown
 * above the buttons) and `saving`. A toast says each refusal and failure too. `problem` and the
 * toasts are in the page's language; `errors` keep the rules' English texts (what `fieldMessage`
 * compares), shown with `tr()`.
 */
export function useFormFeedback() {
  const i18n = useI18n();
  const { tr } = i18n;
  const submit = useSubmit();
  const { setErrors, setProblem } = submit;
  const errors = submit.errors as FieldErrors;

  /**
   * Starts a submit: true when the draft passed its check (earlier errors are cleared). Otherwise
   * marks the refused fields, says why (above the buttons and in a toast) and focuses the first.
   */
  function accept<C extends DraftCheck>(form: HTMLFormElement, check: C): check is Extract<C, { ok: true }> {
    setProblem(null);
    if (!check.ok) {
      submit.form.current = form;
      submit.refuse(check.errors, tr(check.message));
      toast.error(tr(check.message));
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
 * The message under a field: a form-wide 'fill in every required field' message (the screen's one
 * wording, said once above the buttons) becomes 'This field is required.' under each empty field.
 * Pass `tr` (from `useI18n()`) for the page's language; without it the texts stay as the rules wrote them.
 */
export function fieldMessage(errors: FieldErrors, formWide: string, tr: (text: string) => string = (text) => text) {
  return (key: string) => {
    const error = errors[key];
    if (error === undefined) return undefined;
    return tr(error === formWide ? ADMIN_SCREEN_MESSAGES.fieldRequired : error);
  };
}

/** The message under each field, in the page's language: `errorOf('title')`. */
export function translatedErrors(errors: FieldErrors, tr: (text: string) => string) {
  return (key: string) => (errors[key] === undefined ? undefined : tr(errors[key]));
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
