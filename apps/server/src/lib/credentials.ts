import type { IncomingHttpHeaders } from 'node:http';

/**
 * Our own cookies (`oasis_…`, today the Google sign-in attempt): they stand for a person. Cookies
 * set by others on the domain (a CDN's bot check) do not, and must not make public pages private.
 */
const OUR_COOKIE = /(?:^|;)\s*oasis_[^=;]*=/;

/** A bearer token or one of our cookies: the answer is for this person only. */
export function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization) return true;
  const cookie = headers.cookie;
  return typeof cookie === 'string' && OUR_COOKIE.test(cookie);
}
