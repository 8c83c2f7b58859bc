import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { checkSettingsForm } from '@oasis/shared/admin/settings';
import { ARABIC_CURRENCY_LABELS, SOCIAL_NETWORKS, type SiteSettings } from '@oasis/shared/api';
import { formatMoney } from '@oasis/shared/i18n/format-locale';
import { privateMeta } from '~/components/auth/meta';
import { BilingualField } from '~/components/admin/bilingual-field';
import { TextInput } from '~/components/admin/fields';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { draftFields, translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { loadAdmin } from '~/components/admin/request';
import { describedBy, FieldError, FieldHint } from '~/components/ui/form';
import { type I18nValue, useI18n } from '~/lib/i18n';
import type { Route } from './+types/settings';
import { getAdminSettings, getVatSettings, updateSettings } from '~/lib/api/site';
import { VatSettingsForm } from '~/components/admin/vat-settings';
import { ReminderSettingsForm } from '~/components/admin/reminder-settings';
import { getReminderSettings } from '~/lib/api/progress';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { i18n?: I18nValue } | undefined;
  return privateMeta(matches, root?.i18n?.messages.adminSettings?.title ?? '');
};

// No wording here: a failure the server does not explain is said by the screen, in its language.
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(
    async (signal) => {
      const [settings, vat, reminders] = await Promise.all([
        getAdminSettings(signal),
        getVatSettings(signal),
        getReminderSettings(signal),
      ]);
      return { settings, vat, reminders };
    },
    '',
    request,
  );

/** Brand names: the same in every language. */
const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

/** A price as the currency example shows it on Arabic pages. */
const SAMPLE_PRICE = 888;

/** /admin/dashboard/settings (docs/product.md#admin-settings): brand name and contact details shown across the site. */
export default function SettingsEditor({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { t, tr } = useI18n();
  const result = loaderData.ok
    ? loaderData
    : { ...loaderData, message: loaderData.message ? tr(loaderData.message) : t.adminSettings.loadFailed };
  return (
    <WhenReady result={result} loadingLabel={t.adminSettings.loading}>
      {({ settings, vat, reminders }) => (
        <>
          <SettingsForm settings={settings} onSaved={revalidate} />
          <div className="mt-10">
            <VatSettingsForm settings={vat} />
          </div>
          <div className="mt-10">
            <ReminderSettingsForm settings={reminders} />
          </div>
        </>
      )}
    </WhenReady>
  );
}

function SettingsForm({ settings, onSaved }: { settings: SiteSettings; onSaved(): Promise<void> }) {
  const { t, tr, locale } = useI18n();
  const texts = t.adminSettings;
  const [draft, setDraft] = useState<SiteSettings>(settings);
  // As typed: a whole number, checked with the shared rule on submit.
  const [threshold, setThreshold] = useState(String(settings.enrolmentThreshold));
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const errorOf = translatedErrors(errors, locale);

  const field = draftFields(draft, (patch) => setDraft((d) => ({ ...d, ...patch })), errorOf, saving);

  function submit(form: HTMLFormElement) {
    // The shared check answers in codes; the form shows them in the page's language.
    const typed = threshold.trim();
    const check = checkSettingsForm({
      ...draft,
      enrolmentThreshold: /^\d+$/.test(typed) ? Number(typed) : Number.NaN,
    });
    if (!accept(form, check)) return;
    void save(tr(ADMIN_MESSAGES.saveFailed), async () => {
      const saved = await updateSettings(check.value);
      toast.success(tr(ADMIN_MESSAGES.settingsSaved));
      await onSaved();
      setDraft(saved);
      setThreshold(String(saved.enrolmentThreshold));
    });
  }

  return (
    <div>
      <AdminPageHeader title={texts.title} lead={texts.lead} />
      <PageForm label={texts.title} onSubmit={submit} problem={problem} busy={saving} submitLabel={texts.submit}>
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">{texts.brandAndContact}</h3>
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput label={texts.brandName} {...field('brandName')} required />
            <TextInput label={texts.email} type="email" {...field('email')} hint={texts.emailHint} required />
            <TextInput label={texts.phone} type="tel" {...field('phone')} hint={texts.phoneHint} required />
            <TextInput label={texts.chatUrl} type="url" {...field('chatUrl')} hint={texts.chatUrlHint} />
            <TextInput
              label={t.attribution.whatsappNumber}
              type="tel"
              {...field('whatsappNumber')}
              hint={t.attribution.whatsappNumberHint}
            />
            <BilingualField
              kind="textarea"
              className="md:col-span-2"
              english={{ label: texts.address, rows: 2, ...field('address'), required: true }}
              arabic={{ label: texts.addressAr, ...field('addressAr') }}
            />
            <TextInput
              className="md:col-span-2"
              label={texts.brandSiteUrl}
              type="url"
              {...field('brandSiteUrl')}
              hint={texts.brandSiteUrlHint}
            />
          </div>
        </Panel>
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">{texts.socialChannels}</h3>
          <div className="grid gap-6 md:grid-cols-2">
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={SOCIAL_LABELS[network]}
                type="url"
                value={draft.social[network]}
                onChange={(e) => setDraft((d) => ({ ...d, social: { ...d.social, [network]: e.target.value } }))}
                error={errorOf(`social.${network}`)}
                placeholder="https://…"
                disabled={saving}
              />
            ))}
          </div>
        </Panel>
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">{texts.coursePages}</h3>
          <TextInput
            className="max-w-xs"
            label={texts.enrolmentThreshold}
            name="enrolmentThreshold"
            inputMode="numeric"
            value={threshold}
            onValue={setThreshold}
            hint={texts.enrolmentThresholdHint}
            error={errorOf('enrolmentThreshold')}
            disabled={saving}
          />
        </Panel>
        <Panel>
          <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">{texts.arabicPages}</h3>
          <CurrencyChoice
            value={draft.arabicCurrency}
            onChange={(arabicCurrency) => setDraft((d) => ({ ...d, arabicCurrency }))}
            error={errorOf('arabicCurrency')}
            disabled={saving}
          />
        </Panel>
      </PageForm>
    </div>
  );
}

/** How Arabic pages write the dirham: a radio group, each choice with the price it makes. */
function CurrencyChoice({
  value,
  onChange,
  error,
  disabled,
}: {
  value: SiteSettings['arabicCurrency'];
  onChange(value: SiteSettings['arabicCurrency']): void;
  error?: string;
  disabled?: boolean;
}) {
  const { t, fmt } = useI18n();
  const texts = t.adminSettings;
  const id = useId();
  const labels: Record<SiteSettings['arabicCurrency'], string> = {
    AED: texts.currencyCode,
    'د.إ': texts.currencySign,
  };
  return (
    <fieldset aria-describedby={describedBy(id, { hint: texts.currencyHint, error })}>
      <legend className="mb-3 text-sm font-semibold text-slate-800">{texts.currencyLegend}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        {ARABIC_CURRENCY_LABELS.map((label) => (
          <label key={label} className="flex items-start gap-2 text-slate-800">
            <input
              type="radio"
              name="arabicCurrency"
              value={label}
              checked={value === label}
              onChange={() => onChange(label)}
              disabled={disabled}
              className="mt-1 h-4 w-4 accent-brand-green"
            />
            <span>
              <span className="block font-medium">{labels[label]}</span>
              <span className="block text-sm text-slate-600">
                {/* The price as an Arabic page shows it, right to left inside any sentence (an isolate). */}
                {fmt(texts.currencyExample, { price: `\u2067${formatMoney(SAMPLE_PRICE, 'ar', label)}\u2069` })}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldHint id={id}>{texts.currencyHint}</FieldHint>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
