import { Navigate, redirect, useLocation } from 'react-router';
import type { User } from '@oasis/shared/auth';
import { ApiRequestError, api, readToken } from '~/lib/api';
import { ADMIN_TOKEN_KEY, useAuth } from '~/lib/auth';
import { loginUrl } from '~/lib/login-url';
import { requestPath } from '~/lib/loader-i18n';
import { AuthLoading } from './auth-page';

/**
 * Route guards (docs/product.md#guards). They run in the browser only: pages behind them export a `clientLoader`
 * and a `HydrateFallback`, so the server renders the same loading shell for everyone and the
 * decision is made where the token is.
 */

export { loginUrl };

/** The path and query of a request: where to come back to after signing in. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Learner pages' clientLoader: no stored token sends the visitor to /login?redirectTo=… (in the page's language). */
export function requireLearnerToken(request: Request): null {
  if (!readToken('token')) throw redirect(loginUrl(pathOf(request)));
  return null;
}

/**
 * Learner pages' component guard: waits for the stored token to be checked, then shows the page
 * to a signed-in learner or sends anyone else to /login in the page's language (a token that
 * stopped working included).
 */
export function RequireUser({ children, loadingLabel }: { children: React.ReactNode; loadingLabel?: string }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.isAuthenticated) return children;
  if (auth.loading) return <AuthLoading label={loadingLabel} />;
  return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
}

/**
 * Guest-only pages' clientLoader (/login, /forgot-password, /reset-password): a signed-in person
 * goes to / (in the language of the `request`'s page). A stored token the server no longer accepts
 * does not count (it is about to be cleared).
 */
export async function redirectSignedIn(request?: Request): Promise<null> {
  if (!readToken('token')) return null;
  try {
    await api('/auth/user');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
  }
  throw redirect(requestPath(request ?? currentPath(), '/'));
}

/** The address the browser shows, for a guard called without its request. */
function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

export function removeAdminToken() {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Storage blocked: nothing stored to remove.
  }
}

/**
 * Admin pages' clientLoader: without an admin token the visitor goes to / (docs/product.md#guards); a token whose
 * session has ended is removed and the admin goes to /admin/login to sign in again. Both in the
 * language of the `request`'s page.
 */
export async function requireAdmin(request?: Request): Promise<{ admin: User }> {
  const to = (path: string) => requestPath(request ?? currentPath(), path);
  if (!readToken(ADMIN_TOKEN_KEY)) throw redirect(to('/'));
  let admin: User;
  try {
    ({ user: admin } = await api<{ user: User }>('/auth/user', { auth: ADMIN_TOKEN_KEY }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      removeAdminToken();
      throw redirect(to('/admin/login'));
    }
    throw error;
  }
  if (admin.role !== 'admin') {
    removeAdminToken();
    throw redirect(to('/'));
  }
  return { admin };
}
