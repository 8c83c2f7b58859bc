import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, resetPasswordFormSchema } from '@oasis/shared/auth';
import { LIMITS } from '@oasis/shared/limits';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { PasswordField } from '~/components/ui/auth-fields';
import { redirectSignedIn } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { buttonClass } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { resetPassword } from '~/lib/api/auth';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/reset-password';
import { checkForm, formField } from '~/lib/field-error-text';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.account.resetPassword);

/** Guest-only: a signed-in person goes to /. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => redirectSignedIn(request);

export function HydrateFallback() {
  return <AuthLoading />;
}

type Field = 'password' | 'confirmPassword';

export default function ResetPassword({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { t, tr, lp, locale } = useI18n();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Success: the message, then /login after 3 s (docs/product.md#password-reset).
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(lp('/login'), { replace: true }), LIMITS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate, lp]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !password || !confirmPassword) return;
    setError(null);
    const values = checkForm(resetPasswordFormSchema.safeParse({ password, confirmPassword }), locale, setErrors);
    if (!values) return;
    setBusy(true);
    try {
      const { message } = await resetPassword(params.token, { password: values.password });
      setDone(tr(message));
      toast.success(tr(message));
    } catch (failure) {
      // The server's message, or 'Invalid or expired token' (docs/product.md#password-reset).
      const message = tr(errorMessage(failure, AUTH_MESSAGES.invalidResetToken));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthPage title={t.account.passwordResetTitle}>
        <div className="space-y-5">
          <FormMessage tone="success">{done}</FormMessage>
          <p className="text-slate-600">{t.account.takingToLogin}</p>
          <Link to={lp('/login')} replace className={buttonClass('secondary', 'md', 'w-full')}>
            {t.account.goToLoginNow}
          </Link>
        </div>
      </AuthPage>
    );
  }

  const field = formField(errors, busy);
  return (
    <AuthPage title={t.account.chooseNewPassword} lead={t.account.resetLead}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t.account.resetForm}>
        <PasswordField
          label={t.account.newPassword}
          autoComplete="new-password"
          {...field('password', password, setPassword)}
        />
        <PasswordField
          label={t.account.confirmPassword}
          autoComplete="new-password"
          {...field('confirmPassword', confirmPassword, setConfirmPassword)}
        />
        {error && (
          <FormMessage tone="error">
            <p>{error}</p>
            {error === tr(AUTH_MESSAGES.invalidResetToken) && (
              <p className="mt-1">
                <Link to={lp('/forgot-password')} className="underline underline-offset-4">
                  {t.account.requestNewLink}
                </Link>
              </p>
            )}
          </FormMessage>
        )}
        <BusyButton
          busy={busy}
          busyLabel={t.account.resetting}
          disabled={!password || !confirmPassword}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          {t.account.resetPassword}
        </BusyButton>
      </form>
    </AuthPage>
  );
}
