import { stripLocale } from '@oasis/shared/i18n/locales';

/**
 * The addresses of the islands pages (the routes in routes/public/ whose `handle` is ISLANDS_PAGE),
 * without the language prefix. Their root data carries no texts (lib/i18n.tsx): a React page wrongly
 * listed here would lack its texts in the browser, so `paths.test.ts` checks the list against the
 * routes. A page missing from it only costs its misses some CPU (the 404 page is not listed).
 */
export const ISLANDS_PATHS =
  /^\/(?:home|about|why-dubai|courses|courses\/[^/]+|blogs\/[^/]+|certificates\/[^/]+|contact|consult|privacy-policy)?\/?$/i;

/** Whether `pathname` (in either language) is answered by an islands page. */
export function isIslandsPath(pathname: string): boolean {
  return ISLANDS_PATHS.test(stripLocale(pathname));
}
