import { z } from 'zod';
import type { BareErrorCode } from './error-codes.ts';

/**
 * A required text of a request: trimmed, refused as `required` when missing or empty and as
 * `tooLong` (the same code unless given) past `max` characters.
 */
export function requiredText(max: number, required: BareErrorCode, tooLong: BareErrorCode = required) {
  return z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
}

/** A whole number of a request from `min` to `max`, refused as `code` when it is anything else. */
export function wholeNumberIn(min: number, max: number, code: BareErrorCode) {
  return z.number({ error: code }).int({ error: code }).min(min, { error: code }).max(max, { error: code });
}
