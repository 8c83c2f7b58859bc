import type { Message, Namespace, NamespaceDefinition, Plural } from './define.ts';
import { DEFAULT_LOCALE, type Locale, LOCALES } from './locales.ts';
import { NAMESPACES, PAGE_NAMESPACES, SERVER_NAMESPACES, SYSTEM_NAMESPACES } from './namespaces.ts';

/**
 * The message catalogues (docs/i18n.md): every namespace's English and Arabic, merged per locale
 * with English filling any gap, and the helpers that hand each reader what it needs.
 */
type Registry = typeof NAMESPACES;
export type NamespaceName = keyof Registry;
type Widen<E> = { readonly [K in keyof E]: E[K] extends string ? string : Plural };
/** Every namespace's texts in one locale: `messages.nav.courses`. */
export type Messages = { readonly [N in NamespaceName]: Widen<Registry[N]['en']> };

const merged = new Map<Locale, Messages>();

/** The catalogue of `locale`, every namespace, English where the translation lacks a text. */
export function messagesFor(locale: Locale): Messages {
  let messages = merged.get(locale);
  if (!messages) {
    const out: Record<string, Namespace> = {};
    for (const [name, definition] of Object.entries(NAMESPACES) as [string, NamespaceDefinition][]) {
      out[name] = locale === DEFAULT_LOCALE ? definition.en : { ...definition.en, ...defined(definition[locale]) };
    }
    messages = out as unknown as Messages;
    merged.set(locale, messages);
  }
  return messages;
}

/** The entries of a translation that hold a text (an `undefined` left in by hand is a gap too). */
function defined(translation: Partial<Record<string, Message | undefined>>): Namespace {
  return Object.fromEntries(Object.entries(translation).filter(([, value]) => value !== undefined)) as Namespace;
}

/**
 * The namespaces a browser page may hold as texts: not the e-mails, not the pages' own texts
 * (their loaders send those), not the rules' texts (those travel as `systemDictionary`).
 */
export type ClientNamespaceName = Exclude<
  NamespaceName,
  (typeof SERVER_NAMESPACES)[number] | (typeof PAGE_NAMESPACES)[number] | SystemNamespaceName
>;
export type SystemNamespaceName = (typeof SYSTEM_NAMESPACES)[number];
export type ClientMessages = Pick<Messages, ClientNamespaceName>;

/** `locale`'s texts for the browser: the namespaces in `names`, or every client namespace. */
export function clientMessages(locale: Locale, names?: readonly ClientNamespaceName[]): Partial<ClientMessages> {
  const all = messagesFor(locale);
  const skip = new Set<string>([...SERVER_NAMESPACES, ...PAGE_NAMESPACES, ...SYSTEM_NAMESPACES]);
  const keys = names ?? (Object.keys(all).filter((name) => !skip.has(name)) as ClientNamespaceName[]);
  return Object.fromEntries(keys.map((name) => [name, all[name]])) as Partial<ClientMessages>;
}

type TextMap = Readonly<Record<string, string>>;

/**
 * A map of the rules' texts made by `make` for a locale and a list of the rules' namespaces
 * (every one by default), made once per pair and kept.
 */
function keptPerLocale(make: (locale: Locale, names: readonly SystemNamespaceName[]) => TextMap) {
  const kept = new Map<string, TextMap>();
  return (locale: Locale, names: readonly SystemNamespaceName[] = SYSTEM_NAMESPACES): TextMap => {
    const key = `${locale}:${names.join(',')}`;
    let made = kept.get(key);
    if (!made) {
      made = make(locale, names);
      kept.set(key, made);
    }
    return made;
  };
}

/**
 * The rules' texts (validation, API errors: the namespaces in SYSTEM_NAMESPACES, or those of
 * `names`) travel in English, as the shared schemas write them; this maps each English text to
 * `locale`'s. Empty for English.
 */
export const systemDictionary = keptPerLocale((locale, names) => {
  const out: Record<string, string> = {};
  if (locale === DEFAULT_LOCALE) return out;
  for (const name of names) {
    const definition = NAMESPACES[name] as NamespaceDefinition;
    for (const [key, english] of Object.entries(definition.en)) {
      const translated = definition[locale][key];
      if (typeof english === 'string' && typeof translated === 'string' && translated !== english) {
        out[english] = translated;
      }
    }
  }
  return out;
});

/**
 * The rules' texts by error code (`namespace.key`, error-codes.ts) in `locale`, English where the
 * translation lacks one: what a browser page renders an error answer's code and values with.
 * The namespaces of `names`, or every rules' namespace.
 */
export const errorTexts = keptPerLocale((locale, names) => {
  const all = messagesFor(locale) as unknown as Record<string, Namespace>;
  const codeAndText = (name: string) =>
    Object.entries(all[name] ?? {}).flatMap(([key, text]) =>
      typeof text === 'string' ? [[`${name}.${key}`, text]] : [],
    );
  return Object.fromEntries(names.flatMap(codeAndText));
});

/** An English text of the rules in `locale` (itself when the catalogue has no translation of it). */
export function translateText(text: string, locale: Locale): string {
  return systemDictionary(locale)[text] ?? text;
}

/** Every text a translation lacks, as `locale:namespace.key` (what the catalogue test lists). */
export function missingTranslations(): string[] {
  const missing: string[] = [];
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    for (const [name, definition] of Object.entries(NAMESPACES) as [string, NamespaceDefinition][]) {
      for (const key of Object.keys(definition.en)) {
        if (definition[locale][key] === undefined) missing.push(`${locale}:${name}.${key}`);
      }
    }
  }
  return missing;
}
