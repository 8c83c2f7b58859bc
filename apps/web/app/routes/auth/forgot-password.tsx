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
import { ApiRequestError, errorMessage } from '~/lib/api';
import { forgotPassword } from '~/lib/api/auth';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/forgot-password';
import { fieldErrorText } from '~/lib/field-error-text';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.account.forgotMeta);

/** Guest-only: a signed-in person goes to /. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => redirectSignedIn(request);

export function HydrateFallback() {
  return <AuthLoading />;
}

export default function ForgotPassword() {
  const { t, tr, lp, locale } = useI18n();
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
      const { email: invalid } = fieldErrors(parsed.error);
      setFieldError(invalid && fieldErrorText(invalid, locale));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const { message } = await forgotPassword(parsed.data);
      setResult({ tone: 'success', message: tr(message) });
      toast.success(tr(message));
    } catch (failure) {
      // The server's message, or 'Something went wrong' (docs/product.md#password-reset).
      const message = tr(errorMessage(failure, AUTH_MESSAGES.forgotFailed));
      if (failure instanceof ApiRequestError && failure.errors.email) setFieldError(tr(failure.errors.email));
      setResult({ tone: 'error', message });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPage title={t.account.forgotTitle} lead={t.account.forgotLead}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t.account.forgotForm}>
        <EmailField value={email} onValue={setEmail} error={fieldError} disabled={busy} required />
        {result && <FormMessage tone={result.tone}>{result.message}</FormMessage>}
        <BusyButton
          busy={busy}
          busyLabel={t.account.sending}
          disabled={!email}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          {t.account.sendResetLink}
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t.account.remembered}{' '}
        <Link to={lp('/login')} className="font-semibold text-brand-green underline-offset-4 hover:underline">
          {t.account.backToLogin}
        </Link>
      </p>
    </AuthPage>
  );
}
