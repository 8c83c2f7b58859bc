import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, fmt, isLocale, type Locale, systemDictionary, translateText } from '@oasis/shared/i18n';

/**
 * The language a request asks for (docs/i18n.md): the first tag of its Accept-Language, which the
 * web app's API client sets to the page's locale. `ar`, `ar-AE`, `AR_ae` → 'ar'; anything else,
 * or nothing, → 'en'. Only the first tag counts: the client names one language, and a browser's own
 * list (a full-page navigation) is led by the language its user reads best.
 */
export function localeFromAcceptLanguage(header: string | readonly string[] | undefined): Locale {
  const value = typeof header === 'string' ? header : header?.[0];
  const first = value?.split(',', 1)[0]?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const language = first.split(/[-_]/, 1)[0];
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** The request's language (its Accept-Language). */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

interface Template {
  pattern: RegExp;
  names: string[];
  translated: string;
}

const templatesByLocale = new Map<Locale, Template[]>();

/** The rules' texts with a `{value}` in them, each as a pattern that matches the text built from it. */
function templates(locale: Locale): Template[] {
  let list = templatesByLocale.get(locale);
  if (!list) {
    list = [];
    for (const [english, translated] of Object.entries(systemDictionary(locale))) {
      if (!/\{\w+\}/.test(english)) continue;
      const names: string[] = [];
      const source = english
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '(.+?)';
        })
        .join('');
      list.push({ pattern: new RegExp(`^${source}$`, 's'), names, translated });
    }
    templatesByLocale.set(locale, list);
  }
  return list;
}

/**
 * An English text the API sends, in `locale`: the rules' texts through the catalogues
 * (`translateText`), and a text built from a template of theirs ('Please keep this under 200
 * characters.' from 'Please keep this under {max} characters.') through that template's
 * translation, with the same values. A text the catalogues do not know stays as it is.
 */
export function translateApiText(text: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return text;
  const translated = translateText(text, locale);
  if (translated !== text) return translated;
  for (const template of templates(locale)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    return fmt(template.translated, Object.fromEntries(template.names.map((name, i) => [name, match[i + 1] ?? ''])));
  }
  return text;
}

/** Adds `field` to the answer's Vary header (once), keeping what is there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}
