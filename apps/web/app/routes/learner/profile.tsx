import { useState } from 'react';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, type User, profileUpdateSchema } from '@oasis/shared/auth';
import { BusyButton, FormMessage, TextField } from '~/components/ui/form';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { LearnerPageSkeleton } from '~/components/learner/learner-page';
import { privateMeta } from '~/components/auth/meta';
import { PageHeader } from '~/components/layout/page-header';
import { ResendVerificationButton } from '~/components/auth/resend-verification';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, errorMessage } from '~/lib/api';
import { updateProfile } from '~/lib/api/auth';
import { listMyCertificates } from '~/lib/api/certificates';
import { MyCertificates } from '~/components/learner/my-certificates';
import type { MyCertificate } from '@oasis/shared/certificates';
import { useAuth } from '~/lib/auth';
import { fmtNodes } from '~/lib/fmt-nodes';
import { type I18n, useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import type { Route } from './+types/profile';
import { checkForm, translateErrors } from '~/lib/field-error-text';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.account.myProfile);

/**
 * Learners only: no stored token goes to /login?redirectTo=/profile. Their certificates come with
 * the page (null when they could not be read: the rest of the profile still shows).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireLearnerToken(request);
  const certificates = await listMyCertificates(request.signal)
    .then((answer) => answer.certificates)
    .catch(() => null);
  return { certificates };
}

export function HydrateFallback() {
  const { tr } = useI18n();
  return <LearnerPageSkeleton label={tr(AUTH_MESSAGES.loadingUser)} />;
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  const { tr } = useI18n();
  return (
    <RequireUser loadingLabel={tr(AUTH_MESSAGES.loadingUser)}>
      <Profile certificates={loaderData.certificates} />
    </RequireUser>
  );
}

/** The example of the phone field's hint, written as it is in every language. */
const PHONE_EXAMPLE = '+971 50 123 4567';

const roleLabel = (role: User['role'], t: I18n['t']): string =>
  ({ learner: t.account.roleLearner, admin: t.account.roleAdmin })[role] ?? role;

function Profile({ certificates }: { certificates: MyCertificate[] | null }) {
  const { user, updateUser } = useAuth();
  const { t, tr, locale } = useI18n();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const {
    busy: saving,
    errors,
    setErrors,
    problem: error,
    setProblem: setError,
    run,
  } = useSubmit<{ name?: string; phone?: string }>();

  if (!user) return <LearnerPageSkeleton label={tr(AUTH_MESSAGES.loadingUser)} />;

  function startEditing() {
    if (!user) return;
    setName(user.name);
    setPhone(user.phone);
    setErrors({});
    setError(null);
    setEditing(true);
  }

  function cancel() {
    if (!user) return;
    // Cancel puts the fields back as they were and leaves edit mode (docs/product.md#profile).
    setName(user.name);
    setPhone(user.phone);
    setErrors({});
    setError(null);
    setEditing(false);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setError(null);
    const values = checkForm(profileUpdateSchema.safeParse({ name, phone }), locale, setErrors);
    if (!values) return;
    await run(async () => {
      try {
        const { user: saved } = await updateProfile(values);
        updateUser(saved);
        setEditing(false);
        toast.success(tr(AUTH_MESSAGES.profileUpdated));
      } catch (failure) {
        const message = tr(errorMessage(failure, AUTH_MESSAGES.profileUpdateFailed));
        if (failure instanceof ApiRequestError)
          setErrors(
            translateErrors(
              { name: failure.fields.name ?? failure.errors.name, phone: failure.fields.phone ?? failure.errors.phone },
              locale,
            ),
          );
        setError(message);
        toast.error(message);
      }
    });
  }

  const initial = (user.name.trim()[0] ?? 'U').toUpperCase();

  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.account.yourAccount} title={t.account.myProfile} />
      <section aria-label={t.account.profileDetails} className="bg-brand-sand/60 py-12 sm:py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
            <div className="flex items-center gap-4 border-b border-slate-100 pb-6">
              <span
                aria-hidden="true"
                className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-yellow font-display text-3xl font-semibold text-brand-green-dark"
              >
                {initial}
              </span>
              <div className="min-w-0">
                <h2 className="truncate font-display text-2xl font-semibold text-brand-green">
                  {user.name || t.nav.user}
                </h2>
                <p className="truncate text-slate-600">
                  <span dir="ltr">{user.email}</span>
                </p>
              </div>
            </div>

            {editing ? (
              <form noValidate onSubmit={save} className="mt-8 space-y-5" aria-label={t.account.editProfileForm}>
                <TextField
                  label={t.account.fullName}
                  name="name"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={errors.name}
                  disabled={saving}
                  required
                />
                <TextField
                  label={t.account.email}
                  name="email"
                  type="email"
                  dir="ltr"
                  value={user.email}
                  readOnly
                  disabled
                  hint={t.account.emailHint}
                />
                <TextField
                  label={t.account.phone}
                  name="phone"
                  type="tel"
                  dir="ltr"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  error={errors.phone}
                  hint={fmtNodes(t.account.phoneHint, { example: <span dir="ltr">{PHONE_EXAMPLE}</span> })}
                  disabled={saving}
                />
                {error && <FormMessage tone="error">{error}</FormMessage>}
                <div className="flex flex-wrap gap-3 pt-2">
                  <BusyButton busy={saving} busyLabel={t.account.saving} className={buttonClass('secondary')}>
                    {t.common.save}
                  </BusyButton>
                  <button type="button" onClick={cancel} disabled={saving} className={buttonClass('outline')}>
                    {t.common.cancel}
                  </button>
                </div>
              </form>
            ) : (
              <>
                <dl className="mt-8 grid gap-6 sm:grid-cols-2">
                  <Detail term={t.account.fullName} value={user.name} />
                  <div>
                    <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t.account.email}</dt>
                    <dd className="mt-1 text-lg break-words text-slate-900">
                      <span dir="ltr">{user.email}</span>
                    </dd>
                    <dd className="mt-2">
                      <EmailStatus verified={user.emailVerified} />
                    </dd>
                  </div>
                  <Detail term={t.account.phone} value={user.phone} ltr />
                  <Detail term={t.account.userRole} value={roleLabel(user.role, t)} />
                </dl>
                <div className="mt-8">
                  <button type="button" onClick={startEditing} className={buttonClass('secondary')}>
                    {t.account.editProfile}
                  </button>
                </div>
              </>
            )}
          </div>
        </div>
      </section>
      <MyCertificates certificates={certificates} />
    </main>
  );
}

/** Whether the learner has confirmed the address; nothing is blocked until then. */
function EmailStatus({ verified }: { verified: boolean }) {
  const { t, tr } = useI18n();
  if (verified) {
    return (
      <span className="inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-900">
        {t.account.verified}
      </span>
    );
  }
  return (
    <div className="space-y-2">
      <span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
        {tr(AUTH_MESSAGES.emailNotVerified)}
      </span>
      <p className="text-sm text-slate-600">{t.account.verifyPrompt}</p>
      <ResendVerificationButton />
    </div>
  );
}

/** One detail of the profile; `ltr` for a value written left to right in every language (a phone number). */
function Detail({ term, value, ltr = false }: { term: string; value: string; ltr?: boolean }) {
  const { t } = useI18n();
  return (
    <div>
      <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className={`mt-1 text-lg break-words ${value ? 'text-slate-900' : 'text-slate-500 italic'}`}>
        {!value ? t.account.notProvided : ltr ? <span dir="ltr">{value}</span> : value}
      </dd>
    </div>
  );
}
