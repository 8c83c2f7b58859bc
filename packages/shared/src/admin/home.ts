import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  checkArabicField,
  type FieldErrors,
  type FormCheck,
  type FormFields,
  fail,
} from './common.ts';

/** The home page's hero and introduction (docs/product.md#admin-hero-and-intro). */

/**
 * The texts `keys`, each required, and their Arabic twins (`titleAr`…), never required: an Arabic
 * text left out keeps the stored one, '' clears it (docs/i18n.md#content).
 */
export type HomeTexts<K extends string> = Record<K, string> & Partial<Record<`${K}Ar`, string>>;

function checkTextFields<K extends string>(
  fields: FormFields,
  keys: readonly K[],
  requiredMessage: string,
): FormCheck<HomeTexts<K>> {
  const errors: FieldErrors = {};
  const value: Record<string, string> = {};
  for (const key of keys) {
    const text = fields[key]?.trim() ?? '';
    if (!text) errors[key] = requiredMessage;
    else if (text.length > ADMIN_LIMITS.textMax) errors[key] = ADMIN_MESSAGES.textTooLong;
    value[key] = text;
  }
  for (const key of keys) {
    const arabicKey = `${key}Ar` as const;
    const arabic = checkArabicField(fields, arabicKey, errors, {
      max: ADMIN_LIMITS.textMax,
      message: ADMIN_MESSAGES.textTooLong,
    });
    if (arabic !== undefined) value[arabicKey] = arabic;
  }
  const missing = Object.values(errors).includes(requiredMessage);
  return Object.keys(errors).length
    ? fail(errors, missing ? requiredMessage : undefined)
    : { ok: true, value: value as HomeTexts<K> };
}

/** Hero editor: title and subtitle (and `titleAr`, `subtitleAr`). */
export function checkHeroForm(fields: FormFields) {
  return checkTextFields(fields, ['title', 'subtitle'] as const, ADMIN_MESSAGES.heroFieldsRequired);
}

/**
 * Intro editor: every text field is required (docs/product.md#admin-hero-and-intro); their Arabic
 * twins (`headingAr`, `subheadingAr`, `paragraph1Ar`, `paragraph2Ar`) are not.
 */
export function checkIntroForm(fields: FormFields) {
  return checkTextFields(
    fields,
    ['heading', 'subheading', 'paragraph1', 'paragraph2'] as const,
    ADMIN_MESSAGES.introFieldsRequired,
  );
}
