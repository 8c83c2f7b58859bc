import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { checkBySchema } from '@oasis/shared/admin/common';
import { type VatSettings, vatSettingsInputSchema } from '@oasis/shared/vat';
import { BilingualField } from '~/components/admin/bilingual-field';
import { TextInput } from '~/components/admin/fields';
import { draftFields, translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { Panel } from '~/components/admin/page';
import { PageForm } from '~/components/admin/page-form';
import { updateVatSettings } from '~/lib/api/site';
import { useI18n } from '~/lib/i18n';

/**
 * The seller's VAT registration (docs/product.md#tax-invoices): not registered (no VAT anywhere, a
 * plain receipt) or registered with TRN, legal name and address, each name and address with its
 * Arabic twin for Arabic invoices. The rate is the UAE's 5 %, shown only. Checked here with the
 * schema the server applies.
 */
export function VatSettingsForm({ settings }: { settings: VatSettings }) {
  const { t, locale } = useI18n();
  const texts = t.invoices;
  const [draft, setDraft] = useState<VatSettings>(settings);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const statusId = useId();
  const field = draftFields(
    draft,
    (patch) => setDraft((d) => ({ ...d, ...patch })),
    translatedErrors(errors, locale),
    saving,
  );

  function submit(form: HTMLFormElement) {
    // The shared check answers in codes; the form shows them in the page's language.
    const check = checkBySchema(vatSettingsInputSchema, draft);
    if (!accept(form, check)) return;
    void save(texts.vatLoadFailed, async () => {
      setDraft(await updateVatSettings(check.value));
      toast.success(texts.vatSaved);
    });
  }

  return (
    <PageForm
      label={texts.vatTitle}
      onSubmit={submit}
      problem={problem}
      busy={saving}
      submitLabel={texts.saveVat}
      busyLabel={texts.savingVat}
    >
      <Panel>
        <h3 className="mb-2 font-display text-lg font-semibold text-brand-green">{texts.vatTitle}</h3>
        <p className="mb-5 text-slate-700">{texts.vatLead}</p>
        <fieldset aria-labelledby={statusId} className="mb-6">
          <legend id={statusId} className="mb-3 text-sm font-semibold text-slate-800">
            {texts.vatStatus}
          </legend>
          <div className="flex flex-col gap-3">
            {([false, true] as const).map((registered) => (
              <label key={String(registered)} className="flex items-start gap-2 text-slate-800">
                <input
                  type="radio"
                  name="vatRegistered"
                  checked={draft.registered === registered}
                  onChange={() => setDraft((d) => ({ ...d, registered }))}
                  disabled={saving}
                  className="mt-1 h-4 w-4 accent-brand-green"
                />
                <span>{registered ? texts.registered : texts.notRegistered}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {draft.registered && (
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput
              label={texts.trn}
              {...field('trn')}
              hint={texts.trnHint}
              inputMode="numeric"
              dir="ltr"
              required
            />
            <div>
              <p className="text-sm font-semibold text-slate-800">{texts.rate}</p>
              <p className="mt-2 text-slate-700">{texts.rateValue}</p>
            </div>
            <BilingualField
              className="md:col-span-2"
              english={{ label: texts.legalName, ...field('legalName'), required: true }}
              arabic={{ label: texts.legalNameAr, ...field('legalNameAr') }}
            />
            <BilingualField
              kind="textarea"
              className="md:col-span-2"
              english={{ label: texts.vatAddress, rows: 2, ...field('address'), required: true }}
              arabic={{ label: texts.vatAddressAr, ...field('addressAr') }}
            />
          </div>
        )}
        <p role="note" className="mt-6 rounded-xl border border-amber-600 bg-amber-50 px-4 py-3 text-amber-950">
          {texts.adviser}
        </p>
      </Panel>
    </PageForm>
  );
}
