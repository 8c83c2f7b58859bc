import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { loginUrl } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { ResendVerificationButton } from '~/components/auth/resend-verification';
import { FormMessage } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { api, errorMessage, readToken } from '~/lib/api';
import { authSession, useAuth } from '~/lib/auth';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Verify your e-mail');

/**
 * The link from the verification e-mail. It runs in the browser only, so the token is sent once,
 * from the page the person opened, and never rendered or cached by the server.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const { message } = await api<{ message: string }>(`/auth/verify-email/${encodeURIComponent(params.token)}`, {
      method: 'POST',
      auth: false,
    });
    // A signed-in learner's profile shows the new state without a reload.
    if (readToken('token')) void authSession.refreshUser();
    return { ok: true as const, message };
  } catch (failure) {
    return { ok: false as const, message: errorMessage(failure, AUTH_MESSAGES.verifyFailed) };
  }
}

export function HydrateFallback() {
  return <AuthLoading label={AUTH_MESSAGES.verifyingEmail} />;
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { isAuthenticated, user } = useAuth();

  if (loaderData.ok) {
    return (
      <AuthPage title={AUTH_MESSAGES.emailVerified}>
        <div className="space-y-5">
          <FormMessage tone="success">Thank you: your e-mail address is confirmed.</FormMessage>
          <div className="flex flex-wrap gap-3">
            <Link to="/courses" className={buttonClass('secondary')}>
              Browse courses
            </Link>
            <Link to="/profile" className={buttonClass('outline')}>
              My profile
            </Link>
          </div>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Link not valid">
      <div className="space-y-5">
        <FormMessage tone="error">{loaderData.message}</FormMessage>
        {isAuthenticated && user && !user.emailVerified ? (
          <div className="space-y-3">
            <p className="text-slate-600">We can send a new link to {user.email}.</p>
            <ResendVerificationButton className={buttonClass('secondary')} />
          </div>
        ) : isAuthenticated ? (
          <Link to="/profile" className={buttonClass('secondary')}>
            My profile
          </Link>
        ) : (
          <p className="text-slate-600">
            To get a new link,{' '}
            <Link to={loginUrl('/profile')} className="font-semibold text-brand-green underline underline-offset-4">
              log in
            </Link>{' '}
            and choose &lsquo;Send the link again&rsquo; on your profile.
          </p>
        )}
      </div>
    </AuthPage>
  );
}
