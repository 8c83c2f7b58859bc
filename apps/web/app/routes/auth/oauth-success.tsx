import { redirect, replace } from 'react-router';
import toast from 'react-hot-toast';
import { safeRedirectPath } from '@oasis/shared/auth';
import { localeFromPath, localePath } from '@oasis/shared/i18n/locales';
import auth from '@oasis/shared/i18n/ns/auth';
import { AuthLoading } from '~/components/auth/auth-page';
import { GOOGLE_REDIRECT_KEY } from '~/components/auth/google-button';
import { privateMeta } from '~/components/auth/meta';
import { authSession } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
import { textsIn } from '~/lib/loader-i18n';
import type { Route } from './+types/oauth-success';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.account.signingInMeta);

/**
 * Google sign-in returns here with #token=…: in the fragment, which the browser never sends to a
 * server, so the token stays out of access logs and Referer headers. It is read once and wiped from
 * the address bar at once; without one there is nothing to do but log in again. The sign-in
 * happens here, in the loader; the page only ever shows that it is under way. The visitor goes on
 * in the language of the page they left for Google (the place to come back to says it).
 */
export async function clientLoader() {
  const target = readRedirect();
  const locale = localeFromPath(target ?? window.location.pathname);
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (!token) throw redirect(localePath(locale, '/login'));
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  const user = await authSession.login(token);
  // Replace: this page (and the token it was given) must not stay in the history.
  if (!user) throw replace(localePath(locale, '/login?error=google'));
  forgetRedirect();
  toast.success(textsIn(auth, locale).loggedIn);
  throw replace(target ?? localePath(locale, '/courses'));
}

/** The token is gone from the address once read: running the loader again would find none. */
export function shouldRevalidate() {
  return false;
}

/** Where to go once signed in (kept by the Google button for this tab), if anywhere. */
function readRedirect(): string | null {
  try {
    return safeRedirectPath(window.sessionStorage.getItem(GOOGLE_REDIRECT_KEY));
  } catch {
    return null;
  }
}

function forgetRedirect() {
  try {
    window.sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

function SigningIn() {
  const { t } = useI18n();
  return <AuthLoading label={t.account.signingIn} />;
}

export function HydrateFallback() {
  return <SigningIn />;
}

/** Never shown for long: the loader always sends the visitor on. */
export default function OAuthSuccess() {
  return <SigningIn />;
}
