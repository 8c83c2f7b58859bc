import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { checkSettingsForm } from '@oasis/shared/admin/settings';
import { SOCIAL_NETWORKS, type SiteSettings } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { TextArea, TextInput } from '~/components/admin/fields';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { draftFields, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { adminApi, loadAdmin } from '~/components/admin/request';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Site settings');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<SiteSettings>('/settings', 'Failed to load the settings', request);

const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

/** /admin/dashboard/settings (docs/product.md#admin-settings): brand name and contact details shown across the site. */
export default function SettingsEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <WhenReady result={loaderData} loadingLabel="Loading the settings...">
      {(settings) => <SettingsForm settings={settings} onSaved={revalidate} />}
    </WhenReady>
  );
}

function SettingsForm({ settings, onSaved }: { settings: SiteSettings; onSaved(): Promise<void> }) {
  const [draft, setDraft] = useState<SiteSettings>(settings);
  const { errors, problem, saving, accept, save } = useFormFeedback();

  const field = draftFields(
    draft,
    (patch) => setDraft((d) => ({ ...d, ...patch })),
    (key) => errors[key],
    saving,
  );

  function submit(form: HTMLFormElement) {
    const check = checkSettingsForm(draft);
    if (!accept(form, check)) return;
    void save(ADMIN_MESSAGES.saveFailed, async () => {
      const saved = await adminApi<SiteSettings>('/settings', { method: 'PUT', body: check.value });
      toast.success(ADMIN_MESSAGES.settingsSaved);
      await onSaved();
      setDraft(saved);
    });
  }

  return (
    <div>
      <AdminPageHeader
        title="Site settings"
        lead="The brand name and contact details shown in the navigation, the footer and e-mails."
      />
      <PageForm label="Site settings" onSubmit={submit} problem={problem} busy={saving} submitLabel="Save settings">
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">Brand and contact</h3>
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput label="Brand name" {...field('brandName')} required />
            <TextInput
              label="E-mail"
              type="email"
              {...field('email')}
              hint="Shown in the footer; new leads are sent here."
              required
            />
            <TextInput
              label="Phone"
              type="tel"
              {...field('phone')}
              hint="With the country code, such as +971 50 123 4567."
              required
            />
            <TextInput label="Chat link" type="url" {...field('chatUrl')} hint="Optional, such as a WhatsApp link." />
            <TextArea className="md:col-span-2" label="Address" rows={2} {...field('address')} required />
            <TextInput
              className="md:col-span-2"
              label="Brand website"
              type="url"
              {...field('brandSiteUrl')}
              hint="Optional. Linked from the footer of the consultation pages."
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
      </PageForm>
    </div>
  );
}
