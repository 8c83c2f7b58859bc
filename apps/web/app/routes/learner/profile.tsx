import { useState } from 'react';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, type User, fieldErrors, profileUpdateSchema } from '@oasis/shared/auth';
import { BusyButton, FormMessage, TextField } from '~/components/ui/form';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { PageHeader } from '~/components/layout/page-header';
import { AuthLoading } from '~/components/auth/auth-page';
import { ResendVerificationButton } from '~/components/auth/resend-verification';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, api, errorMessage } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'My Profile');

/** Learners only: no stored token goes to /login?redirectTo=/profile. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => requireLearnerToken(request);

export function HydrateFallback() {
  return <AuthLoading label={AUTH_MESSAGES.loadingUser} />;
}

export default function ProfileRoute() {
  return (
    <RequireUser loadingLabel={AUTH_MESSAGES.loadingUser}>
      <Profile />
    </RequireUser>
  );
}

const ROLE_LABELS: Record<User['role'], string> = { learner: 'Learner', admin: 'Admin' };

function Profile() {
  const { user, updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!user) return <AuthLoading label={AUTH_MESSAGES.loadingUser} />;

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
    const parsed = profileUpdateSchema.safeParse({ name, phone });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { user: saved } = await api<{ user: User }>('/auth/user', { method: 'PATCH', body: parsed.data });
      updateUser(saved);
      setEditing(false);
      toast.success(AUTH_MESSAGES.profileUpdated);
    } catch (failure) {
      const message = errorMessage(failure, AUTH_MESSAGES.profileUpdateFailed);
      if (failure instanceof ApiRequestError) setErrors({ name: failure.errors.name, phone: failure.errors.phone });
      setError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  const initial = (user.name.trim()[0] ?? 'U').toUpperCase();

  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow="Your account" title="My Profile" />
      <section aria-label="Profile details" className="bg-brand-sand/60 py-12 sm:py-16">
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
                <h2 className="truncate font-display text-2xl font-semibold text-brand-green">{user.name || 'User'}</h2>
                <p className="truncate text-slate-600">{user.email}</p>
              </div>
            </div>

            {editing ? (
              <form noValidate onSubmit={save} className="mt-8 space-y-5" aria-label="Edit profile">
                <TextField
                  label="Full Name"
                  name="name"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={errors.name}
                  disabled={saving}
                  required
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  value={user.email}
                  readOnly
                  disabled
                  hint="Your email address is your login and cannot be changed here."
                />
                <TextField
                  label="Phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  error={errors.phone}
                  hint="Optional. Include the country code, e.g. +971 50 123 4567."
                  disabled={saving}
                />
                {error && <FormMessage tone="error">{error}</FormMessage>}
                <div className="flex flex-wrap gap-3 pt-2">
                  <BusyButton busy={saving} busyLabel="Saving..." className={buttonClass('secondary')}>
                    Save
                  </BusyButton>
                  <button type="button" onClick={cancel} disabled={saving} className={buttonClass('outline')}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <>
                <dl className="mt-8 grid gap-6 sm:grid-cols-2">
                  <Detail term="Full Name" value={user.name} />
                  <div>
                    <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">Email</dt>
                    <dd className="mt-1 text-lg break-words text-slate-900">{user.email}</dd>
                    <dd className="mt-2">
                      <EmailStatus verified={user.emailVerified} />
                    </dd>
                  </div>
                  <Detail term="Phone" value={user.phone} />
                  <Detail term="User Role" value={ROLE_LABELS[user.role] ?? user.role} />
                </dl>
                <div className="mt-8">
                  <button type="button" onClick={startEditing} className={buttonClass('secondary')}>
                    Edit Profile
                  </button>
                </div>
              </>
            )}
          </div>
        </div>
      </section>
    </main>
  );
}

/** Whether the learner has confirmed the address; nothing is blocked until then. */
function EmailStatus({ verified }: { verified: boolean }) {
  if (verified) {
    return (
      <span className="inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-900">
        Verified
      </span>
    );
  }
  return (
    <div className="space-y-2">
      <span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
        {AUTH_MESSAGES.emailNotVerified}
      </span>
      <p className="text-sm text-slate-600">Open the link we e-mailed you to confirm this address.</p>
      <ResendVerificationButton />
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className={`mt-1 text-lg break-words ${value ? 'text-slate-900' : 'text-slate-500 italic'}`}>
        {value || 'Not provided'}
      </dd>
    </div>
  );
}
