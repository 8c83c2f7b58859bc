import type { FastifyReply } from 'fastify';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { DEFAULT_LOCALE, type Locale, LOCALE_INFO, localeFromPath, messagesFor } from '@oasis/shared/i18n';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableReason } from '../db/unavailable.ts';
import { escapeHtml } from '../modules/mail/compose.ts';
import { PRIVATE_NO_STORE } from './private-answers.ts';

/**
 * The small pages the server writes itself when a page cannot be rendered as it should: too many
 * renders asked from one address (429), and the database out of reach (503). No script, no web
 * app, one inline style: they must cost next to nothing. Kept by no cache.
 */

const SERVER_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendServerPage(
  reply: FastifyReply,
  url: string,
  status: 429 | 503,
  retryAfterSeconds: number,
  texts: (t: ReturnType<typeof messagesFor>['tooBusy']) => { title: string; text: string },
) {
  const locale = localeFromPath(url);
  const t = messagesFor(locale).tooBusy;
  const { title, text } = texts(t);
  reply.code(status).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'private, no-store');
  reply.header('content-security-policy', SERVER_PAGE_CSP);
  // The React app's data requests get the text alone.
  if (isDataRequest(url)) return reply.type('text/plain; charset=utf-8').send(text);
  const { lang, dir } = LOCALE_INFO[locale];
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}a{color:#0b5394}a:focus-visible{outline:3px solid #0b5394;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t.reload)}</a></p></main></body>
</html>`;
  return reply.type('text/html; charset=utf-8').send(html);
}

/** React Router's data request for a page (`/courses.data?q=…`), made by the React app in the browser. */
export function isDataRequest(url: string): boolean {
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)).endsWith('.data');
}

/** A miss past the address's render budget (lib/render-budget.ts). */
export function sendTooBusy(reply: FastifyReply, url: string, retryAfterSeconds: number) {
  return sendServerPage(reply, url, 429, retryAfterSeconds, (t) => ({ title: t.title, text: t.text }));
}

/** A page whose render read public content the database could not give. */
export function sendDatabaseAway(reply: FastifyReply, url: string) {
  return sendServerPage(reply, url, 503, DATABASE_RETRY_AFTER_SECONDS, (t) => ({
    title: t.awayTitle,
    text: t.awayText,
  }));
}

/**
 * The public content with every read watched: `failures()` counts the reads that failed because the
 * database was out of reach. A render during which the count moved may lack content its loader
 * caught and hid (a page without its mentor), so it is answered with `sendDatabaseAway` and kept
 * nowhere, rather than cached whole-looking until the next write.
 */
export function watchDatabaseReads(site: PublicSiteData): { site: PublicSiteData; failures: () => number } {
  let failures = 0;
  const watched: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(site)) {
    watched[name] =
      typeof read === 'function' && name !== 'versions'
        ? (...args: unknown[]) =>
            (read as (...a: unknown[]) => Promise<unknown>).apply(site, args).catch((error: unknown) => {
              if (databaseUnavailableReason(error)) failures += 1;
              throw error;
            })
        : read;
  }
  return { site: watched as unknown as PublicSiteData, failures: () => failures };
}

/**
 * Pages with a form that posts back to the site (unsubscribing from e-mails, the sandbox payment
 * page): no scripts, inline styles only, kept by no cache.
 */
const FORM_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** A form page's start up to its title, in the page's language; search engines keep it out. */
export function formPageHead(locale: Locale, title: string): string {
  const { lang, dir } = LOCALE_INFO[locale];
  return `<!doctype html>
<html lang="${lang}"${locale === DEFAULT_LOCALE ? '' : ` dir="${dir}"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>`;
}

export function sendFormPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', PRIVATE_NO_STORE)
    .header('content-security-policy', FORM_PAGE_CSP)
    .send(html);
}
