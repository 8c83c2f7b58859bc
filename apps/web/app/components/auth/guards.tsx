import { Navigate, redirect, useLocation } from 'react-router';
import type { User } from '@oasis/shared/auth';
import { ApiRequestError, readToken } from '~/lib/api';
import { getUser } from '~/lib/api/auth';
import { ADMIN_TOKEN_KEY, useAuth } from '~/lib/auth';
import { loginUrl } from '~/lib/login-url';
import { requestPath } from '~/lib/loader-i18n';
import { adminLoginUrl } from './admin-next';
import { LearnerPageSkeleton } from '~/components/learner/learner-page';

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
 * Learner pages' component guard: waits for the stored token to be checked (showing the page's
 * skeleton meanwhile, not a blank spinner), then shows the page to a signed-in learner or sends
 * anyone else to /login in the page's language (a token that stopped working included).
 */
export function RequireUser({ children, loadingLabel }: { children: React.ReactNode; loadingLabel?: string }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.isAuthenticated) return children;
  if (auth.loading) return <LearnerPageSkeleton label={loadingLabel} />;
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
    await getUser();
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
 * Admin pages' clientLoader (docs/product.md#guards): without an admin token, or with one whose
 * session has ended, or a token that is not an admin's (both removed), the visitor goes to
 * /admin/login?next=<the screen asked for>, in the language of the `request`'s page.
 */
export async function requireAdmin(request?: Request): Promise<{ admin: User }> {
  // Signed out (or the session ended): /admin/login?next=<the screen asked for>, back there after signing in.
  const login = () => redirect(adminLoginUrl(request ? pathOf(request) : currentPath()));
  if (!readToken(ADMIN_TOKEN_KEY)) throw login();
  let admin: User;
  try {
    ({ user: admin } = await getUser({ auth: ADMIN_TOKEN_KEY }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      removeAdminToken();
      throw login();
    }
    throw error;
  }
  // A learner's token where the admin's belongs: forgotten, and the admin is asked to sign in.
  if (admin.role !== 'admin') {
    removeAdminToken();
    throw login();
  }
  return { admin };
}
