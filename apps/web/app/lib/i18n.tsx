import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ClientMessages } from '@oasis/shared/i18n/catalogue';
import { fmt, type Message, plural } from '@oasis/shared/i18n/define';
import {
  type ArabicCurrencyLabel,
  formatDay,
  formatMoney,
  formatMoment,
  formatNumber,
} from '@oasis/shared/i18n/format-locale';
import { type Locale, LOCALE_INFO, localePath } from '@oasis/shared/i18n/locales';
import { rememberErrorTexts } from './error-text';

/**
 * The page's language and its texts (docs/i18n.md). The root loader sends the catalogue of the
 * page's locale (only that one); on public pages the islands get the namespaces they use, in the
 * page's `#oasis-i18n` data (islands/main.ts). Components read both through `useI18n()`.
 */
export interface I18nValue {
  locale: Locale;
  /** The texts of the namespaces this page has (all client namespaces in the React app). */
  messages: Partial<ClientMessages>;
  /** English texts of the rules (validation, API errors) → this locale's (empty for English). */
  dictionary: Readonly<Record<string, string>>;
  /** The rules' texts by error code, in this locale: what error answers are shown with (lib/error-text.ts). */
  errors: Readonly<Record<string, string>>;
  /** How Arabic pages write the dirham (a site setting). */
  currency?: ArabicCurrencyLabel;
}

/**
 * The root loader's part of it: on islands pages (decision 013) the texts do not travel in the
 * loader data, which the browser never reads there; the server render takes them from the
 * catalogues (`ServerTexts`, given by entry.server). Encoding them for nothing cost a public page
 * miss more CPU than anything but React's render (docs/benchmarks.md).
 */
export type RootI18n = Omit<I18nValue, 'messages' | 'dictionary' | 'errors'> &
  Partial<Pick<I18nValue, 'messages' | 'dictionary' | 'errors'>>;
type Texts = Pick<I18nValue, 'messages' | 'dictionary' | 'errors'>;
/** The server's catalogues, for a render whose root data carries no texts; none in the browser. */
export const ServerTexts = createContext<((locale: Locale) => Texts) | null>(null);

/** The page's full value: the root data's texts, else the server's catalogues. */
export function useRootI18n(root: RootI18n): I18nValue {
  const server = useContext(ServerTexts);
  return useMemo(() => {
    if (root.messages && root.dictionary && root.errors) return root as I18nValue;
    if (!server) throw new Error(`the page's texts (${root.locale}) are missing from its root data`);
    return { ...root, ...server(root.locale) };
  }, [root, server]);
}

const EMPTY: I18nValue = { locale: 'en', messages: {}, dictionary: {}, errors: {} };
const I18nContext = createContext<I18nValue>(EMPTY);

export function I18nProvider({ value, children }: { value: I18nValue; children: ReactNode }) {
  rememberErrorTexts(value.locale, value.errors);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export interface I18n {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  /** The catalogue: `t.nav.courses`. */
  t: ClientMessages;
  /** `{name}` placeholders filled in. */
  fmt: typeof fmt;
  /** The plural form for `count`. */
  plural: (message: Message, count: number, values?: Record<string, string | number>) => string;
  /** A rule's English text (a schema's or the API's) in this locale. */
  tr: (text: string) => string;
  /** An English address in this locale: `/courses` → `/ar/courses`. */
  lp: (path: string) => string;
  money: (aed: number) => string;
  number: (value: number) => string;
  day: (iso: string | Date) => string;
  moment: (iso: string | Date) => string;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  return useMemo(() => i18nOf(value), [value]);
}

/** The helpers of `useI18n` for a value (also for code outside components, e.g. loaders' callers). */
export function i18nOf({ locale, messages, dictionary, currency }: I18nValue): I18n {
  return {
    locale,
    dir: LOCALE_INFO[locale].dir,
    // A namespace the page was not given reads as empty texts rather than failing the page.
    t: messages as ClientMessages,
    fmt,
    plural: (message, count, values) => plural(message, count, locale, values),
    tr: (text) => dictionary[text] ?? text,
    lp: (path) => localePath(locale, path),
    money: (aed) => formatMoney(aed, locale, currency),
    number: (n) => formatNumber(n, locale),
    day: (iso) => formatDay(iso, locale),
    moment: (iso) => formatMoment(iso, locale),
  };
}
