/**
 * The site's two languages (docs/i18n.md): English, the default, at today's addresses, and Arabic
 * under `/ar`, right to left. Pure helpers shared by the server, the pages and the islands.
 */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleInfo {
  /** `<html lang>` and `hreflang`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Open Graph's `og:locale`. */
  ogLocale: string;
  /** For `Intl`: Arabic with Latin digits, as Dubai's Arabic press and banks print numbers. */
  intl: string;
  /** The language's own name, for the language switch. */
  name: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { lang: 'en', dir: 'ltr', ogLocale: 'en_GB', intl: 'en-GB', name: 'English' },
  ar: { lang: 'ar', dir: 'rtl', ogLocale: 'ar_AE', intl: 'ar-AE-u-nu-latn', name: 'العربية' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The prefix of every Arabic address: `/ar` itself, `/ar/…`, `/ar?…`, `/ar.data`. */
const ARABIC = /^\/ar(?=$|[/?#]|\.data)/i;

/** The locale an address is in: Arabic under `/ar`, English everywhere else. */
export function localeFromPath(pathOrUrl: string): Locale {
  return ARABIC.test(pathOrUrl) ? 'ar' : 'en';
}

/** The address without its locale prefix: `/ar/courses` → `/courses`, `/ar` → `/`. */
export function stripLocale(pathOrUrl: string): string {
  if (!ARABIC.test(pathOrUrl)) return pathOrUrl;
  const rest = pathOrUrl.slice(3);
  if (rest.startsWith('.data')) return `/_root${rest}`;
  return rest === '' || rest[0] === '?' || rest[0] === '#' ? `/${rest}` : rest;
}

/**
 * `path` (an English address, starting with `/`) in `locale`: `/courses` → `/ar/courses`, `/` →
 * `/ar`. Addresses that are not pages (`/api/…`, files, other sites, `#…`) are left as they are.
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith('/') || path.startsWith('//')) return path;
  if (/^\/(api|assets|media|uploads)(\/|$)/.test(path) || ARABIC.test(path)) return path;
  if (path === '/' || path[1] === '?' || path[1] === '#') return `/ar${path.slice(1)}`;
  return `/ar${path}`;
}

/** The same page in `locale`: `/ar/courses?q=x` → `/courses?q=x` and back. */
export function switchLocale(pathOrUrl: string, locale: Locale): string {
  return localePath(locale, stripLocale(pathOrUrl));
}
