/**
 * Paths that are per visitor (accounts, learning, buying) or admin: kept out of search engines
 * (robots.txt) and never part of the cached public site.
 */
export const PRIVATE_PATHS = [
  '/admin',
  '/profile',
  '/enrolledCourse',
  '/watch',
  '/checkout',
  '/success',
  '/cancel',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/oauth-success',
] as const;

export function isPrivatePath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return PRIVATE_PATHS.some((p) => path === p.toLowerCase() || path.startsWith(`${p.toLowerCase()}/`));
}
