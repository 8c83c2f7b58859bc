import type { SiteSettingsValues } from '@oasis/shared/admin/settings';
import type { SiteSettings } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { DEFAULT_SETTINGS } from './defaults.ts';

export async function getSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  return {
    brandName: row.brandName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    addressAr: row.addressAr,
    chatUrl: row.chatUrl,
    brandSiteUrl: row.brandSiteUrl,
    social: { ...DEFAULT_SETTINGS.social, ...row.social },
    arabicCurrency: row.arabicCurrency,
    enrolmentThreshold: row.enrolmentThreshold,
    whatsappNumber: row.whatsappNumber,
  };
}

/**
 * `PUT /settings`: the owner's brand and contact details, and how Arabic pages write the dirham
 * (checked by siteSettingsInputSchema). The Arabic address left out keeps its value; '' clears it.
 */
export async function saveSettings(
  deps: Pick<Deps, 'db' | 'pageCache'>,
  input: SiteSettingsValues,
): Promise<SiteSettings> {
  const values = {
    brandName: input.brandName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    chatUrl: input.chatUrl,
    brandSiteUrl: input.brandSiteUrl,
    social: input.social,
    arabicCurrency: input.arabicCurrency,
    enrolmentThreshold: input.enrolmentThreshold,
    whatsappNumber: input.whatsappNumber,
    ...(input.addressAr !== undefined && { addressAr: input.addressAr }),
  };
  await deps.db
    .insert(siteSettings)
    .values({ id: 'main', ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: new Date() } });
  return getSettings(deps.db);
}
