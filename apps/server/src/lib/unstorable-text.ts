import type { BareErrorCode } from '@oasis/shared/error-codes';

// Bytes no page or row can hold, found in a URL or a parsed body. Framework-free, so the bad-input
// plugin and the page fast lane (which answers before Fastify) share one definition.

/** Half of a UTF-16 surrogate pair: a high one not followed by a low one, or a low one on its own. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any form of ours; also keeps the walk below from running long on hostile input. */
const MAX_DEPTH = 32;

/** API addresses get a 400 naming the field; every other address (a page, a media file) a 404. */
const API_PATH = /^\/api(\/|\?|$)/;

/** Page addresses with bad bytes are sent here: a path no page has, so the site's own 404 page answers. */
export const NOT_A_PAGE = '/not-found';
/** API addresses that do not decode are sent here: no route has it, so the API's 404 answers. */
export const NOT_AN_API_ROUTE = '/api/not-found';

/**
 * Text PostgreSQL cannot hold: the NUL character (text columns refuse it) and half of a surrogate
 * pair (not a character at all, so it has no UTF-8 form). Either one used to reach the database
 * and come back as a 500.
 */
export function hasUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * A string or key in a parsed body (or query, or params) that cannot be stored, as
 * `{ 'field.path': message }`; also refuses values nested deeper than any form needs. Walks with a
 * stack, not recursion, so a deeply nested body cannot overflow it.
 */
export function findUnstorableText(value: unknown): Record<string, BareErrorCode> | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { path, depth } = item;
    if (typeof item.value === 'string') {
      if (hasUnstorableText(item.value)) return { [path || '_']: 'core.badCharacters' };
      continue;
    }
    // Raw bodies (the payment webhook keeps its bytes to check their signature) are not text.
    if (item.value === null || typeof item.value !== 'object' || ArrayBuffer.isView(item.value)) continue;
    if (depth >= MAX_DEPTH) return { [path || '_']: 'core.nestedTooDeeply' };
    for (const [key, child] of Object.entries(item.value)) {
      // A bad key is reported on the object holding it: echoing the key back would repeat the bad bytes.
      if (hasUnstorableText(key)) return { [path || '_']: 'core.badCharacters' };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * For Fastify's `rewriteUrl` (it runs before routing). A page address whose path or query holds
 * bytes no page can mean (NUL, half a surrogate pair, percent-encoding that does not decode) is
 * answered as an unknown page, so it never reaches a page's loader and the database. An API address
 * whose path does not decode names nothing: it gets the API's JSON 404, through the app's hooks and
 * error shape (the router's own answer to it would skip both). Other API addresses are left to the
 * plugin below, which answers bad bytes with a 400 naming the field.
 */
export function rewriteBadUrl(raw: { url?: string }): string {
  const url = raw.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const api = API_PATH.test(url);
  try {
    const decoded = decodeURIComponent(path);
    if (api) return url;
    if (hasUnstorableText(decoded)) return NOT_A_PAGE;
    if (queryAt === -1) return url;
    // Decoded the way pages read it (URLSearchParams), so what is checked is what a loader sees.
    for (const [key, value] of new URLSearchParams(url.slice(queryAt + 1))) {
      if (hasUnstorableText(key) || hasUnstorableText(value)) return NOT_A_PAGE;
    }
    return url;
  } catch {
    // Percent-encoding that does not decode (a lone '%', bytes that are not UTF-8).
    return api ? NOT_AN_API_ROUTE : NOT_A_PAGE;
  }
}
