import type { MetaDescriptor } from 'react-router';
import { rootData } from '~/lib/seo';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** Head tags of account and admin screens: the title with the brand, and kept out of search results. */
export function privateMeta(matches: ReadonlyArray<MatchLike | undefined>, title: string): MetaDescriptor[] {
  const brand = rootData(matches)?.settings.brandName;
  return [{ title: brand ? `${title} | ${brand}` : title }, { name: 'robots', content: 'noindex' }];
}
