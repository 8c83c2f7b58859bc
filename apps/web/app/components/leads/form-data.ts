import { countryCodesIn } from '@oasis/shared/country-codes';
import type { Locale } from '@oasis/shared/i18n/locales';
import {
  HONEYPOT_FIELD,
  INVESTMENT_AMOUNTS,
  INVESTMENT_INTERESTS,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  PREFERRED_TIMES,
  QUERY_TYPES,
} from '@oasis/shared/lead-rules';
import { pickerTexts } from '~/components/booking/slot-texts';

/*
 * What the lead forms show: the country list (about 200 entries), options, hints, limits, result
 * wording and timings. Reference data, not code: /contact and /consult return it from their
 * loaders and the forms take it as a prop, so the pages' JavaScript does not carry it; the home
 * page's booking dialog builds it in its own lazily loaded chunk (consultation-modal.tsx).
 * Countries are named in the page's language; the choices are the values the server takes (the
 * forms show their names from the `leadForm` texts), the messages the rules' English (shown with `tr`).
 */

const common = (locale: Locale) => ({
  countries: countryCodesIn(locale),
  honeypot: HONEYPOT_FIELD,
  limits: LEAD_LIMITS,
});

export function contactFormData(locale: Locale) {
  return {
    ...common(locale),
    // The country code is chosen from a list of valid ones: its rule is an error message, never a hint.
    hints: { phoneNumber: LEAD_MESSAGES.phoneNumber },
    queryTypes: QUERY_TYPES,
    sent: LEAD_MESSAGES.contactSent,
    failed: LEAD_MESSAGES.contactFailed,
  };
}

export function consultationFormData(locale: Locale) {
  return {
    ...common(locale),
    interests: INVESTMENT_INTERESTS,
    amounts: INVESTMENT_AMOUNTS,
    times: PREFERRED_TIMES,
    thanks: { title: LEAD_MESSAGES.consultationThanksTitle, text: LEAD_MESSAGES.consultationThanks },
    failed: LEAD_MESSAGES.consultationFailed,
    // The slot picker's words in the page's language (the picker's code carries none).
    booking: pickerTexts(locale),
  };
}

export type ContactFormData = ReturnType<typeof contactFormData>;
export type ConsultationFormData = ReturnType<typeof consultationFormData>;
