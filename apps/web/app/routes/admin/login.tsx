import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, type AdminLoginResponse, fieldErrors, loginSchema } from '@oasis/shared/auth';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { SignInError, type SignInFailure, toSignInFailure } from '~/components/auth/sign-in-error';
import { BusyButton } from '~/components/ui/form';
import { EmailField, PasswordField } from '~/components/ui/auth-fields';
import { removeAdminToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, api, readToken } from '~/lib/api';
import { ADMIN_TOKEN_KEY } from '~/lib/auth';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Admin Login');

/** An admin who is still signed in goes straight to the dashboard; an ended session is forgotten. */
export async function clientLoader() {
  if (!readToken(ADMIN_TOKEN_KEY)) return null;
  try {
    const { user } = await api<{ user: { role: string } }>('/auth/user', { auth: ADMIN_TOKEN_KEY });
    if (user.role === 'admin') throw redirect('/admin/dashboard');
    removeAdminToken();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiRequestError && error.status === 401) removeAdminToken();
  }
  return null;
}

export function HydrateFallback() {
  return <AuthLoading variant="admin" />;
}

type Field = 'email' | 'password';

export default function AdminLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<SignInFailure | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !email || !password) return;
    setError(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { token, message } = await api<AdminLoginResponse>('/auth/admin', {
        method: 'POST',
        body: parsed.data,
        auth: false,
      });
      window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
      toast.success(message || AUTH_MESSAGES.adminLoginSuccess);
      navigate('/admin/dashboard', { replace: true });
    } catch (failure) {
      // The server's message, or 'Login failed'; after too many tries, also the way back in.
      const signInFailure = toSignInFailure(failure, AUTH_MESSAGES.adminLoginFailed);
      setError(signInFailure);
      toast.error(signInFailure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPage variant="admin" title="Admin Login" lead="Sign in to manage courses, blogs and the site's content.">
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Admin login">
        <EmailField
          autoComplete="username"
          value={email}
          onValue={setEmail}
          error={errors.email}
          disabled={busy}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
          disabled={busy}
          required
        />
        {error && <SignInError failure={error} />}
        <BusyButton
          busy={busy}
          busyLabel="Logging in..."
          disabled={!email || !password}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          Login
        </BusyButton>
      </form>
    </AuthPage>
  );
}
