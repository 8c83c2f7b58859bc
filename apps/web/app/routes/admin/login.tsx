import { useState } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, loginSchema } from '@oasis/shared/auth';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { usePageErrorToast } from '~/components/auth/use-page-error-toast';
import { SignInError, type SignInFailure, toSignInFailure } from '~/components/auth/sign-in-error';
import { BusyButton } from '~/components/ui/form';
import { EmailField, PasswordField } from '~/components/ui/auth-fields';
import { removeAdminToken } from '~/components/auth/guards';
import { ADMIN_HOME, safeAdminNext } from '~/components/auth/admin-next';
import { inPageLanguage } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, readToken } from '~/lib/api';
import { adminLogin, getUser } from '~/lib/api/auth';
import { ADMIN_TOKEN_KEY } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/login';
import { checkForm, formField } from '~/lib/field-error-text';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminShell.loginTitle);

/**
 * An admin who is still signed in goes straight to the screen asked for (`?next=`, admin screens
 * only) or the dashboard, in the page's language; an ended session is forgotten.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!readToken(ADMIN_TOKEN_KEY)) return null;
  try {
    const { user } = await getUser({ auth: ADMIN_TOKEN_KEY });
    const next = safeAdminNext(new URL(request.url).searchParams.get('next'));
    if (user.role === 'admin') throw redirect(next ?? ADMIN_HOME);
    removeAdminToken();
  } catch (error) {
    if (error instanceof Response) throw inPageLanguage(error, request);
    if (error instanceof ApiRequestError && error.status === 401) removeAdminToken();
  }
  return null;
}

export function HydrateFallback() {
  const { t } = useI18n();
  return <AuthLoading variant="admin" label={t.adminShell.loading} />;
}

type Field = 'email' | 'password';

export default function AdminLogin() {
  const navigate = useNavigate();
  const errorToast = usePageErrorToast();
  const { t, tr, lp, locale } = useI18n();
  // Where the admin was going before being asked to sign in (this site's admin screens only).
  const next = safeAdminNext(useSearchParams()[0].get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<SignInFailure | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !email || !password) return;
    setError(null);
    const values = checkForm(loginSchema.safeParse({ email, password }), locale, setErrors);
    if (!values) return;
    setBusy(true);
    try {
      const { token, message } = await adminLogin(values);
      window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
      toast.success(tr(message || AUTH_MESSAGES.adminLoginSuccess));
      navigate(next ?? lp(ADMIN_HOME), { replace: true });
    } catch (failure) {
      // The server's message, or 'Login failed'; after too many tries, also the way back in.
      const signInFailure = toSignInFailure(failure, AUTH_MESSAGES.adminLoginFailed);
      const message = tr(signInFailure.message);
      setError({ ...signInFailure, message });
      errorToast(message);
    } finally {
      setBusy(false);
    }
  }

  const field = formField(errors, busy);
  return (
    <AuthPage variant="admin" title={t.adminShell.loginTitle} lead={t.adminShell.loginLead}>
      {next && (
        <p className="mb-5 rounded-lg bg-brand-mist px-4 py-3 text-sm text-brand-green-dark">
          {t.adminShell.loginToContinue}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t.adminShell.loginForm}>
        <EmailField autoComplete="username" {...field('email', email, setEmail)} />
        <PasswordField
          label={t.adminShell.password}
          autoComplete="current-password"
          {...field('password', password, setPassword)}
        />
        {error && <SignInError failure={error} />}
        <BusyButton
          busy={busy}
          busyLabel={t.adminShell.loggingIn}
          disabled={!email || !password}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          {t.adminShell.login}
        </BusyButton>
      </form>
    </AuthPage>
  );
}
