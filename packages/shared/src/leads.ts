import { z } from 'zod';
import { cursorPageFields, cursorQueryField } from './admin/cursor-paging.ts';
import { LOCALES } from './i18n/locales.ts';
import {
  CONSULTATION_RULES,
  CONTACT_RULES,
  type FieldCheck,
  HONEYPOT_FIELD,
  type InvestmentAmount,
  LEAD_EVENT_FIELDS,
  LEAD_KINDS,
  LEAD_NOTE_MAX,
  LEAD_STATUSES,
  type InvestmentInterest,
  type PreferredTime,
  type QueryType,
  WAITLIST_RULES,
} from './lead-rules.ts';

// The inbox's kinds, statuses and labels live in the zod-free module; re-exported for the server.
export {
  CLOSED_LEAD_STATUSES,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEADS_PAGE_SIZE,
  type LeadKind,
  type LeadStatus,
} from './lead-rules.ts';

/**
 * The request schemas of POST /api/contact and POST /api/consultations. Each field runs the same
 * normalise-and-check pair as the browser form (lead-rules.ts), so both sides accept exactly the
 * same input and speak the same words. A missing or non-text field gets the message of an empty one.
 */
function field<T extends string = string>(rule: { normalize: (value: string) => string; check: FieldCheck }) {
  return z
    .string({ error: () => rule.check('') ?? 'core.validationFailed' })
    .transform(rule.normalize)
    .superRefine((value, ctx) => {
      const message = rule.check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value as T);
}

/** The honeypot may hold anything; the service only asks whether it was filled. */
const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

export const contactInputSchema = z.object({
  first_name: field(CONTACT_RULES.first_name),
  last_name: field(CONTACT_RULES.last_name),
  user_email: field(CONTACT_RULES.user_email),
  country_code: field(CONTACT_RULES.country_code),
  phone_number: field(CONTACT_RULES.phone_number),
  message: field(CONTACT_RULES.message),
  query_type: field<QueryType>(CONTACT_RULES.query_type),
  ...honeypot,
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const consultationInputSchema = z.object({
  fullName: field(CONSULTATION_RULES.fullName),
  email: field(CONSULTATION_RULES.email),
  phone: field(CONSULTATION_RULES.phone),
  investmentInterest: field<InvestmentInterest>(CONSULTATION_RULES.investmentInterest),
  investmentAmount: field<InvestmentAmount>(CONSULTATION_RULES.investmentAmount),
  preferredTime: field<PreferredTime>(CONSULTATION_RULES.preferredTime),
  ...honeypot,
});
export type ConsultationInput = z.infer<typeof consultationInputSchema>;

/** The answer to a stored (or silently dropped) lead. */
export const leadAcceptedSchema = z.object({ message: z.string() });

/** A lead as admins see it. `details` holds the form's own fields (query type, investment choices…). */
export const leadSchema = z.object({
  _id: z.string(),
  kind: z.enum(LEAD_KINDS),
  status: z.enum(LEAD_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
  /** When the lead first left 'new'; null while it is new. */
  handledAt: z.string().nullable(),
  /** The day (Dubai) to follow it up, YYYY-MM-DD. */
  followUpOn: z.string().nullable(),
  /** A waitlist signup's course. */
  courseId: z.string().nullable(),
  /** Where the visitor first came from (attribution.ts), as the reports group it; null when unknown. */
  firstTouch: z
    .object({ channel: z.string(), source: z.string().nullable(), campaign: z.string().nullable() })
    .nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/** `?kind=` (empty) means "any", like leaving the parameter out. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const leadFilterSchema = z.object({
  kind: optionalParam(z.enum(LEAD_KINDS)),
  status: optionalParam(z.enum(LEAD_STATUSES)),
  q: optionalParam(z.string().trim().max(200)),
  /** `due=today`: a follow-up day of today or before (Dubai), in a stage that is not won or lost. */
  due: optionalParam(z.enum(['today'])),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** `GET /api/leads?kind=&status=&q=&cursor=`: newest first, LEADS_PAGE_SIZE a page (admin/cursor-paging.ts). */
export const leadListQuerySchema = leadFilterSchema.extend({ cursor: cursorQueryField });
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadListSchema = z.object({ leads: z.array(leadSchema), ...cursorPageFields });
export type LeadList = z.infer<typeof leadListSchema>;

export const leadCountQuerySchema = z.object({ status: optionalParam(z.enum(LEAD_STATUSES)) });
export const leadCountSchema = z.object({ count: z.number().int() });

export const leadUpdateSchema = z.object({ status: z.enum(LEAD_STATUSES) });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/** `POST /api/waitlist`: a plain HTML form's fields (the course page posts it without JavaScript). */
export const waitlistInputSchema = z.object({
  courseId: z.string().trim().min(1).max(100),
  email: field(WAITLIST_RULES.email),
  /** The language of the page the form is on: the announcement is written in it. */
  locale: z.enum(LOCALES).optional(),
  ...honeypot,
});
export type WaitlistInput = z.infer<typeof waitlistInputSchema>;

/** `PATCH /api/leads/:id`: a stage, a follow-up day (null clears it), or both. */
export const leadChangeSchema = z
  .object({
    status: z.enum(LEAD_STATUSES).optional(),
    followUpOn: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
      .nullable()
      .optional(),
  })
  .refine((value) => value.status !== undefined || value.followUpOn !== undefined, {
    message: 'validation.required',
  });
export type LeadChange = z.infer<typeof leadChangeSchema>;

/** `POST /api/leads/:id/notes`: plain text, bounded. */
export const leadNoteInputSchema = z.object({ body: z.string().trim().min(1).max(LEAD_NOTE_MAX) });

export const leadNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const leadEventSchema = z.object({
  _id: z.string(),
  field: z.enum(LEAD_EVENT_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

/** One lead in full: with its notes and its history, oldest first. */
export const leadDetailSchema = leadSchema.extend({
  notes: z.array(leadNoteSchema),
  events: z.array(leadEventSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** The dashboard's pipeline: leads per stage, and those due for a follow-up today (Dubai). */
export const leadPipelineSchema = z.object({
  stages: z.record(z.enum(LEAD_STATUSES), z.number().int()),
  dueToday: z.number().int(),
});
export type LeadPipeline = z.infer<typeof leadPipelineSchema>;

/** A course's waitlist as the admin sees it. */
export const courseWaitlistSchema = z.object({
  count: z.number().int(),
  announcedAt: z.string().nullable(),
  canAnnounce: z.boolean(),
});
export type CourseWaitlist = z.infer<typeof courseWaitlistSchema>;
export const waitlistAnnouncedSchema = z.object({ queued: z.number().int() });
