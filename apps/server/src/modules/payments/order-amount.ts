import { formatPrice } from '@oasis/shared/format';
import { type ArabicCurrencyLabel, DEFAULT_LOCALE, formatMoney, type Locale } from '@oasis/shared/i18n';

/** An amount as the buyer reads it in the language of their checkout (the dirham written as the settings say). */
export function formatOrderAmount(aed: number, locale: Locale, arabicCurrency: ArabicCurrencyLabel): string {
  return locale === DEFAULT_LOCALE ? formatPrice(aed) : formatMoney(aed, locale, arabicCurrency);
}
