import { safeRedirectPath } from '@oasis/shared/auth';
import { localeFromPath, localePath, stripLocale } from '@oasis/shared/i18n/locales';

/** Where an admin lands after signing in when no other screen was asked for. */
export const ADMIN_HOME = '/admin/dashboard';

/**
 * `value` when it is one of this site's admin screens (`/admin/dashboard…`, in any language), else
 * null: the `next` of /admin/login is never another site, a page outside the admin area, or a path
 * that only leads into the admin area before dot segments take it out (no open redirect).
 */
export function safeAdminNext(value: string | null | undefined): string | null {
  const path = safeRedirectPath(value);
  if (!path) return null;
  const base = 'http://oasis.invalid';
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const screen = stripLocale(url.pathname).toLowerCase();
  if (screen !== ADMIN_HOME && !screen.startsWith(`${ADMIN_HOME}/`)) return null;
  // The normalised form: what the browser would open, dot segments resolved.
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /admin/login in the language of `next` (the screen a signed-out visitor asked for), remembering
 * it as `?next=` so that signing in leads back there. The dashboard itself needs no reminder.
 */
export function adminLoginUrl(next?: string | null): string {
  const login = localePath(localeFromPath(next ?? ''), '/admin/login');
  const target = safeAdminNext(next);
  return target && stripLocale(target) !== ADMIN_HOME ? `${login}?next=${encodeURIComponent(target)}` : login;
}
