import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { loginUrl } from '~/components/auth/guards';
import { useI18n } from '~/lib/i18n';
import { fmtNodes } from '~/lib/fmt-nodes';
import { privateMeta } from '~/components/auth/meta';
import { ResendVerificationButton } from '~/components/auth/resend-verification';
import { FormMessage } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { errorMessage, readToken } from '~/lib/api';
import { verifyEmail } from '~/lib/api/auth';
import { authSession, useAuth } from '~/lib/auth';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.account.verifyMeta);

/**
 * The link from the verification e-mail. It runs in the browser only, so the token is sent once,
 * from the page the person opened, and never rendered or cached by the server.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const { message } = await verifyEmail(params.token);
    // A signed-in learner's profile shows the new state without a reload.
    if (readToken('token')) void authSession.refreshUser();
    return { ok: true as const, message };
  } catch (failure) {
    return { ok: false as const, message: errorMessage(failure, AUTH_MESSAGES.verifyFailed) };
  }
}

export function HydrateFallback() {
  const { tr } = useI18n();
  return <AuthLoading label={tr(AUTH_MESSAGES.verifyingEmail)} />;
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { isAuthenticated, user } = useAuth();
  const { t, tr, lp } = useI18n();

  if (loaderData.ok) {
    return (
      <AuthPage title={tr(AUTH_MESSAGES.emailVerified)}>
        <div className="space-y-5">
          <FormMessage tone="success">{t.account.emailConfirmed}</FormMessage>
          <div className="flex flex-wrap gap-3">
            <Link to={lp('/courses')} className={buttonClass('secondary')}>
              {t.learning.browseCourses}
            </Link>
            <Link to={lp('/profile')} className={buttonClass('outline')}>
              {t.account.myProfileLink}
            </Link>
          </div>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t.account.linkNotValid}>
      <div className="space-y-5">
        <FormMessage tone="error">{tr(loaderData.message)}</FormMessage>
        {isAuthenticated && user && !user.emailVerified ? (
          <div className="space-y-3">
            <p className="text-slate-600">
              {fmtNodes(t.account.canSendNewLink, { email: <span dir="ltr">{user.email}</span> })}
            </p>
            <ResendVerificationButton className={buttonClass('secondary')} />
          </div>
        ) : isAuthenticated ? (
          <Link to={lp('/profile')} className={buttonClass('secondary')}>
            {t.account.myProfileLink}
          </Link>
        ) : (
          <p className="text-slate-600">
            {fmtNodes(t.account.getNewLink, {
              link: (
                <Link
                  to={loginUrl(lp('/profile'))}
                  className="font-semibold text-brand-green underline underline-offset-4"
                >
                  {t.account.getNewLinkLogIn}
                </Link>
              ),
            })}
          </p>
        )}
      </div>
    </AuthPage>
  );
}
