import { useRouteLoaderData } from 'react-router';
import type { RootData } from '~/lib/seo';

/** Site settings and the public site URL from the root loader (undefined only if that loader failed). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
