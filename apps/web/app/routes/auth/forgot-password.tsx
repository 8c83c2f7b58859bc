import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, fieldErrors, forgotPasswordSchema } from '@oasis/shared/auth';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { EmailField } from '~/components/ui/auth-fields';
import { redirectSignedIn } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, api, errorMessage } from '~/lib/api';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Forgot Password');

/** Guest-only: a signed-in person goes to /. */
export const clientLoader = () => redirectSignedIn();

export function HydrateFallback() {
  return <AuthLoading />;
}

export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !email) return;
    setResult(null);
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(fieldErrors(parsed.error).email);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>('/auth/forgot-password', {
        method: 'POST',
        body: parsed.data,
        auth: false,
      });
      setResult({ tone: 'success', message });
      toast.success(message);
    } catch (failure) {
      // The server's message, or 'Something went wrong' (docs/product.md#password-reset).
      const message = errorMessage(failure, AUTH_MESSAGES.forgotFailed);
      if (failure instanceof ApiRequestError && failure.errors.email) setFieldError(failure.errors.email);
      setResult({ tone: 'error', message });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPage
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Request a password reset link">
        <EmailField value={email} onValue={setEmail} error={fieldError} disabled={busy} required />
        {result && <FormMessage tone={result.tone}>{result.message}</FormMessage>}
        <BusyButton
          busy={busy}
          busyLabel="Sending..."
          disabled={!email}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          Send Reset Link
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-brand-green underline-offset-4 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthPage>
  );
}
