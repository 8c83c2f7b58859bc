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
export function errorText(ref: ErrorRefLike, locale: Locale): string {
  const text = pageTexts.get(locale)?.[ref.code as string];
  return text === undefined ? '' : fmt(text, ref.values);
}
