import { z } from 'zod';
import { ARABIC_CURRENCY_LABELS, type SOCIAL_NETWORKS } from '../api.ts';
import { COURSE_PAGE_LIMITS } from '../limits.ts';
import { DEFAULT_ENROLMENT_THRESHOLD } from '../selling.ts';
import { ADMIN_MESSAGES, arabicTextField, checkBySchema } from './common.ts';
import { COURSE_RULE_MESSAGES } from './courses.ts';

/** Site settings: brand and contact details, and how Arabic pages write the dirham (docs/product.md#admin-settings). */

const optionalHttpsUrl = z
  .string({ error: ADMIN_MESSAGES.settingsUrlInvalid })
  .trim()
  .max(500, { error: ADMIN_MESSAGES.settingsUrlInvalid })
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: ADMIN_MESSAGES.settingsUrlInvalid,
  });

/** `PUT /settings`: brand and contact details shown across the site, and the Arabic pages' dirham. */
export const siteSettingsInputSchema = z.object(
  {
    brandName: z
      .string({ error: ADMIN_MESSAGES.brandNameRequired })
      .trim()
      .min(1, { error: ADMIN_MESSAGES.brandNameRequired })
      .max(120, { error: ADMIN_MESSAGES.textTooLong }),
    email: z
      .string({ error: ADMIN_MESSAGES.settingsEmailInvalid })
      .trim()
      .max(254, { error: ADMIN_MESSAGES.settingsEmailInvalid })
      .pipe(z.email({ error: ADMIN_MESSAGES.settingsEmailInvalid })),
    phone: z
      .string({ error: ADMIN_MESSAGES.settingsPhoneInvalid })
      .trim()
      .regex(/^\+\d[\d ()-]{5,24}$/, { error: ADMIN_MESSAGES.settingsPhoneInvalid }),
    address: z
      .string({ error: ADMIN_MESSAGES.addressRequired })
      .trim()
      .min(1, { error: ADMIN_MESSAGES.addressRequired })
      .max(500, { error: ADMIN_MESSAGES.textTooLong }),
    /** The address on Arabic pages; never required, left out keeps the stored one, '' clears it. */
    addressAr: arabicTextField(500, ADMIN_MESSAGES.textTooLong),
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
      { error: ADMIN_MESSAGES.settingsUrlInvalid },
    ),
    // A PUT replaces the settings: one that leaves this out sets the default ('AED').
    arabicCurrency: z.enum(ARABIC_CURRENCY_LABELS, { error: ADMIN_MESSAGES.arabicCurrencyInvalid }).default('AED'),
    /** Course pages show their learner count from this many on; 0 shows it always. Left out: the default. */
    enrolmentThreshold: z
      .number({ error: COURSE_RULE_MESSAGES.thresholdInvalid })
      .int({ error: COURSE_RULE_MESSAGES.thresholdInvalid })
      .min(0, { error: COURSE_RULE_MESSAGES.thresholdInvalid })
      .max(COURSE_PAGE_LIMITS.enrolmentThresholdMax, { error: COURSE_RULE_MESSAGES.thresholdInvalid })
      .default(DEFAULT_ENROLMENT_THRESHOLD),
  },
  { error: ADMIN_MESSAGES.brandNameRequired },
);
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
/** The settings as checked: what the server saves. */
export type SiteSettingsValues = z.output<typeof siteSettingsInputSchema>;

/** The settings form, checked in the browser by the schema the server applies: a message per field. */
export function checkSettingsForm(draft: SiteSettingsInput) {
  return checkBySchema(siteSettingsInputSchema, draft);
}
