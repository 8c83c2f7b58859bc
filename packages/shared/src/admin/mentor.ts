import { z } from 'zod';
import { requiredText } from '../text-fields.ts';
import { fieldErrors } from '../field-errors.ts';
import { type FocalPoint, MENTOR_SOCIAL_KEYS, type MentorSocial } from '../selling.ts';
import type { BareErrorCode } from '../error-codes.ts';
import { ADMIN_LIMITS, type FieldErrors, type FormCheck, type FormFields, fail, hasRichContent } from './common.ts';

/**
 * The mentor's profile (docs/product.md#mentor): who teaches, shown on the About page, the course
 * pages and in the `Person` structured data. Also the focal point rule the hero and intro images
 * share with the portrait.
 */

export const MENTOR_LIMITS = {
  nameMax: 120,
  jobTitleMax: 200,
  /** A few sentences: the course pages show it beside the portrait. */
  bioMax: 1_000,
  credentialsMax: 10,
  credentialMax: 200,
  urlMax: 500,
} as const;

export const MENTOR_MESSAGES = {
  nameRequired: 'Please enter the mentor’s name.',
  nameTooLong: `A name can be at most ${MENTOR_LIMITS.nameMax} characters.`,
  jobTitleTooLong: `A job title can be at most ${MENTOR_LIMITS.jobTitleMax} characters.`,
  bioTooLong: `The short bio can be at most ${MENTOR_LIMITS.bioMax} characters.`,
  credentialsTooMany: `Please list at most ${MENTOR_LIMITS.credentialsMax} credentials.`,
  credentialTooLong: `Each credential can be at most ${MENTOR_LIMITS.credentialMax} characters.`,
  focusInvalid: 'Please choose a focal point inside the image: 0 to 100 % across and down.',
  mentorSaved: 'Mentor profile saved!',
  mentorSaveFailed: 'Failed to save the mentor profile',
  failedToLoadMentor: 'Failed to load the mentor profile',
} as const;

// ---------------------------------------------------------------------------------------------
// Focal point: `focusX` and `focusY`, percent of the image's width and height, as form fields.

const percent = z
  .string({ error: 'adminMentorRules.focusInvalid' })
  .trim()
  .regex(/^\d{1,3}(\.\d+)?$/, { error: 'adminMentorRules.focusInvalid' })
  .transform((value) => Math.round(Number(value) * 10) / 10)
  .refine((value) => value <= 100, { error: 'adminMentorRules.focusInvalid' });

/**
 * The focal point of a form (`focusX`, `focusY`): undefined when both are left out (the stored one
 * stays); otherwise both must be numbers from 0 to 100, else `focusX` carries the refusal.
 */
export function checkFocusFields(fields: FormFields, errors: FieldErrors): FocalPoint | undefined {
  if (fields.focusX === undefined && fields.focusY === undefined) return undefined;
  const x = percent.safeParse(fields.focusX);
  const y = percent.safeParse(fields.focusY);
  if (!x.success || !y.success) {
    errors[x.success ? 'focusY' : 'focusX'] = 'adminMentorRules.focusInvalid';
    return undefined;
  }
  return { x: x.data, y: y.data };
}

/** The form fields of a focal point, as screens send them. */
export function focusFields(focus: FocalPoint): { focusX: string; focusY: string } {
  return { focusX: String(focus.x), focusY: String(focus.y) };
}

// ---------------------------------------------------------------------------------------------
// The profile form: flat text fields (multipart or JSON), so that a portrait can come with them.

const text = (max: number, message: BareErrorCode) => z.string({ error: message }).trim().max(max, { error: message });

/** One credential a line; blank lines dropped. */
const credentialLines = z
  .string({ error: 'adminMentorRules.credentialTooLong' })
  .max(MENTOR_LIMITS.credentialsMax * (MENTOR_LIMITS.credentialMax + 2), {
    error: 'adminMentorRules.credentialsTooMany',
  })
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(MENTOR_LIMITS.credentialMax, { error: 'adminMentorRules.credentialTooLong' }))
      .max(MENTOR_LIMITS.credentialsMax, { error: 'adminMentorRules.credentialsTooMany' }),
  );

