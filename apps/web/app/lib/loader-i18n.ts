import type { Namespace, NamespaceDefinition } from '@oasis/shared/i18n/define';
import { DEFAULT_LOCALE, type Locale, localeFromPath, localePath } from '@oasis/shared/i18n/locales';

/*
 * Texts and addresses for code that runs outside React (clientLoaders, guards): the page's texts
 * come with the root loader's data, which such code cannot reach, so it reads the locale from the
 * request's address and the few texts it needs from their namespace.
 */

/** The language of the page a loader is loading (its address: `/ar/…` is Arabic). */
export function requestLocale(request: Request | string): Locale {
  return localeFromPath(typeof request === 'string' ? request : new URL(request.url).pathname);
}

/** `path` (an English address) in the language of `request`'s page. */
export function requestPath(request: Request | string, path: string): string {
  return localePath(requestLocale(request), path);
}

/** One namespace's texts in `locale`, English where the translation lacks one. */
export function textsIn<E extends Namespace>(definition: NamespaceDefinition<E>, locale: Locale): E {
  return locale === DEFAULT_LOCALE ? definition.en : ({ ...definition.en, ...definition[locale] } as E);
}
