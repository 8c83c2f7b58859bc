import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, loginSchema, registerSchema, safeRedirectPath } from '@oasis/shared/auth';
import { switchLocale } from '@oasis/shared/i18n/locales';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { usePageErrorToast } from '~/components/auth/use-page-error-toast';
import { BusyButton, FormMessage, TextField } from '~/components/ui/form';
import { EmailField, PasswordField } from '~/components/ui/auth-fields';
import { GoogleButton } from '~/components/auth/google-button';
import { redirectSignedIn } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { useRootData } from '~/components/layout/root-data';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, errorMessage } from '~/lib/api';
import { login, register } from '~/lib/api/auth';
import { useAuth } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import type { Route } from './+types/login';
import type { FieldErrorRef } from '~/lib/field-error-text';
import { checkForm, formField, translateErrors } from '~/lib/field-error-text';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.account.login);

/** Guest-only: a signed-in person goes to /. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => redirectSignedIn(request);

export function HydrateFallback() {
  return <AuthLoading />;
}

type Mode = 'login' | 'register';
type Field = 'name' | 'email' | 'password';

export default function Login() {
  const auth = useAuth();
  const navigate = useNavigate();
  const errorToast = usePageErrorToast();
  const { t, tr, lp, locale } = useI18n();
  const [params] = useSearchParams();
  const googleSignIn = useRootData()?.publicConfig.googleSignIn ?? false;
  const redirectTo = safeRedirectPath(params.get('redirectTo'));

  const [mode, setMode] = useState<Mode>('login');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const {
    busy,
    errors,
    setErrors,
    problem: error,
    setProblem: setError,
    run,
  } = useSubmit<Partial<Record<Field, string>>>();
  const [notice, setNotice] = useState<string | null>(null);
  const [googleError, setGoogleError] = useState(params.get('error') === 'google');
  const passwordInput = useRef<HTMLInputElement>(null);

  const registering = mode === 'register';
  const empty = !email || !password || (registering && !name);

  function switchMode() {
    setMode(registering ? 'login' : 'register');
    // Toggling clears the error (docs/product.md#register-and-sign-in).
    setError(null);
    setErrors({});
    setNotice(null);
    setGoogleError(false);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || empty) return;
    setError(null);
    setNotice(null);
    setGoogleError(false);
    const account = registering ? registerSchema.safeParse({ name, email, password }) : null;
    const values = checkForm(account ?? loginSchema.safeParse({ email, password }), locale, setErrors);
    if (!values) return;
    await run(async () => {
      const toastId = toast.loading(tr(registering ? AUTH_MESSAGES.creatingAccount : AUTH_MESSAGES.loggingIn));
      try {
        if (account?.success) {
          await register(account.data);
          toast.success(tr(AUTH_MESSAGES.accountCreated), { id: toastId });
          // Back to sign-in with the e-mail filled in and a prompt to log in.
          setMode('login');
          setName('');
          setPassword('');
          setNotice(tr(AUTH_MESSAGES.accountCreated));
          passwordInput.current?.focus();
        } else {
          const { token, user } = await login(values);
          await auth.login(token, user);
          toast.success(tr(AUTH_MESSAGES.loggedIn), { id: toastId });
          // Back where the learner was going, in this page's language.
          navigate(redirectTo ? switchLocale(redirectTo, locale) : lp('/courses'), { replace: true });
        }
      } catch (failure) {
        const message = tr(errorMessage(failure, AUTH_MESSAGES.somethingWentWrong));
        if (failure instanceof ApiRequestError)
          setErrors(translateErrors(pickFields({ ...failure.errors, ...failure.fields }), locale));
        setError(message);
        errorToast(message, { id: toastId });
      }
    });
  }

  const field = formField(errors, busy);
  return (
    <AuthPage
      title={registering ? t.account.createTitle : t.account.welcomeBack}
      lead={registering ? t.account.registerLead : t.account.loginLead}
    >
      <div className="space-y-5">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        {googleError && <FormMessage tone="error">{tr(AUTH_MESSAGES.googleFailed)}</FormMessage>}
        {redirectTo && !notice && !error && !googleError && (
          <FormMessage tone="info">{t.account.loginToContinue}</FormMessage>
        )}

        <form
          noValidate
          onSubmit={onSubmit}
          className="space-y-5"
          aria-label={registering ? t.account.createAccountForm : t.account.login}
        >
          {registering && (
            <TextField label={t.account.fullName} autoComplete="name" {...field('name', name, setName)} />
          )}
          <EmailField {...field('email', email, setEmail)} />
          <PasswordField
            ref={passwordInput}
            label={t.account.password}
            autoComplete={registering ? 'new-password' : 'current-password'}
            hint={registering ? t.account.passwordHint : undefined}
            {...field('password', password, setPassword)}
          />

          {!registering && (
            <p className="-mt-2 text-end text-sm">
              <Link
                to={lp('/forgot-password')}
                className="font-semibold text-brand-green underline-offset-4 hover:underline"
              >
                {t.account.forgotPassword}
              </Link>
            </p>
          )}

          {error && <FormMessage tone="error">{error}</FormMessage>}

          <BusyButton
            busy={busy}
            busyLabel={tr(registering ? AUTH_MESSAGES.creatingAccount : AUTH_MESSAGES.loggingIn)}
            disabled={empty}
            className={buttonClass('secondary', 'md', 'w-full')}
          >
            {registering ? t.account.createAccount : t.account.login}
          </BusyButton>
        </form>

        {googleSignIn && (
          <>
            <div className="flex items-center gap-3 text-sm text-slate-500">
              <span className="h-px flex-1 bg-slate-200" />
              {t.account.or}
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            <GoogleButton redirectTo={redirectTo} disabled={busy} />
          </>
        )}

        <p className="border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
          {registering ? t.account.haveAccount : t.account.noAccount}{' '}
          <button
            type="button"
            onClick={switchMode}
            disabled={busy}
            className="font-semibold text-brand-green underline-offset-4 hover:underline disabled:opacity-60"
          >
            {registering ? t.account.logIn : t.account.createOne}
          </button>
        </p>
      </div>
    </AuthPage>
  );
}

function pickFields(errors: Record<string, FieldErrorRef>): Partial<Record<Field, FieldErrorRef>> {
  const picked: Partial<Record<Field, FieldErrorRef>> = {};
  for (const key of ['name', 'email', 'password'] as const) if (errors[key]) picked[key] = errors[key];
  return picked;
}
