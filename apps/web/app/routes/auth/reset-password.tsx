import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, fieldErrors, resetPasswordFormSchema } from '@oasis/shared/auth';
import { LIMITS } from '@oasis/shared/limits';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { PasswordField } from '~/components/ui/auth-fields';
import { redirectSignedIn } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { buttonClass } from '~/components/ui/button';
import { api, errorMessage } from '~/lib/api';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Reset Password');

/** Guest-only: a signed-in person goes to /. */
export const clientLoader = () => redirectSignedIn();

export function HydrateFallback() {
  return <AuthLoading />;
}

type Field = 'password' | 'confirmPassword';

export default function ResetPassword({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Success: the message, then /login after 3 s (docs/product.md#password-reset).
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), LIMITS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !password || !confirmPassword) return;
    setError(null);
    const parsed = resetPasswordFormSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>(`/auth/reset-password/${encodeURIComponent(params.token)}`, {
        method: 'POST',
        body: { password: parsed.data.password },
        auth: false,
      });
      setDone(message);
      toast.success(message);
    } catch (failure) {
      // The server's message, or 'Invalid or expired token' (docs/product.md#password-reset).
      const message = errorMessage(failure, AUTH_MESSAGES.invalidResetToken);
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthPage title="Password reset">
        <div className="space-y-5">
          <FormMessage tone="success">{done}</FormMessage>
          <p className="text-slate-600">Taking you to the login page in a few seconds…</p>
          <Link to="/login" replace className={buttonClass('secondary', 'md', 'w-full')}>
            Go to login now
          </Link>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Choose a new password"
      lead="Enter your new password twice. It must be at least 6 characters long."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Set a new password">
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
          disabled={busy}
          required
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onValue={setConfirmPassword}
          error={errors.confirmPassword}
          disabled={busy}
          required
        />
        {error && (
          <FormMessage tone="error">
            <p>{error}</p>
            {error === AUTH_MESSAGES.invalidResetToken && (
              <p className="mt-1">
                <Link to="/forgot-password" className="underline underline-offset-4">
                  Request a new link
                </Link>
              </p>
            )}
          </FormMessage>
        )}
        <BusyButton
          busy={busy}
          busyLabel="Resetting..."
          disabled={!password || !confirmPassword}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          Reset Password
        </BusyButton>
      </form>
    </AuthPage>
  );
}
