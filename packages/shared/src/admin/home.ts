import { ADMIN_LIMITS, checkArabicField, type FieldErrors, type FormCheck, type FormFields, fail } from './common.ts';
import type { BareErrorCode } from '../error-codes.ts';
import type { FocalPoint } from '../selling.ts';
import { checkFocusFields } from './mentor.ts';

/** The home page's hero and introduction (docs/product.md#admin-hero-and-intro). */

/**
 * The texts `keys`, each required, and their Arabic twins (`titleAr`…), never required: an Arabic
 * text left out keeps the stored one, '' clears it (docs/i18n.md#content).
 */
export type HomeTexts<K extends string> = Record<K, string> & Partial<Record<`${K}Ar`, string>>;

function checkTextFields<K extends string>(
  fields: FormFields,
  keys: readonly K[],
  requiredMessage: BareErrorCode,
): FormCheck<HomeTexts<K>> {
  const errors: FieldErrors = {};
  const value: Record<string, string> = {};
  for (const key of keys) {
    const text = fields[key]?.trim() ?? '';
    if (!text) errors[key] = requiredMessage;
    else if (text.length > ADMIN_LIMITS.textMax) errors[key] = 'admin.textTooLong';
    value[key] = text;
  }
  for (const key of keys) {
    const arabicKey = `${key}Ar` as const;
    const arabic = checkArabicField(fields, arabicKey, errors, {
      max: ADMIN_LIMITS.textMax,
      message: 'admin.textTooLong',
    });
    if (arabic !== undefined) value[arabicKey] = arabic;
  }
  const missing = Object.values(errors).includes(requiredMessage);
  return Object.keys(errors).length
    ? fail(errors, missing ? requiredMessage : undefined)
    : { ok: true, value: value as HomeTexts<K> };
}

/**
 * The texts and, when the form sends one (`focusX`, `focusY`), the image's focal point: left out,
 * the stored one stays.
 */
function withImageFocus<T>(fields: FormFields, check: FormCheck<T>): FormCheck<T & { imageFocus?: FocalPoint }> {
  const errors: FieldErrors = check.ok ? {} : { ...check.errors };
  const imageFocus = checkFocusFields(fields, errors);
  if (!check.ok) return { ...check, errors };
  if (Object.keys(errors).length) return fail(errors);
  const value: T & { imageFocus?: FocalPoint } = { ...check.value, ...(imageFocus && { imageFocus }) };
  return { ok: true, value };
}

/** Hero editor: title and subtitle (and `titleAr`, `subtitleAr`), and the image's focal point. */
export function checkHeroForm(fields: FormFields) {
  return withImageFocus(fields, checkTextFields(fields, ['title', 'subtitle'] as const, 'admin.heroFieldsRequired'));
}

/**
 * Intro editor: every text field is required (docs/product.md#admin-hero-and-intro); their Arabic
 * twins (`headingAr`, `subheadingAr`, `paragraph1Ar`, `paragraph2Ar`) are not.
 */
export function checkIntroForm(fields: FormFields) {
  return withImageFocus(
    fields,
    checkTextFields(
      fields,
      ['heading', 'subheading', 'paragraph1', 'paragraph2'] as const,
      'admin.introFieldsRequired',
    ),
  );
}
