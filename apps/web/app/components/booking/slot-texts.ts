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
