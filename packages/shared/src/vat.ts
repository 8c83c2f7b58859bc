import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes.ts';
import type { BareErrorCode } from './error-codes.ts';
import { TRN_PATTERN, UAE_VAT_RATE_PERCENT } from './tax-documents.ts';

/**
 * VAT settings and the buyer's tax details at checkout (docs/product.md#tax-invoices): the requests
 * and answers, checked the same way in the browser and on the server.
 */
export const TAX_LIMITS = { nameMax: 200, addressMax: 500 } as const;

const COUNTRY_ISO = new Set(COUNTRY_CODES.map((c) => c.iso));

/** A TRN field: '' (none) or 15 digits; spaces typed between groups are dropped. */
export const trnField = z
  .string({ error: 'tax.trnInvalid' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value === '' || TRN_PATTERN.test(value), { error: 'tax.trnInvalid' });

const text = (max: number, tooLong: BareErrorCode) =>
  z.string({ error: tooLong }).trim().max(max, { error: tooLong }).default('');

/** `PUT /api/admin/settings/vat`. Registered needs the TRN, the legal name and the address. */
export const vatSettingsInputSchema = z
  .object({
    registered: z.boolean(),
    trn: trnField.default(''),
    legalName: text(TAX_LIMITS.nameMax, 'tax.legalNameTooLong'),
    legalNameAr: text(TAX_LIMITS.nameMax, 'tax.legalNameTooLong'),
    address: text(TAX_LIMITS.addressMax, 'tax.addressTooLong'),
    addressAr: text(TAX_LIMITS.addressMax, 'tax.addressTooLong'),
  })
  .superRefine((input, ctx) => {
    if (!input.registered) return;
    if (input.trn === '') ctx.addIssue({ code: 'custom', path: ['trn'], message: 'tax.trnInvalid' });
    if (input.legalName === '') ctx.addIssue({ code: 'custom', path: ['legalName'], message: 'tax.legalNameRequired' });
    if (input.address === '') ctx.addIssue({ code: 'custom', path: ['address'], message: 'tax.addressRequired' });
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
    .string({ error: 'tax.countryInvalid' })
    .trim()
    .toUpperCase()
    .refine((value) => COUNTRY_ISO.has(value), { error: 'tax.countryInvalid' })
    .optional(),
  buyerCompany: z
    .string({ error: 'tax.companyTooLong' })
    .trim()
    .max(TAX_LIMITS.nameMax, { error: 'tax.companyTooLong' })
    .optional(),
  buyerAddress: z
    .string({ error: 'tax.addressTooLong' })
    .trim()
    .max(TAX_LIMITS.addressMax, { error: 'tax.addressTooLong' })
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
