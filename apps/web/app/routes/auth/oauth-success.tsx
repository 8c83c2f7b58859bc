import { useEffect, useRef } from 'react';
import { redirect, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, safeRedirectPath } from '@oasis/shared/auth';
import { AuthLoading } from '~/components/auth/auth-page';
import { GOOGLE_REDIRECT_KEY } from '~/components/auth/google-button';
import { privateMeta } from '~/components/auth/meta';
import { useAuth } from '~/lib/auth';
import type { Route } from './+types/oauth-success';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Signing you in');

/**
 * Google sign-in returns here with #token=…: in the fragment, which the browser never sends to a
 * server, so the token stays out of access logs and Referer headers. It is read once and wiped from
 * the address bar at once; without one there is nothing to do but log in again.
 */
export function clientLoader() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (!token) throw redirect('/login');
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return { token };
}

/** The token is gone from the address once read: running the loader again would find none. */
export function shouldRevalidate() {
  return false;
}

export function HydrateFallback() {
  return <AuthLoading label="Signing you in..." />;
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

export default function OAuthSuccess({ loaderData }: Route.ComponentProps) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once per token, even if the effect runs twice (development's strict mode).
    if (started.current) return;
    started.current = true;
    void (async () => {
      const user = await login(loaderData.token);
      if (user) {
        toast.success(AUTH_MESSAGES.loggedIn);
        // Replace: the token must not stay in the address bar or the history.
        navigate(takeRedirect(), { replace: true });
      } else {
        navigate('/login?error=google', { replace: true });
      }
    })();
  }, [login, loaderData.token, navigate]);

  return <AuthLoading label="Signing you in..." />;
}
