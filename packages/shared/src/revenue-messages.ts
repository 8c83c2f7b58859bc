/**
 * The rules' texts of the revenue report and the accountant's exports, written once in English;
 * the `revenueRules` namespace translates them. Kept apart from the zod schemas so pages can show
 * them without shipping zod.
 */
export const REVENUE_MESSAGES = {
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeReversed: 'The end of the range comes before its start.',
  rangeTooLong: 'A range can be at most 366 days.',
} as const;
