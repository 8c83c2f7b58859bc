import type { Locale } from '@oasis/shared/i18n/locales';
import { fieldErrors } from '@oasis/shared/field-errors';
import { type ErrorRefLike, errorText } from './error-text';

/*
 * Field errors of the React app's forms (docs/i18n.md#errors), apart from lib/error-text.ts so that
 * public pages' JavaScript does not carry them: the lead forms hold codes only and use `errorText`.
 */

/**
 * A field's error as a form holds it: a code (with its values) from a shared check or the API's
 * `fields`, or a text already in the page's language (an answer that carried no code).
 */
export type FieldErrorRef = ErrorRefLike | string;

/** The message under a field, in the page's language: the code's text, else the text itself. */
export function fieldErrorText(ref: FieldErrorRef, locale: Locale): string {
  return errorText(typeof ref === 'string' ? { code: ref } : ref, locale) || (typeof ref === 'string' ? ref : '');
}

/**
 * Each field's message in the page's language: `translateErrors(fieldErrors(parsed.error), locale)`.
 */
export function translateErrors<K extends string>(
  errors: Partial<Record<K, FieldErrorRef>>,
  locale: Locale,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(errors) as K[]) {
    const error = errors[key];
    if (error) out[key] = fieldErrorText(error, locale);
  }
  return out;
}

/**
 * A form's values checked before sending: the parsed data, or null once each field's message is
 * shown. Passing values clear the messages of an earlier try.
 */
export function checkForm<T, K extends string>(
  parsed: { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] },
  locale: Locale,
  setErrors: (errors: Partial<Record<K, string>>) => void,
): T | null {
  setErrors(parsed.success ? {} : translateErrors(fieldErrors(parsed.error), locale));
  return parsed.success ? parsed.data : null;
}

/**
 * The props a required field of a sign-in or account form shares: its name, value and message,
 * disabled while the form is busy.
 */
export function formField<K extends string>(errors: Partial<Record<K, string>>, busy: boolean) {
  return (name: K, value: string, onValue: (value: string) => void) => ({
    name,
    value,
    onValue,
    error: errors[name],
    disabled: busy,
    required: true,
  });
}
