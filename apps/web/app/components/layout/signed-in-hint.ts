import { stripLocale } from '@oasis/shared/i18n/locales';

/*
 * While the stored session is checked (the user's fetch can take a moment), the header shows the
 * account it last saw rather than a "Login" button that turns into the account menu. The hint is
 * the first name the browser already showed, kept in local storage: never proof of anything (the
 * server checks the token on every request), cleared as soon as the browser knows nobody is signed in.
 */

const HINT_KEY = 'oasis:signed-in-as';

/** Pages only a signed-in learner sees: there the header never offers "Login" while it waits. */
const SIGNED_IN_PATHS = ['/profile', '/enrolledcourse', '/orders', '/watch', '/checkout', '/success', '/cancel'];

export function isSignedInPath(pathname: string): boolean {
  const path = stripLocale(pathname).toLowerCase();
  return SIGNED_IN_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** What the header's account place shows. */
export type AccountSlot = 'menu' | 'pending' | 'login';

/**
 * The account menu once the user is known; "pending" while a stored token is checked, and while
 * the server's render of a signed-in page waits for the browser (it knows nobody); "Login" otherwise.
 */
export function accountSlot(
  auth: { isAuthenticated: boolean; user: unknown; loading: boolean; token: string | null },
  pathname: string,
): AccountSlot {
  if (auth.isAuthenticated && auth.user) return 'menu';
  if (auth.loading && (auth.token || isSignedInPath(pathname))) return 'pending';
  return 'login';
}

/** The name last seen signed in on this browser (null when none, on the server, or when storage is blocked). */
export function readSignedInHint(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(HINT_KEY);
  } catch {
    return null;
  }
}

export function writeSignedInHint(name: string | null): void {
  try {
    if (name?.trim()) window.localStorage.setItem(HINT_KEY, name.trim());
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage blocked: the header shows a neutral placeholder instead.
  }
}
