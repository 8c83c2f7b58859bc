import common from './ns/common.ts';
import core from './ns/core.ts';
import footer from './ns/footer.ts';
import nav from './ns/nav.ts';

/**
 * Every namespace of the catalogues (docs/i18n.md). A new one is a file in ./ns (its English and
 * its Arabic side by side) and a line here; say below whether it is a rules namespace, a page's
 * own or the server's only.
 */
export const NAMESPACES = {
  core,
  common,
  nav,
  footer,
};

/**
 * Texts of the rules (the shared schemas and the API write them in English): the browser and the
 * API's error answers translate them through `systemDictionary`.
 */
export const SYSTEM_NAMESPACES = ['core'] as const satisfies readonly (keyof typeof NAMESPACES)[];
/** A page's own texts: sent by that page's loader, never with every page. */
export const PAGE_NAMESPACES = [] as const satisfies readonly (keyof typeof NAMESPACES)[];
/** Only the server reads these (e-mails). */
export const SERVER_NAMESPACES = [] as const satisfies readonly (keyof typeof NAMESPACES)[];
