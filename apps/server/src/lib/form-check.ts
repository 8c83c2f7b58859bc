import type { FormCheck } from '@oasis/shared/admin/common';
import { validationError } from './errors.ts';

/** The value of a passed form check; a failed one becomes a 400 `{ message, code, errors }` of its codes. */
export function assertValid<T>(check: FormCheck<T>): T {
  if (!check.ok) throw validationError(check.errors, check.message);
  return check.value;
}
