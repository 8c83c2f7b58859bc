import { couponLinkAnswer } from './coupon-link.ts';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { carriesCredentials } from './credentials.ts';
import { acceptedEncoding, type CachedPage, encodedBody, type PageCache, pageCacheKey } from './page-cache.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { rewriteBadUrl } from './unstorable-text.ts';

/** API and media paths never reach the page renderer: an unknown one is a JSON 404. */
export const NOT_PAGES = /^\/(api|media)(\/|$)/;
/** Pages whose URLs carry one-time secrets, in either language: never kept as cache keys. */
export const SECRET_URLS = /^(\/ar)?\/(oauth-success|reset-password|verify-email)(\/|\?|$)/i;

export interface FastLaneLine {
  method: string;
  url: string;
  statusCode: number;
  ms: number;
}

/**
 * A page already in the page cache, asked for anonymously, is answered straight from the HTTP
 * server's request event, before Fastify builds a request, runs its hooks and logs: on a busy site
 * that is most requests, and this keeps them close to what a bare server costs. It answers exactly
 * what the Fastify route would (plugins/web.ts, the same cache key and entry, the same security
 * headers, 304 on a matching ETag, HEAD without a body) and only when the route would answer from
 * the cache: GET or HEAD of a page address that decodes cleanly, not a secret URL or a coupon link, and no
 * credentials (those answers are marked private). Everything else goes to Fastify untouched.
 */
export function createPageFastLane(
  cache: PageCache,
  log: ((line: FastLaneLine) => void) | null,
  /** A visit with a touch to record (lib/attribution.ts) goes to the route, which sets its cookie. */
  mayRecordVisit: (url: string, headers: IncomingMessage['headers']) => boolean = () => false,
) {
  /** Each entry's full header sets, built on its first hit and dropped with the entry. */
  const headerSets = new WeakMap<CachedPage, HeaderSets>();
  return function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const { method, url, headers } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url) return false;
    if (NOT_PAGES.test(url) || SECRET_URLS.test(url)) return false;
    // A coupon link is answered by the route (a redirect that sets a cookie), never by its page.
    if (couponLinkAnswer(url, false)) return false;
    if (carriesCredentials(headers)) return false;
    if (mayRecordVisit(url, headers)) return false;
    if (rewriteBadUrl({ url }) !== url) return false;
    // A miss is counted by the route the request goes on to, which looks again.
    const page = cache.peek(pageCacheKey(url));
    if (!page) return false;
    cache.lookups.fastLaneHits++;

    const started = log ? performance.now() : 0;
    let sets = headerSets.get(page);
    if (!sets) {
      sets = headerSetsOf(page);
      headerSets.set(page, sets);
    }
    let status = page.status;
    if (status === 200 && headers['if-none-match'] === page.etag) {
      status = 304;
      res.writeHead(304, sets.notModified);
      res.end();
    } else {
      const encoding = page.encoded ? acceptedEncoding(headers['accept-encoding']) : undefined;
      if (encoding && page.encoded) {
        const body = encodedBody(page, encoding);
        sets[encoding] ??= sized(sets.notModified, body, { 'content-encoding': encoding });
        res.writeHead(status, sets[encoding]);
        res.end(method === 'HEAD' ? undefined : body);
      } else {
        res.writeHead(status, sets.identity);
        res.end(method === 'HEAD' ? undefined : page.body);
      }
    }
    log?.({ method, url, statusCode: status, ms: Math.round((performance.now() - started) * 10) / 10 });
    return true;
  };
}

/** An entry's header sets: each encoding's made with its body (`encodedBody`), on its first hit. */
interface HeaderSets {
  identity: OutgoingHttpHeaders;
  br?: OutgoingHttpHeaders;
  gzip?: OutgoingHttpHeaders;
  /** The headers every answer of the entry carries, without a length (a 304's). */
  notModified: OutgoingHttpHeaders;
}

function sized(base: OutgoingHttpHeaders, body: Buffer, extra: OutgoingHttpHeaders = {}): OutgoingHttpHeaders {
  return { ...base, ...extra, 'content-length': body.length };
}

function headerSetsOf(page: CachedPage): HeaderSets {
  const base = { ...SECURITY_HEADERS, ...page.headers };
  return { identity: sized(base, page.body), notModified: base };
}

/**
 * Fastify's `serverFactory` with the fast lane in front: the HTTP server Fastify would make itself
 * (the same timeouts), whose requests try the lane first. While `lifecycle.draining`, every answer
 * closes its connection.
 */
export function fastLaneServerFactory(
  lane: (req: IncomingMessage, res: ServerResponse) => boolean,
  options: Pick<FastifyServerOptions, 'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout'>,
  lifecycle: { readonly draining: boolean } = { draining: false },
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler) => {
    const server = http.createServer((req, res) => {
      // Draining (modules/health/lifecycle.ts): `Connection: close` on the lane's answers too.
      if (lifecycle.draining) res.shouldKeepAlive = false;
      if (!lane(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
