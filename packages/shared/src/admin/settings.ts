import { z } from 'zod';
import { requiredText, wholeNumberIn } from '../text-fields.ts';
import { ARABIC_CURRENCY_LABELS, type SOCIAL_NETWORKS } from '../api.ts';
import { COURSE_PAGE_LIMITS } from '../limits.ts';
import { DEFAULT_ENROLMENT_THRESHOLD } from '../selling.ts';
import { whatsappNumberField } from '../whatsapp.ts';
import { arabicTextField, checkBySchema } from './common.ts';

/** Site settings: brand and contact details, and how Arabic pages write the dirham (docs/product.md#admin-settings). */

const optionalHttpsUrl = z
  .string({ error: 'admin.settingsUrlInvalid' })
  .trim()
  .max(500, { error: 'admin.settingsUrlInvalid' })
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: 'admin.settingsUrlInvalid',
  });

/** `PUT /settings`: brand and contact details shown across the site, and the Arabic pages' dirham. */
export const siteSettingsInputSchema = z.object(
  {
    brandName: requiredText(120, 'admin.brandNameRequired', 'admin.textTooLong'),
    email: z
      .string({ error: 'admin.settingsEmailInvalid' })
      .trim()
      .max(254, { error: 'admin.settingsEmailInvalid' })
      .pipe(z.email({ error: 'admin.settingsEmailInvalid' })),
    phone: z
      .string({ error: 'admin.settingsPhoneInvalid' })
      .trim()
      .regex(/^\+\d[\d ()-]{5,24}$/, { error: 'admin.settingsPhoneInvalid' }),
    address: requiredText(500, 'admin.addressRequired', 'admin.textTooLong'),
    /** The address on Arabic pages; never required, left out keeps the stored one, '' clears it. */
    addressAr: arabicTextField(500, 'admin.textTooLong'),
    chatUrl: optionalHttpsUrl,
    brandSiteUrl: optionalHttpsUrl,
    social: z.object(
      {
        linkedin: optionalHttpsUrl,
        youtube: optionalHttpsUrl,
        instagram: optionalHttpsUrl,
        tiktok: optionalHttpsUrl,
        facebook: optionalHttpsUrl,
      } satisfies Record<(typeof SOCIAL_NETWORKS)[number], typeof optionalHttpsUrl>,
      { error: 'admin.settingsUrlInvalid' },
    ),
    // A PUT replaces the settings: one that leaves this out sets the default ('AED').
    arabicCurrency: z.enum(ARABIC_CURRENCY_LABELS, { error: 'admin.arabicCurrencyInvalid' }).default('AED'),
    /** Course pages show their learner count from this many on; 0 shows it always. Left out: the default. */
    enrolmentThreshold: wholeNumberIn(
      0,
      COURSE_PAGE_LIMITS.enrolmentThresholdMax,
      'courseRules.thresholdInvalid',
    ).default(DEFAULT_ENROLMENT_THRESHOLD),
    /** The WhatsApp button's number (docs/product.md#whatsapp); left out or '': no button. */
    whatsappNumber: whatsappNumberField.default(''),
  },
  { error: 'admin.brandNameRequired' },
);
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
/** The settings as checked: what the server saves. */
export type SiteSettingsValues = z.output<typeof siteSettingsInputSchema>;

/** The settings form, checked in the browser by the schema the server applies: a message per field. */
export function checkSettingsForm(draft: SiteSettingsInput) {
  return checkBySchema(siteSettingsInputSchema, draft);
}
