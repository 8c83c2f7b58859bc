import { type Locale, localeFromPath, localePath, stripLocale } from '@oasis/shared/i18n/locales';

/**
 * `/login`, remembering where to come back to (kept apart from the guards so public pages can link
 * there cheaply). The sign-in page is in the language of the page to come back to (`/ar/login` for
 * `/ar/profile`), unless `locale` says otherwise.
 */
export function loginUrl(redirectTo?: string | null, locale: Locale = localeFromPath(redirectTo ?? '')): string {
  const login = localePath(locale, '/login');
  return redirectTo && stripLocale(redirectTo) !== '/'
    ? `${login}?redirectTo=${encodeURIComponent(redirectTo)}`
    : login;
}
