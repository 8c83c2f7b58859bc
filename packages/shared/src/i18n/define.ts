import { type Locale, LOCALE_INFO } from './locales.ts';

/**
 * A text in a catalogue: a string, with `{name}` where a value goes, or, for a text about a number,
 * one string per plural category of the language (Arabic has six: zero, one, two, few, many,
 * other; English uses one and other). `other` is always there.
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | Plural;
export type Namespace = Readonly<Record<string, Message>>;

/** The Arabic of a namespace: any key of the English, each a message (missing ones fall back). */
export type Translation<E extends Namespace> = { readonly [K in keyof E]?: E[K] extends string ? string : Plural };

/** One part of the catalogues: the English (the source) and its Arabic, side by side. */
export interface NamespaceDefinition<E extends Namespace = Namespace> {
  en: E;
  ar: Translation<E>;
}

/**
 * Pure (the annotation tells bundlers so): a browser script that imports only a namespace's
 * English source, not the namespace itself, does not carry its translation.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineNamespace<const E extends Namespace>(en: E, ar: Translation<E>): NamespaceDefinition<E> {
  return { en, ar };
}

/** `template` with each `{name}` replaced by `values.name` (left as it is when no value is given). */
export function fmt(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The form of `message` for `count` in `locale`, with `{count}` filled in (as the locale writes it). */
export function plural(
  message: Message,
  count: number,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  if (typeof message === 'string') return fmt(message, { count, ...values });
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALE_INFO[locale].intl);
    pluralRules.set(locale, rules);
  }
  // An exact zero reads better as its own sentence where the catalogue has one ('No courses').
  const form = (count === 0 && message.zero) || message[rules.select(count)] || message.other;
  return fmt(form, { count: count.toLocaleString(LOCALE_INFO[locale].intl), ...values });
}
