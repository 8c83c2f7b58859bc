import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes.ts';
import { TAX_MESSAGES } from './tax-messages.ts';
import { TRN_PATTERN, UAE_VAT_RATE_PERCENT } from './tax-documents.ts';

/**
 * VAT settings and the buyer's tax details at checkout (docs/product.md#tax-invoices): the requests
 * and answers, checked the same way in the browser and on the server.
 */
export const TAX_LIMITS = { nameMax: 200, addressMax: 500 } as const;

const COUNTRY_ISO = new Set(COUNTRY_CODES.map((c) => c.iso));

/** A TRN field: '' (none) or 15 digits; spaces typed between groups are dropped. */
export const trnField = z
  .string({ error: TAX_MESSAGES.trnInvalid })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value === '' || TRN_PATTERN.test(value), { error: TAX_MESSAGES.trnInvalid });

const text = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, { error: tooLong }).default('');

/** `PUT /api/admin/settings/vat`. Registered needs the TRN, the legal name and the address. */
export const vatSettingsInputSchema = z
  .object({
    registered: z.boolean(),
    trn: trnField.default(''),
    legalName: text(TAX_LIMITS.nameMax, TAX_MESSAGES.legalNameTooLong),
    legalNameAr: text(TAX_LIMITS.nameMax, TAX_MESSAGES.legalNameTooLong),
    address: text(TAX_LIMITS.addressMax, TAX_MESSAGES.addressTooLong),
    addressAr: text(TAX_LIMITS.addressMax, TAX_MESSAGES.addressTooLong),
  })
  .superRefine((input, ctx) => {
    if (!input.registered) return;
    if (input.trn === '') ctx.addIssue({ code: 'custom', path: ['trn'], message: TAX_MESSAGES.trnInvalid });
    if (input.legalName === '')
      ctx.addIssue({ code: 'custom', path: ['legalName'], message: TAX_MESSAGES.legalNameRequired });
    if (input.address === '')
      ctx.addIssue({ code: 'custom', path: ['address'], message: TAX_MESSAGES.addressRequired });
  });
export type VatSettingsInput = z.input<typeof vatSettingsInputSchema>;
export type VatSettingsValues = z.output<typeof vatSettingsInputSchema>;

/** `GET /api/admin/settings/vat`: the settings and the rate (fixed by law, shown only). */
export const vatSettingsSchema = z.object({
  registered: z.boolean(),
  trn: z.string(),
  legalName: z.string(),
  legalNameAr: z.string(),
  address: z.string(),
  addressAr: z.string(),
  ratePercent: z.number(),
});
export type VatSettings = z.infer<typeof vatSettingsSchema>;

export const NOT_REGISTERED: VatSettings = {
  registered: false,
  trn: '',
  legalName: '',
  legalNameAr: '',
  address: '',
  addressAr: '',
  ratePercent: UAE_VAT_RATE_PERCENT,
};

/**
 * The buyer's tax details on `POST /api/payment/initiate`: the country (the server requires it when
 * the seller is registered) and, for a business, its name, address and TRN (all three: a full invoice).
 */
export const buyerTaxFields = {
  buyerCountry: z
    .string({ error: TAX_MESSAGES.countryInvalid })
    .trim()
    .toUpperCase()
    .refine((value) => COUNTRY_ISO.has(value), { error: TAX_MESSAGES.countryInvalid })
    .optional(),
  buyerCompany: z
    .string({ error: TAX_MESSAGES.companyTooLong })
    .trim()
    .max(TAX_LIMITS.nameMax, { error: TAX_MESSAGES.companyTooLong })
    .optional(),
  buyerAddress: z
    .string({ error: TAX_MESSAGES.addressTooLong })
    .trim()
    .max(TAX_LIMITS.addressMax, { error: TAX_MESSAGES.addressTooLong })
    .optional(),
  buyerTrn: trnField.optional(),
};

/** Whether a buyer gave every detail a full tax invoice needs. */
export function isBusinessBuyer(buyer: { company?: string | null; address?: string | null; trn?: string | null }) {
  return Boolean(buyer.company?.trim() && buyer.address?.trim() && buyer.trn && TRN_PATTERN.test(buyer.trn));
}

/** The country of a phone number by its dialling code (the longest that matches), or null. */
export function countryOfPhone(phone: string): string | null {
  const digits = `+${phone.replace(/\D/g, '')}`;
  if (digits.length < 3) return null;
  let best: { iso: string; length: number } | null = null;
  for (const country of COUNTRY_CODES) {
    if (digits.startsWith(country.dial) && (!best || country.dial.length > best.length))
      best = { iso: country.iso, length: country.dial.length };
  }
  return best?.iso ?? null;
}

/** The country of a browser language tag's region ('ar-AE' is AE), or null when it names none. */
export function countryOfLanguage(tag: string | undefined): string | null {
  const region = tag?.split(/[-_]/)[1]?.toUpperCase();
  return region && COUNTRY_ISO.has(region) ? region : null;
}
