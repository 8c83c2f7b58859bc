import { useRouteLoaderData } from 'react-router';
import type { RootData } from '~/lib/seo';

/** Site settings and the public site URL from the root loader (undefined only if that loader failed). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** Paths that show no top navigation (spec §2) and those that show neither navigation nor footer. */
export function layoutFor(pathname: string) {
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  const consult = pathname === '/consult' || pathname.startsWith('/consult/');
  return { showNav: !admin && !consult, showFooter: !admin, consult, admin };
}
