import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES, type FieldErrors, siteSettingsInputSchema } from '@oasis/shared/admin';
import { SOCIAL_NETWORKS, type SiteSettings } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/ui/field';
import { Spinner } from '~/components/auth/auth-page';
import { TextArea, TextInput } from '~/components/admin/fields';
import { AdminPageHeader, ErrorState, LoadingState, Panel } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Site settings');

const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

/** /admin/dashboard/settings (DECISIONS.md): brand name and contact details shown across the site. */
export default function SettingsEditor() {
  const { state, retry, setData } = useAdminData<SiteSettings>('/settings', 'Failed to load the settings');
  if (state.status === 'loading') return <LoadingState label="Loading the settings..." />;
  if (state.status === 'error')
    return <ErrorState message={state.message} signedOut={state.signedOut} onRetry={retry} />;
  return <SettingsForm settings={state.data} onSaved={(s) => setData(() => s)} />;
}

function SettingsForm({ settings, onSaved }: { settings: SiteSettings; onSaved(settings: SiteSettings): void }) {
  const [draft, setDraft] = useState<SiteSettings>(settings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set =
    (key: Exclude<keyof SiteSettings, 'social'>) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((d) => ({ ...d, [key]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = siteSettingsInputSchema.safeParse(draft);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        next[key] ??= issue.message;
      }
      setErrors(next);
      const message = Object.values(next)[0] ?? ADMIN_MESSAGES.brandNameRequired;
      setProblem(message);
      toast.error(message);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await adminApi<SiteSettings>('/settings', { method: 'PUT', body: parsed.data });
      toast.success(ADMIN_MESSAGES.settingsSaved);
      onSaved(saved);
      setDraft(saved);
    } catch (error) {
      const failure = describeFailure(error, ADMIN_MESSAGES.saveFailed);
      setErrors(failure.fields);
      setProblem(failure.message);
      toast.error(failureToast(error, ADMIN_MESSAGES.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      <AdminPageHeader
        title="Site settings"
        lead="The brand name and contact details shown in the navigation, the footer and e-mails."
      />
      <form ref={form} noValidate onSubmit={submit} aria-label="Site settings" className="space-y-6">
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">Brand and contact</h3>
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput
              label="Brand name"
              value={draft.brandName}
              onChange={set('brandName')}
              error={errors.brandName}
              disabled={saving}
              required
            />
            <TextInput
              label="E-mail"
              type="email"
              value={draft.email}
              onChange={set('email')}
              error={errors.email}
              hint="Shown in the footer; new leads are sent here."
              disabled={saving}
              required
            />
            <TextInput
              label="Phone"
              type="tel"
              value={draft.phone}
              onChange={set('phone')}
              error={errors.phone}
              hint="With the country code, such as +971 50 123 4567."
              disabled={saving}
              required
            />
            <TextInput
              label="Chat link"
              type="url"
              value={draft.chatUrl}
              onChange={set('chatUrl')}
              error={errors.chatUrl}
              hint="Optional, such as a WhatsApp link."
              disabled={saving}
            />
            <TextArea
              className="md:col-span-2"
              label="Address"
              rows={2}
              value={draft.address}
              onChange={set('address')}
              error={errors.address}
              disabled={saving}
              required
            />
            <TextInput
              className="md:col-span-2"
              label="Brand website"
              type="url"
              value={draft.brandSiteUrl}
              onChange={set('brandSiteUrl')}
              error={errors.brandSiteUrl}
              hint="Optional. Linked from the footer of the consultation pages."
              disabled={saving}
            />
          </div>
        </Panel>
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">Social channels</h3>
          <div className="grid gap-6 md:grid-cols-2">
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={SOCIAL_LABELS[network]}
                type="url"
                value={draft.social[network]}
                onChange={(e) => setDraft((d) => ({ ...d, social: { ...d.social, [network]: e.target.value } }))}
                error={errors[`social.${network}`]}
                placeholder="https://…"
                disabled={saving}
              />
            ))}
          </div>
        </Panel>
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        <div className="flex justify-end">
          <button type="submit" className={buttonClass('secondary', 'md', 'w-full sm:w-auto')} disabled={saving}>
            {saving && <Spinner className="h-4 w-4" />}
            {saving ? 'Saving...' : 'Save settings'}
          </button>
        </div>
      </form>
    </div>
  );
}
