import type { FormCheck } from '@oasis/shared/admin/common';
import { errorOfText, validationError } from './errors.ts';

/** The value of a passed form check; a failed one becomes a 400 `{ message, code, errors }`. */
export function assertValid<T>(check: FormCheck<T>): T {
  if (!check.ok)
    throw validationError(check.errors, check.message === undefined ? undefined : errorOfText(check.message));
  return check.value;
}
