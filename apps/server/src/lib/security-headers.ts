/**
 * The security headers of every answer, as one constant: set by one hook on every Fastify answer
 * and written as they are by the cached-page fast lane (lib/page-fast-lane.ts), so both send the
 * same. They are helmet's defaults, with two changes: no content security policy here (the web
 * plugin sets one per page, with the hashes of its scripts) and no cross-origin embedder policy
 * (pages embed Vimeo and YouTube players). Resources are shared with the same site only.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
