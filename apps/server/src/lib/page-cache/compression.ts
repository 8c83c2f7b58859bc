import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedPage, type Encoding, growth } from './store.ts';

// ---------------------------------------------------------------------------------------------
// Entries: built once when stored, sent cheaply on every hit.

/** What @fastify/compress would compress; smaller bodies gain nothing. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|[^;]*\+(json|xml))/i;
const COMPRESS_THRESHOLD = 1024;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A cache entry from a finished answer: its ETag and the complete set of headers a hit sends
 * (`headers` plus ETag, Cache-Control and Vary). Compressed bodies are made when first asked for.
 */
export function cachedAnswer(status: number, headers: Record<string, string>, body: Buffer, vary?: string): CachedPage {
  const etag = etagOf(body);
  const compressible = body.length >= COMPRESS_THRESHOLD && COMPRESSIBLE.test(headers['content-type'] ?? '');
  const varyOn = [vary, compressible ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  // The length depends on the encoding sent: Fastify sets it per answer.
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-length'));
  return {
    status,
    etag,
    body,
    headers: {
      ...kept,
      etag,
      // Every visitor gets the same answer: a CDN may keep it but must revalidate, so edits show at once.
      'cache-control': 'public, max-age=0, must-revalidate',
      ...(varyOn ? { vary: varyOn } : {}),
    },
    ...(compressible ? { encoded: {} } : {}),
  };
}

/**
 * The entry's body in `encoding`, compressed on the first request for it and kept with the entry
 * (counted in its cache segment's bytes). Brotli at quality 5: close to the best ratio for a page
 * at a fraction of quality 11's time. Only for entries with `encoded` (compressible bodies).
 */
export function encodedBody(page: CachedPage, encoding: Encoding): Buffer {
  if (!page.encoded) throw new Error('encodedBody: the entry is not compressible');
  let body = page.encoded[encoding];
  if (!body) {
    const key = `${encoding}${page.etag}`;
    body = recentEncodings.get(key);
    if (body) recentEncodings.delete(key);
    else {
      body =
        encoding === 'br'
          ? brotliCompressSync(page.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(page.body);
      recentBytes += body.length;
    }
    // Most recently used last: the oldest go first.
    recentEncodings.set(key, body);
    for (const [oldKey, old] of recentEncodings) {
      if (recentBytes <= RECENT_ENCODED_BYTES) break;
      recentEncodings.delete(oldKey);
      recentBytes -= old.length;
    }
    page.encoded[encoding] = body;
    growth.get(page)?.(body.length);
  }
  return body;
}

/**
 * Compressed bodies by encoding and ETag (a hash of the body), the most recently used first to
 * stay: a page rendered again after the cache was dropped is most often the very same bytes (the
 * write was elsewhere), and compressing it again was the main thread's largest share of such a
 * miss (a sitemap part of 850 KB: 10-15 ms of brotli). Bounded by their bytes.
 */
const recentEncodings = new Map<string, Buffer>();
let recentBytes = 0;
const RECENT_ENCODED_BYTES = 8 * 1024 * 1024;

/** 'br' or 'gzip' when `accept` allows it (q > 0), else undefined. */
export function acceptedEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  // Browsers send a handful of spellings: each is read once (a cache hit is a few microseconds
  // in all, and this took one and a half of them), the first 64 kept.
  if (encodings.has(accept)) return encodings.get(accept);
  const encoding = readAcceptEncoding(accept);
  if (encodings.size < 64) encodings.set(accept, encoding);
  return encoding;
}
const encodings = new Map<string, Encoding | undefined>();

function readAcceptEncoding(accept: string): Encoding | undefined {
  let gzip = false;
  let any = false;
  for (const part of accept.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') any = true;
  }
  return gzip ? 'gzip' : any ? 'br' : undefined;
}

/**
 * Answers from a cache entry: status and prepared headers, 304 when the ETag matches, the body
 * compressed (once per entry and encoding) when the client takes it (a set Content-Encoding tells the compression
 * plugin to leave it alone).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.code(page.status).headers(page.headers);
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  if (page.encoded) {
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(encodedBody(page, encoding));
  }
  return reply.send(page.body);
}
