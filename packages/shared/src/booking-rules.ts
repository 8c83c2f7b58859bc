/**
 * The booking rules' texts (the `booking` namespace of the catalogues): the schemas in booking.ts
 * and the API write them in English; the browser shows them in the page's language by code.
 */
export const BOOKING_MESSAGES = {
  timeFormat: 'Enter a time as HH:mm.',
  rangeOrder: 'A range must end after it starts.',
  rangesOverlap: 'Ranges on one day must not overlap.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  dateTwice: 'Each date can be listed only once.',
  timeZoneUnknown: 'Choose a known time zone.',
  slotTaken: 'Sorry, that time has just been taken. Please choose another.',
  slotUnavailable: 'That time is not open for booking. Please choose another.',
  noHours: 'Booking is not open: no hours are set.',
  spanTooLong: 'Ask for at most 62 days of slots at a time.',
  linkInvalid: 'This link is not valid or has already been used.',
  linkExpired: 'This link has expired: the consultation has started or passed.',
  bookingNotFound: 'Booking not found.',
  alreadyCancelled: 'This booking is already cancelled.',
} as const;

/** The longest span of slots one request may ask for. */
export const SLOTS_MAX_DAYS = 62;
