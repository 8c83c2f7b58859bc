import { stripLocale } from '@oasis/shared/i18n/locales';

/**
 * Paths that are per visitor (accounts, learning, buying) or admin: kept out of search engines
 * (robots.txt) and never part of the cached public site. English addresses: each has its Arabic
 * twin under `/ar` (docs/i18n.md), which is private too.
 */
export const PRIVATE_PATHS = [
  '/admin',
  '/profile',
  '/enrolledCourse',
  '/orders',
  '/watch',
  '/checkout',
  '/success',
  '/cancel',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/oauth-success',
] as const;

/** Whether `pathname` (in any language: `/ar/login` as `/login`) is one of PRIVATE_PATHS. */
export function isPrivatePath(pathname: string): boolean {
  const path = stripLocale(pathname).toLowerCase();
  return PRIVATE_PATHS.some((p) => path === p.toLowerCase() || path.startsWith(`${p.toLowerCase()}/`));
}
