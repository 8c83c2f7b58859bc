import { ADMIN_LIMITS, ADMIN_MESSAGES, type FieldErrors, type FormCheck, type FormFields, fail } from './common.ts';

/** The home page's hero and introduction (docs/product.md#admin-hero-and-intro). */

function checkTextFields<K extends string>(
  fields: FormFields,
  keys: readonly K[],
  requiredMessage: string,
): FormCheck<Record<K, string>> {
  const errors: FieldErrors = {};
  const value = {} as Record<K, string>;
  for (const key of keys) {
    const text = fields[key]?.trim() ?? '';
    if (!text) errors[key] = requiredMessage;
    else if (text.length > ADMIN_LIMITS.textMax) errors[key] = ADMIN_MESSAGES.textTooLong;
    value[key] = text;
  }
  const missing = Object.values(errors).includes(requiredMessage);
  return Object.keys(errors).length ? fail(errors, missing ? requiredMessage : undefined) : { ok: true, value };
}

/** Hero editor: title and subtitle. */
export function checkHeroForm(fields: FormFields) {
  return checkTextFields(fields, ['title', 'subtitle'] as const, ADMIN_MESSAGES.heroFieldsRequired);
}

/** Intro editor: every text field is required (docs/product.md#admin-hero-and-intro). */
export function checkIntroForm(fields: FormFields) {
  return checkTextFields(
    fields,
    ['heading', 'subheading', 'paragraph1', 'paragraph2'] as const,
    ADMIN_MESSAGES.introFieldsRequired,
  );
}
