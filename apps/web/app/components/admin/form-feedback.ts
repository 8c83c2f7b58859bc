import { useState } from 'react';
import toast from 'react-hot-toast';
import type { FieldErrors } from '@oasis/shared/admin';
import { describeFailure, failureToast } from './request';

/**
 * Takes the admin to the first field a check refused, once React has marked it: the fields are
 * found by their `aria-invalid`, so each form's own field names need no list here.
 */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** What the shared form checks (checkBlogForm, checkCourseForm…) answer. */
type DraftCheck = { ok: true } | { ok: false; errors: FieldErrors; message: string };

/**
 * The errors of an admin form that checks a draft and then saves it: field errors under the fields,
 * and `problem`, the reason shown above the buttons. A toast says each refusal and failure too.
 */
export function useFormFeedback() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  /**
   * Starts a submit: true when the draft passed its check (earlier errors are cleared). Otherwise
   * marks the refused fields, says why (above the buttons too, unless `inline` is false) and
   * focuses the first of them.
   */
  function accept(form: HTMLFormElement, check: DraftCheck, { inline = true } = {}): boolean {
    setProblem(null);
    if (!check.ok) {
      setErrors(check.errors);
      if (inline) setProblem(check.message);
      toast.error(check.message);
      focusFirstInvalid(form);
      return false;
    }
    setErrors({});
    return true;
  }

  /**
   * A save that failed: the server's field errors go on their fields, and its reason above the
   * buttons when it says more than `wording` (the toast's 'Update failed').
   */
  function fail(error: unknown, wording: string) {
    const failure = describeFailure(error, wording);
    setErrors(failure.fields);
    if (failure.message !== wording) setProblem(failure.message);
    toast.error(failureToast(error, wording));
  }

  return { errors, problem, accept, fail };
}
