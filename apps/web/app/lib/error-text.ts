import { fmt } from '@oasis/shared/i18n/define';
import type { Locale } from '@oasis/shared/i18n/locales';

/** An error as an answer carries it: a code of the catalogues and the values its text needs. */
export interface ErrorRefLike {
  code?: string;
  values?: Readonly<Record<string, string | number>>;
}

/*
 * The rules' texts by error code, per language, as the page brought them (its i18n data:
 * `errorTexts` of @oasis/shared/i18n/catalogue). The page's I18nProvider hands them over, so that
 * code outside components (the API client) renders an error in the page's language too.
 */
const pageTexts = new Map<Locale, Readonly<Record<string, string>>>();

export function rememberErrorTexts(locale: Locale, texts: Readonly<Record<string, string>> | undefined) {
  if (texts) pageTexts.set(locale, texts);
}

/** The text of an error's code in `locale`, its values filled in; '' when the page lacks it. */
export function errorText(ref: ErrorRefLike | string, locale: Locale): string {
  const { code, values } = typeof ref === 'string' ? { code: ref, values: undefined } : ref;
  const text = code === undefined ? undefined : pageTexts.get(locale)?.[code];
  return text === undefined ? '' : fmt(text, values);
}

/**
 * A field's error as a form holds it: a code (with its values) from a shared check or the API's
 * `fields`, or a text already in the page's language (an answer that carried no code).
 */
export type FieldErrorRef = ErrorRefLike | string;

/** The message under a field, in the page's language: the code's text, else the text itself. */
export function fieldErrorText(ref: FieldErrorRef, locale: Locale): string {
  return errorText(ref, locale) || (typeof ref === 'string' ? ref : '');
}
