import { messagesFor } from './i18n/catalogue.ts';
import { fmt, type Message } from './i18n/define.ts';
import type { Locale } from './i18n/locales.ts';
import { NAMESPACES, SYSTEM_NAMESPACES } from './i18n/namespaces.ts';

/**
 * The API's error codes (docs/i18n.md#errors): one per text of the rules' namespaces
 * (SYSTEM_NAMESPACES), written `namespace.key` ('core.courseNotFound', 'validation.tooLong'). A code
 * names its text in every language; an error answer carries the code and its values, and each
 * reader (the server for `message`, the browser for what it shows) renders the text from them.
 */
type System = (typeof SYSTEM_NAMESPACES)[number];
type Texts<N extends System> = (typeof NAMESPACES)[N]['en'];
type TextKeys<N extends System> = {
  [K in keyof Texts<N>]: Texts<N>[K] extends string ? K : never;
}[keyof Texts<N>] &
  string;
export type ErrorCode = { [N in System]: `${N}.${TextKeys<N>}` }[System];

/**
 * The values each code's text needs, by name: its `{placeholders}` in every language (the error
 * code test holds the catalogues to this). A code not listed has none.
 */
export const ERROR_VALUES = {
  'api.videoTooLarge': ['size'],
  'api.quizAttemptsUsedUp': ['limit'],
  'api.quizWaitForNextAttempt': ['day', 'time'],
  'api.adminAccountExists': ['email'],
  'api.learnerAccountExists': ['email'],
  'api.noAccountWithEmail': ['email'],
  'validation.tooLong': ['max'],
  'validation.tooShort': ['min'],
  'validation.tooLarge': ['max'],
  'validation.tooSmall': ['min'],
} as const satisfies Partial<Record<ErrorCode, readonly string[]>>;

type CodeWithValues = keyof typeof ERROR_VALUES;
/** A code whose text needs no values: a check can name it alone. */
export type BareErrorCode = Exclude<ErrorCode, CodeWithValues>;
export type ErrorValues<C extends ErrorCode> = C extends CodeWithValues
  ? { readonly [V in (typeof ERROR_VALUES)[C][number]]: string | number }
  : never;

/** An error as code and values: a bare code for a text without values. */
export type ErrorRef = {
  [C in ErrorCode]: C extends CodeWithValues ? { code: C; values: ErrorValues<C> } : C | { code: C };
}[ErrorCode];

/** An error as the answer carries it (`code`, `values`), and each field of `fields` likewise. */
export interface ErrorDetail {
  code: ErrorCode;
  values?: Readonly<Record<string, string | number>>;
}

/** Every code, in catalogue order. */
export const ERROR_CODES: readonly ErrorCode[] = SYSTEM_NAMESPACES.flatMap((name) =>
  Object.entries(NAMESPACES[name].en as Record<string, Message>)
    .filter(([, text]) => typeof text === 'string')
    .map(([key]) => `${name}.${key}` as ErrorCode),
);
const KNOWN = new Set<string>(ERROR_CODES);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && KNOWN.has(code);
}

export function errorDetail(ref: ErrorRef): ErrorDetail {
  return typeof ref === 'string' ? { code: ref } : ref;
}

/** The names `code`'s text needs filled in. */
export function errorValueNames(code: ErrorCode): readonly string[] {
  return (ERROR_VALUES as Partial<Record<ErrorCode, readonly string[]>>)[code] ?? [];
}

/** The text of `code` in `locale` (English where the translation lacks it), its values filled in. */
export function errorText(detail: ErrorDetail, locale: Locale): string {
  const dot = detail.code.indexOf('.');
  const namespace = messagesFor(locale)[detail.code.slice(0, dot) as System] as Record<string, Message>;
  const text = namespace[detail.code.slice(dot + 1)];
  return fmt(typeof text === 'string' ? text : '', detail.values);
}
