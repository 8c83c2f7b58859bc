/**
 * The rules of the contact and consultation forms (docs/product.md#contact and #consultation), written once without zod
 * so that the public pages can check a form in the browser without shipping a schema library.
 * The server validates with the zod schemas in `leads.ts`, which call these same checks.
 */
import type { ErrorCode } from './error-codes.ts';
import { MESSAGES } from './messages.ts';

export const LEAD_MESSAGES = {
  // Contact form: field hints and results.
  countryCode: 'Country code must start with + followed by 1 to 4 digits',
  phoneNumber: 'Enter a valid phone number (6 to 14 digits)',
  contactSent: 'Message sent successfully!',
  contactFailed: 'Failed to send message. Please try again later.',
  // Consultation form.
  phoneMissing: 'Invalid number. Include a valid phone number after country code.',
  phoneFormat: 'Invalid phone number. Please use correct format.',
  consultationFailed: 'Something went wrong. Please try again later.',
  consultationThanksTitle: 'Thank you!',
  consultationThanks: 'Your consultation request has been received. We will get back to you within 24 business hours.',
  // Both forms.
  invalidEmail: MESSAGES.invalidEmail,
  emailRequired: 'Please enter your email address.',
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  fullNameRequired: 'Please enter your full name.',
  messageRequired: 'Please enter your message.',
  queryTypeRequired: 'Please choose what your enquiry is about.',
  investmentInterestRequired: 'Please choose your investment interest.',
  investmentAmountRequired: 'Please choose an investment amount.',
  preferredTimeRequired: 'Please choose a preferred time.',
} as const;

export function tooLongMessage(max: number): string {
  return `Please keep this under ${max} characters.`;
}

/** Longest accepted values; generous for people, small enough to keep the inbox and e-mails sane. */
export const LEAD_LIMITS = {
  name: 100,
  fullName: 200,
  email: 254,
  message: 5000,
} as const;

export const QUERY_TYPES = ['consultation', 'course'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];
export const QUERY_TYPE_LABELS: Record<QueryType, string> = {
  consultation: 'Free consultation',
  course: 'Courses',
};

export const INVESTMENT_INTERESTS = ['Investment', 'Relocation', 'Holiday Home'] as const;
export type InvestmentInterest = (typeof INVESTMENT_INTERESTS)[number];
export const INVESTMENT_AMOUNTS = ['1m-2m', '3m-5m', '6m+'] as const;
export type InvestmentAmount = (typeof INVESTMENT_AMOUNTS)[number];
export const PREFERRED_TIMES = ['Weekday AM', 'Weekday PM', 'Weekend AM', 'Weekend PM'] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

/** The admin inbox: what a lead is and where it stands. */
export const LEAD_KINDS = ['contact', 'consultation', 'waitlist'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** The pipeline's stages, in order; any stage may follow any other. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Stages where a lead's story has ended: never due for a follow-up. */
export const CLOSED_LEAD_STATUSES = ['won', 'lost'] as const satisfies readonly LeadStatus[];
/** What a lead's history records a change of. */
export const LEAD_EVENT_FIELDS = ['status', 'followUpOn'] as const;
export type LeadEventField = (typeof LEAD_EVENT_FIELDS)[number];
/** The longest note on a lead (plain text). */
export const LEAD_NOTE_MAX = 2000;
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact: 'Contact message',
  consultation: 'Consultation request',
  waitlist: 'Waitlist signup',
};
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
};
export const LEADS_PAGE_SIZE = 20;

/** A hidden field real people never see or fill; a request that fills it is treated as spam. */
export const HONEYPOT_FIELD = 'website';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const COUNTRY_CODE_PATTERN = /^\+\d{1,4}$/;
export const PHONE_NUMBER_PATTERN = /^\d{6,14}$/;

/** The code of a lead form's refusal: a text of the `leads` namespace (error-codes.ts). */
export type LeadErrorCode = Extract<ErrorCode, `leads.${string}`>;
/** A check returns the code of the message to show, or null when the value is fine. Values arrive normalised. */
export type FieldCheck = (value: string) => LeadErrorCode | null;

/** Trims and collapses runs of whitespace (names must not carry line breaks into e-mail subjects). */
export const normalizeLine = (value: string) => value.replace(/\s+/g, ' ').trim();
export const normalizeText = (value: string) => value.replace(/\r\n?/g, '\n').trim();
/** Phone numbers may be typed with spaces, dashes, dots or brackets; only digits (and a leading +) count. */
export const normalizePhone = (value: string) => value.replace(/[\s\-.()]/g, '');

