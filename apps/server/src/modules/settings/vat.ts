import { NOT_REGISTERED, type VatSettings, type VatSettingsValues } from '@oasis/shared/vat';
import { UAE_VAT_RATE_PERCENT } from '@oasis/shared/tax-documents';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';
import { DEFAULT_SETTINGS } from './defaults.ts';

/**
 * The seller's VAT registration (docs/product.md#tax-invoices), kept with the site's settings but
 * never in the public settings answer: only the admin screen and the invoices read it. `db` may
 * be a transaction (an invoice takes its seller snapshot inside the one that marks the order paid).
 */
export async function getVatSettings(db: Db): Promise<VatSettings> {
  const [row] = await db
    .select({
      registered: siteSettings.vatRegistered,
      trn: siteSettings.vatTrn,
      legalName: siteSettings.vatLegalName,
      legalNameAr: siteSettings.vatLegalNameAr,
      address: siteSettings.vatAddress,
      addressAr: siteSettings.vatAddressAr,
    })
    .from(siteSettings)
    .limit(1);
  return row ? { ...row, ratePercent: UAE_VAT_RATE_PERCENT } : NOT_REGISTERED;
}

/** `PUT /api/admin/settings/vat`: checked by vatSettingsInputSchema (registered needs TRN, name, address). */
export async function saveVatSettings(db: Db, input: VatSettingsValues): Promise<VatSettings> {
  const values = {
    vatRegistered: input.registered,
    vatTrn: input.trn,
    vatLegalName: input.legalName,
    vatLegalNameAr: input.legalNameAr,
    vatAddress: input.address,
    vatAddressAr: input.addressAr,
  };
  const { social, ...defaults } = DEFAULT_SETTINGS;
  await db
    .insert(siteSettings)
    .values({ id: 'main', ...defaults, social, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: new Date() } });
  return getVatSettings(db);
}