/** A link to one of the mentor's profiles: https only (never `javascript:`), or '' for none. */
const httpsUrl = z
  .string({ error: 'admin.settingsUrlInvalid' })
  .trim()
  .max(MENTOR_LIMITS.urlMax, { error: 'admin.settingsUrlInvalid' })
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: 'admin.settingsUrlInvalid',
  })
  .default('');

const richHtml = z
  .string({ error: 'admin.htmlTooLong' })
  .max(ADMIN_LIMITS.richHtmlMax, { error: 'admin.htmlTooLong' })
  .transform((html) => (hasRichContent(html) ? html.trim() : ''));

/**
 * `PUT /admin/mentor`: the English texts replace the stored ones (left out: ''); the Arabic twins
 * (`nameAr`…) left out keep the stored ones and '' clears them, as on every bilingual form
 * (docs/i18n.md#content). Credentials are one a line; social links are fields of their own
 * (`linkedin`, `instagram`, `youtube`, `x`, `website`).
 */
export const mentorFormSchema = z.object({
  name: requiredText(MENTOR_LIMITS.nameMax, 'adminMentorRules.nameRequired', 'adminMentorRules.nameTooLong'),
  nameAr: text(MENTOR_LIMITS.nameMax, 'adminMentorRules.nameTooLong').optional(),
  jobTitle: text(MENTOR_LIMITS.jobTitleMax, 'adminMentorRules.jobTitleTooLong').default(''),
  jobTitleAr: text(MENTOR_LIMITS.jobTitleMax, 'adminMentorRules.jobTitleTooLong').optional(),
  bio: text(MENTOR_LIMITS.bioMax, 'adminMentorRules.bioTooLong').default(''),
  bioAr: text(MENTOR_LIMITS.bioMax, 'adminMentorRules.bioTooLong').optional(),
  credentials: credentialLines.default([]),
  credentialsAr: credentialLines.optional(),
  aboutHtml: richHtml.default(''),
  aboutHtmlAr: richHtml.optional(),
  ...(Object.fromEntries(MENTOR_SOCIAL_KEYS.map((key) => [key, httpsUrl])) as Record<
    (typeof MENTOR_SOCIAL_KEYS)[number],
    typeof httpsUrl
  >),
});

export type MentorFormInput = z.input<typeof mentorFormSchema> & { focusX?: string; focusY?: string };

/** The profile as checked: what the server saves. */
export interface MentorValues {
  name: string;
  nameAr?: string;
  jobTitle: string;
  jobTitleAr?: string;
  bio: string;
  bioAr?: string;
  credentials: string[];
  credentialsAr?: string[];
  aboutHtml: string;
  aboutHtmlAr?: string;
  social: MentorSocial;
  /** Left out: the stored one stays. */
  portraitFocus?: FocalPoint;
}

/** The mentor form, checked in the browser by the rule the server applies: a message per field. */
export function checkMentorForm(fields: FormFields): FormCheck<MentorValues> {
  const parsed = mentorFormSchema.safeParse(fields);
  const errors: FieldErrors = {};
  // A refused credential ('credentials.3') is told under its field.
  if (!parsed.success)
    for (const [key, message] of Object.entries(fieldErrors(parsed.error)))
      errors[key.split('.')[0] as string] ??= message;
  const portraitFocus = checkFocusFields(fields, errors);
  if (!parsed.success || Object.keys(errors).length) {
    return fail(
      errors,
      Object.values(errors).includes('adminMentorRules.nameRequired') ? 'adminMentorRules.nameRequired' : undefined,
    );
  }
  const { linkedin, instagram, youtube, x, website, ...texts } = parsed.data;
  const links = { linkedin, instagram, youtube, x, website };
  const social: MentorSocial = Object.fromEntries(Object.entries(links).filter(([, url]) => url));
  const value: MentorValues = { ...texts, social };
  for (const key of Object.keys(value) as (keyof MentorValues)[]) if (value[key] === undefined) delete value[key];
  if (portraitFocus) value.portraitFocus = portraitFocus;
  return { ok: true, value };
}