const required =
  (requiredCode: LeadErrorCode, max: number, tooLongCode: LeadErrorCode): FieldCheck =>
  (value) => {
    if (!value) return requiredCode;
    if (value.length > max) return tooLongCode;
    return null;
  };

const email: FieldCheck = (value) => {
  if (!value) return 'leads.emailRequired';
  if (value.length > LEAD_LIMITS.email || !EMAIL_PATTERN.test(value)) return 'leads.invalidEmail';
  return null;
};

const oneOf =
  (options: readonly string[], code: LeadErrorCode): FieldCheck =>
  (value) =>
    options.includes(value) ? null : code;

/** The whole phone of the consultation form: '+' then at least 6 digits; at most 15 (E.164). */
export const checkFullPhone: FieldCheck = (value) => {
  if (value === '') return 'leads.phoneMissing';
  if (!/^\+\d*$/.test(value)) return 'leads.phoneFormat';
  const digits = value.length - 1;
  if (digits < 6) return 'leads.phoneMissing';
  if (digits > 15) return 'leads.phoneFormat';
  return null;
};

/** The waitlist form of a coming-soon course: an e-mail address only. */
export const WAITLIST_RULES = {
  email: { normalize: (value: string) => value.trim().toLowerCase(), check: email },
} as const;

export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'user_email',
  'country_code',
  'phone_number',
  'message',
  'query_type',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_RULES: Record<ContactField, { normalize: (value: string) => string; check: FieldCheck }> = {
  first_name: {
    normalize: normalizeLine,
    check: required('leads.firstNameRequired', LEAD_LIMITS.name, 'leads.nameTooLong'),
  },
  last_name: {
    normalize: normalizeLine,
    check: required('leads.lastNameRequired', LEAD_LIMITS.name, 'leads.nameTooLong'),
  },
  user_email: { normalize: (v) => v.trim(), check: email },
  country_code: {
    normalize: (v) => v.trim(),
    check: (v) => (COUNTRY_CODE_PATTERN.test(v) ? null : 'leads.countryCode'),
  },
  phone_number: {
    normalize: normalizePhone,
    check: (v) => (PHONE_NUMBER_PATTERN.test(v) ? null : 'leads.phoneNumber'),
  },
  message: {
    normalize: normalizeText,
    check: required('leads.messageRequired', LEAD_LIMITS.message, 'leads.messageTooLong'),
  },
  query_type: { normalize: (v) => v.trim(), check: oneOf(QUERY_TYPES, 'leads.queryTypeRequired') },
};

export const CONSULTATION_FIELDS = [
  'fullName',
  'email',
  'phone',
  'investmentInterest',
  'investmentAmount',
  'preferredTime',
] as const;
export type ConsultationField = (typeof CONSULTATION_FIELDS)[number];

export const CONSULTATION_RULES: Record<
  ConsultationField,
  { normalize: (value: string) => string; check: FieldCheck }
> = {
  fullName: {
    normalize: normalizeLine,
    check: required('leads.fullNameRequired', LEAD_LIMITS.fullName, 'leads.fullNameTooLong'),
  },
  email: { normalize: (v) => v.trim(), check: email },
  phone: { normalize: normalizePhone, check: checkFullPhone },
  investmentInterest: {
    normalize: (v) => v.trim(),
    check: oneOf(INVESTMENT_INTERESTS, 'leads.investmentInterestRequired'),
  },
  investmentAmount: {
    normalize: (v) => v.trim(),
    check: oneOf(INVESTMENT_AMOUNTS, 'leads.investmentAmountRequired'),
  },
  preferredTime: { normalize: (v) => v.trim(), check: oneOf(PREFERRED_TIMES, 'leads.preferredTimeRequired') },
};

type Rules<F extends string> = Record<F, { normalize: (value: string) => string; check: FieldCheck }>;

/** Field → the code of its message for every field that fails; empty when the form may be sent. */
function validateWith<F extends string>(rules: Rules<F>, values: Partial<Record<F, unknown>>) {
  const errors: Partial<Record<F, LeadErrorCode>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const raw = values[field];
    const rule = rules[field];
    const code = rule.check(rule.normalize(typeof raw === 'string' ? raw : ''));
    if (code) errors[field] = code;
  }
  return errors;
}

export function validateContactForm(values: Partial<Record<ContactField, unknown>>) {
  return validateWith(CONTACT_RULES, values);
}

export function validateConsultationForm(values: Partial<Record<ConsultationField, unknown>>) {
  return validateWith(CONSULTATION_RULES, values);
}
