import type { Locale } from '@oasis/shared/i18n/locales';
import bookingPage from '@oasis/shared/i18n/ns/booking-page';

/**
 * The slot picker's and the booking page's texts in `locale`, read from their namespace alone so
 * that a public page carries only these, never the whole catalogue.
 */
export function bookingTexts(locale: Locale) {
  return locale === 'en' ? bookingPage.en : { ...bookingPage.en, ...bookingPage.ar };
}

export type BookingTexts = ReturnType<typeof bookingTexts>;

/** The keys the slot picker and the form's thanks show. */
const PICKER_KEYS = [
  'pickSlot',
  'loadingSlots',
  'slotsFailed',
  'retry',
  'noSlots',
  'timeZone',
  'changeZone',
  'day',
  'dubaiBeside',
  'booked',
] as const;

export type PickerTexts = Pick<BookingTexts, (typeof PICKER_KEYS)[number]>;

/**
 * The picker's texts in `locale` only: a page that holds the consultation form carries these as
 * data (form-data.ts), so the picker's code holds no words in either language.
 */
export function pickerTexts(locale: Locale): PickerTexts {
  const texts = bookingTexts(locale);
  return Object.fromEntries(PICKER_KEYS.map((key) => [key, texts[key]])) as PickerTexts;
}
