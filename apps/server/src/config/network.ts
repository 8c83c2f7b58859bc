// The proxies in front of the site (TRUST_PROXY) and the public address it is reached at.

import { isIP } from 'node:net';
import { MAX_PROXY_HOPS, proxyRangeProblem } from '../lib/trust-proxy.ts';
import { SECRET_RECIPE } from './secret.ts';

export const TRUST_PROXY_TRUE_MESSAGE =
  'TRUST_PROXY=true would trust any X-Forwarded-For a client writes: set the number of proxies in front of the site (TRUST_PROXY=1) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it. A hop count or the proxies' addresses make the
 * client address the one the last trusted proxy saw; whatever a client writes further left in
 * X-Forwarded-For is ignored.
 */
export function parseTrustProxy(
  value: string | undefined,
): { ok: true; value: false | number | string[] } | { ok: false; messages: string[] } {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0' || text === 'no') return { ok: true, value: false };
  if (text === 'true' || text === 'yes') return { ok: false, messages: [TRUST_PROXY_TRUE_MESSAGE] };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return { ok: true, value: hops };
    // Every hop past the real proxies is a client's own entry: a large count trusts whatever it writes.
    return {
      ok: false,
      messages: [
        `${text} proxies is more than a site has in front of it (at most ${MAX_PROXY_HOPS}), and a count above the real one lets clients write their own address: set the number of proxies (TRUST_PROXY=1 for one nginx or Caddy), or list their addresses`,
      ],
    };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0)
    return {
      ok: false,
      messages: [
        `not a number of proxies nor a list of IP addresses or CIDR ranges (${invalid.join(', ') || value}); e.g. TRUST_PROXY=1 or TRUST_PROXY=127.0.0.1,10.0.0.0/8`,
      ],
    };
  const messages = entries.flatMap((entry) => {
    const problem = proxyRangeProblem(entry);
    return problem ? [`${entry}: ${problem}`] : [];
  });
  return messages.length > 0 ? { ok: false, messages } : { ok: true, value: entries };
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** An interface of this machine alone: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/**
 * A site served to others: SITE_URL is set to an address this machine alone cannot stand for
 * (localhost, *.localhost, 127.0.0.0/8 and ::1 can). False for an unset or unreadable SITE_URL.
 */
export function isPublicSiteUrl(url: string | undefined): boolean {
  if (!url || !URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (isIP(host) === 4) return !host.startsWith('127.');
  return host !== '::1';
}

/**
 * Settings that are fine for a demo on this machine but unsafe once the site is public: each one
 * is listed, so the owner fixes them all in one go.
 */
export function publicSiteProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const site = `SITE_URL=${raw.SITE_URL} is a public address`;
  if (raw.PAYMENT_PROVIDER === undefined)
    problems.push(
      `PAYMENT_PROVIDER: required because ${site}; without it payments run in the built-in sandbox, where anyone enrols without paying. Set PAYMENT_PROVIDER=ziina or stripe (with their keys), or PAYMENT_PROVIDER=sandbox for a test site on purpose`,
    );
  if (raw.MEDIA_SIGNING_SECRET === undefined)
    problems.push(
      `MEDIA_SIGNING_SECRET: required because ${site}, so that video links survive restarts and work on every instance (at least 32 random characters, ${SECRET_RECIPE})`,
    );
  if (raw.SITE_URL && new URL(raw.SITE_URL).protocol !== 'https:')
    problems.push(
      `SITE_URL: must start with https:// because it is a public address (sign-in, passwords and payment returns travel over it)`,
    );
  return problems;
}
