import type { MetaDescriptor } from 'react-router';
import { type I18n, type I18nValue, i18nOf } from '~/lib/i18n';
import { rootData } from '~/lib/seo';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The page's texts and formats in a `meta` function (from the root loader's data; none if it failed). */
export function metaI18n(matches: ReadonlyArray<MatchLike | undefined>): I18n | null {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { i18n?: I18nValue } | undefined;
  return root?.i18n ? i18nOf(root.i18n) : null;
}

/**
 * Head tags of account and admin screens: the title with the brand, and kept out of search results.
 * `title` is the text itself, or read from the page's catalogue: `(i) => i.t.account.login` (the
 * root loader sends every client namespace to these screens).
 */
export function privateMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  title: string | ((i18n: I18n) => string),
): MetaDescriptor[] {
  const brand = rootData(matches)?.settings.brandName;
  const i18n = typeof title === 'string' ? null : metaI18n(matches);
  const text = typeof title === 'string' ? title : i18n ? title(i18n) : '';
  return [
    { title: brand && text ? `${text} | ${brand}` : text || brand || '' },
    { name: 'robots', content: 'noindex' },
  ];
}
