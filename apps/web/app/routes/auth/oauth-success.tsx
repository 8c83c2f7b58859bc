import { redirect, replace } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, safeRedirectPath } from '@oasis/shared/auth';
import { AuthLoading } from '~/components/auth/auth-page';
import { GOOGLE_REDIRECT_KEY } from '~/components/auth/google-button';
import { privateMeta } from '~/components/auth/meta';
import { authSession } from '~/lib/auth';
import type { Route } from './+types/oauth-success';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Signing you in');

/**
 * Google sign-in returns here with #token=…: in the fragment, which the browser never sends to a
 * server, so the token stays out of access logs and Referer headers. It is read once and wiped from
 * the address bar at once; without one there is nothing to do but log in again. The sign-in
 * happens here, in the loader; the page only ever shows that it is under way.
 */
export async function clientLoader() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (!token) throw redirect('/login');
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  const user = await authSession.login(token);
  // Replace: this page (and the token it was given) must not stay in the history.
  if (!user) throw replace('/login?error=google');
  toast.success(AUTH_MESSAGES.loggedIn);
  throw replace(takeRedirect());
}

/** The token is gone from the address once read: running the loader again would find none. */
export function shouldRevalidate() {
  return false;
}

function takeRedirect(): string {
  try {
    const target = safeRedirectPath(window.sessionStorage.getItem(GOOGLE_REDIRECT_KEY));
    window.sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
    return target ?? '/courses';
  } catch {
    return '/courses';
  }
}

const SIGNING_IN = 'Signing you in...';

export function HydrateFallback() {
  return <AuthLoading label={SIGNING_IN} />;
}

/** Never shown for long: the loader always sends the visitor on. */
export default function OAuthSuccess() {
  return <AuthLoading label={SIGNING_IN} />;
}
