import {
  type ConsultationField,
  type ContactField,
  normalizePhone,
  type QueryType,
  validateConsultationForm as checkConsultation,
  validateContactForm as checkContact,
} from '@oasis/shared/lead-rules';
import { MESSAGES } from '@oasis/shared/messages';
import { ApiRequestError } from '~/lib/api';
import { sendLead } from '~/lib/api/public';
import type { ErrorRefLike } from '~/lib/error-text';

/*
 * The lead forms' checks and sending, loaded when the visitor first focuses or presses inside a
 * form (see `loadFormLogic` in fields.tsx) rather than with the page. The rules are the ones the
 * server applies (@oasis/shared/lead-rules); the server checks again anyway.
 */

/** A check's codes as the forms hold errors (`{ code }`, like the API's `fields`). */
const asRefs = <F extends string>(errors: Partial<Record<F, string>>) =>
  Object.fromEntries(Object.entries(errors).map(([key, code]) => [key, { code }])) as Partial<Record<F, ErrorRefLike>>;

export const validateContactForm = (values: Parameters<typeof checkContact>[0]) => asRefs(checkContact(values));
export const validateConsultationForm = (values: Parameters<typeof checkConsultation>[0]) =>
  asRefs(checkConsultation(values));

export interface ContactValues {
  first_name: string;
  last_name: string;
  user_email: string;
  /** ISO code of the chosen country; its dial code is sent as country_code. */
  country: string;
  phone_number: string;
  message: string;
  query_type: QueryType;
}

export interface ConsultationValues {
  fullName: string;
  email: string;
  /** ISO code of the chosen country; the phone sent is its dial code followed by the number. */
  country: string;
  phoneNumber: string;
  investmentInterest: string;
  investmentAmount: string;
  preferredTime: string;
}

export const contactPayload = (values: ContactValues, dial: string) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  user_email: values.user_email,
  country_code: dial,
  phone_number: values.phone_number,
  message: values.message,
  query_type: values.query_type,
});

export const consultationPayload = (values: ConsultationValues, dial: string) => ({
  fullName: values.fullName,
  email: values.email,
  phone: `${dial}${normalizePhone(values.phoneNumber)}`,
  investmentInterest: values.investmentInterest,
  investmentAmount: values.investmentAmount,
  preferredTime: values.preferredTime,
});

/** A booking: the consultation's fields without a preferred time, and the chosen slot in its place. */
export function bookingCheck(
  values: ConsultationValues,
  dial: string,
  slot: { start: string; timeZone: string } | null,
) {
  const { preferredTime: _free, ...payload } = consultationPayload(values, dial);
  const { preferredTime: _none, ...errors } = validateConsultationForm({ ...payload, preferredTime: '' });
  const found: Partial<Record<ConsultationField, ErrorRefLike>> = errors;
  if (!slot) found.preferredTime = { code: 'leads.preferredTimeRequired' };
  return { payload: { ...payload, startsAt: slot?.start, timeZone: slot?.timeZone }, errors: found };
}

export interface LeadFailure<F extends string> {
  /** The server's field errors (a 400's `fields`: codes and values), else empty. */
  errors: Partial<Record<F, ErrorRefLike>>;
  message: string;
}

/** Posts a lead: null once it is stored, else what to show (`failed`, or the rate-limit message). */
export async function postLead<F extends ContactField | ConsultationField>(
  path: '/contact' | '/consultations' | '/booking',
  body: object,
  failed: string,
): Promise<LeadFailure<F> | null> {
  try {
    await sendLead(path, body);
    return null;
  } catch (error) {
    const apiError = error instanceof ApiRequestError ? error : null;
    return {
      errors: apiError?.status === 400 ? (apiError.fields as Partial<Record<F, ErrorRefLike>>) : {},
      // A 409 is the booking's slot taken meanwhile: the server's words say so, in the page's language.
      message:
        apiError?.status === 429 ? MESSAGES.tooManyRequests : apiError?.status === 409 ? apiError.message : failed,
    };
  }
}
