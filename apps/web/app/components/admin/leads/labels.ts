import type { ClientMessages } from '@oasis/shared/i18n/catalogue';
import type {
  InvestmentAmount,
  InvestmentInterest,
  LeadKind,
  LeadStatus,
  PreferredTime,
  QueryType,
} from '@oasis/shared/lead-rules';

/**
 * The inbox's words for what a lead stores as values (lead-rules.ts): each value's text in the
 * `adminLeads` catalogue.
 */
type LeadText = ClientMessages['adminLeads'];
type Key = keyof LeadText;

/**
 * Each kind's words: its label ('Contact message'), the kind filter's option ('Contact messages')
 * and the list's short word ('Contact').
 */
export const KIND_TEXT: Record<LeadKind, Record<'label' | 'filter' | 'short', Key>> = {
  contact: { label: 'kindContact', filter: 'kindsContact', short: 'kindShortContact' },
  consultation: { label: 'kindConsultation', filter: 'kindsConsultation', short: 'kindShortConsultation' },
  waitlist: { label: 'kindWaitlist', filter: 'kindsWaitlist', short: 'kindShortWaitlist' },
};
export const STATUS_LABEL: Record<LeadStatus, Key> = {
  new: 'statusNew',
  contacted: 'statusContacted',
  qualified: 'statusQualified',
  won: 'statusWon',
  lost: 'statusLost',
};

const QUERY_TYPE_LABEL: Record<QueryType, Key> = { consultation: 'queryTypeConsultation', course: 'queryTypeCourse' };
const INTEREST_LABEL: Record<InvestmentInterest, Key> = {
  Investment: 'interestInvestment',
  Relocation: 'interestRelocation',
  'Holiday Home': 'interestHolidayHome',
};
const AMOUNT_LABEL: Record<InvestmentAmount, Key> = {
  '1m-2m': 'amountOneToTwo',
  '3m-5m': 'amountThreeToFive',
  '6m+': 'amountSixPlus',
};
const TIME_LABEL: Record<PreferredTime, Key> = {
  'Weekday AM': 'timeWeekdayAm',
  'Weekday PM': 'timeWeekdayPm',
  'Weekend AM': 'timeWeekendAm',
  'Weekend PM': 'timeWeekendPm',
};

/** A stored choice's label; a value the forms no longer offer is shown as it was stored. */
function choice(labels: Readonly<Record<string, Key>>, value: string | undefined, t: LeadText): string {
  if (!value) return '';
  const key = Object.hasOwn(labels, value) ? labels[value] : undefined;
  return key ? t[key] : value;
}

export const queryTypeLabel = (value: string | undefined, t: LeadText) => choice(QUERY_TYPE_LABEL, value, t);
export const interestLabel = (value: string | undefined, t: LeadText) => choice(INTEREST_LABEL, value, t);
export const amountLabel = (value: string | undefined, t: LeadText) => choice(AMOUNT_LABEL, value, t);
export const timeLabel = (value: string | undefined, t: LeadText) => choice(TIME_LABEL, value, t);
