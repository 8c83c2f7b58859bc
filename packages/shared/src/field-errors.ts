import type { ErrorRef } from './error-codes.ts';

/**
 * Field errors as codes (docs/i18n.md#errors). The shared schemas write the code of their text as
 * zod's message ('auth.invalidEmail'); a refusal in zod's own words (a schema that gave none) gets
 * the code of its kind, with its limit as a value ('validation.tooLong' and `{ max }`). This file
 * reads no catalogue, so the browser's forms can use it without carrying the texts.
 */

/** The shape of a code, `namespace.key`: zod's own words never have it. */
const CODE_SHAPE = /^[a-z][A-Za-z]*\.[A-Za-z]+$/;

/** A zod issue, as zod reports it (the type provider's `keyword` and `params` spread back into it). */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: unknown;
  maximum?: unknown;
  minimum?: unknown;
  input?: unknown;
}

/** The error of one refused value: the schema's own code, else the code of its kind of refusal. */
export function issueError(issue: IssueLike): ErrorRef {
  if (issue.message && CODE_SHAPE.test(issue.message)) return issue.message as ErrorRef;
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'too_big':
      return { code: text ? 'validation.tooLong' : 'validation.tooLarge', values: { max: Number(issue.maximum) } };
    case 'too_small':
      return text
        ? { code: 'validation.tooShort', values: { min: Number(issue.minimum) } }
        : { code: 'validation.tooSmall', values: { min: Number(issue.minimum) } };
    case 'invalid_type':
      return issue.input === undefined ? 'validation.required' : 'validation.invalid';
    case 'invalid_format':
      return 'validation.invalidFormat';
    case 'invalid_value':
      return 'validation.invalidChoice';
    default:
      return 'validation.invalid';
  }
}

/** Field → the error of its first refusal, for showing a failed parse next to each input. */
export function fieldErrors(error: { issues: readonly (IssueLike & { path: readonly PropertyKey[] })[] }) {
  const errors: Record<string, ErrorRef> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issueError(issue);
  }
  return errors;
}
