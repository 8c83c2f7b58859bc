import { z } from 'zod';
import { cursorPageFields, cursorQueryField } from './admin/cursor-paging.ts';
import {
  CONSULTATION_RULES,
  CONTACT_RULES,
  type FieldCheck,
  HONEYPOT_FIELD,
  type InvestmentAmount,
  LEAD_KINDS,
  LEAD_STATUSES,
  type InvestmentInterest,
  type PreferredTime,
  type QueryType,
} from './lead-rules.ts';

// The inbox's kinds, statuses and labels live in the zod-free module; re-exported for the server.
export {
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
  handledAt: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/** `?kind=` (empty) means "any", like leaving the parameter out. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const leadFilterSchema = z.object({
  kind: optionalParam(z.enum(LEAD_KINDS)),
  status: optionalParam(z.enum(LEAD_STATUSES)),
  q: optionalParam(z.string().trim().max(200)),
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
