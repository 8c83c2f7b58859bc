import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@oasis/shared/i18n';

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
