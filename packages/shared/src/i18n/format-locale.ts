import { type Locale, LOCALE_INFO } from './locales.ts';

/** How the dirham is written on Arabic pages (a site setting): the ISO code or the Arabic sign. */
export type ArabicCurrencyLabel = 'AED' | 'د.إ';

const DUBAI = 'Asia/Dubai';
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].intl, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: true,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count as the locale writes it, Latin digits in both: '1,234'. */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale, 0).format(value);
}

/** An amount as a number only, grouped, two decimals, Latin digits in both: '1,234.50' (a tax document). */
export function formatAmount(aed: number, locale: Locale): string {
  return numberFormat(locale, 2).format(aed);
}

/**
 * An amount of dirhams, two decimals: 'AED 888.00' in English; '888.00 AED' or '888.00 د.إ' in
 * Arabic, the amount first as Arabic reads it (Latin digits either way).
 */
export function formatMoney(aed: number, locale: Locale, arabicLabel: ArabicCurrencyLabel = 'AED'): string {
  if (locale === 'en') return `AED ${aed.toFixed(2)}`;
  return `${numberFormat(locale, 2).format(aed)}\u00a0${arabicLabel}`;
}

/**
 * Date formats by locale and kind, made once: `toLocaleDateString` with options builds a new
 * formatter (time zone rules included) at every call, a tenth of a millisecond or more each.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, kind: 'day' | 'moment'): Intl.DateTimeFormat {
  const key = `${locale}:${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALE_INFO[locale].intl,
      kind === 'day'
        ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: DUBAI }
        : { dateStyle: 'medium', timeStyle: 'short', timeZone: DUBAI },
    );
    dateFormats.set(key, format);
  }
  return format;
}

/** A day in Dubai, written out: '25 November 2026', '25 نوفمبر 2026'. */
export function formatDay(iso: string | Date, locale: Locale): string {
  return dateFormat(locale, 'day').format(new Date(iso));
}

/** A moment in Dubai time: '25 Nov 2026, 14:05'. */
export function formatMoment(iso: string | Date, locale: Locale): string {
  return dateFormat(locale, 'moment').format(new Date(iso));
}
