import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COURSE_SORTS } from '@oasis/shared/limits';

/**
 * Rendered public pages (and public API reads) do not depend on who asks, so they are kept in
 * memory until content changes: any write that changes what a public page shows calls
 * `invalidate()`. On PostgreSQL the other instances are told too (lib/instance-sync.ts). Entries
 * also expire after `maxAgeMs`, which bounds staleness from writes no process announced (an edit
 * made in psql, a notification lost while an instance was reconnecting).
 *
 * The cache is split into segments, each a bounded LRU of its own (entries and bytes), so answers
 * a visitor can mint at will (searches, unknown paths, odd spellings) only ever push out each
 * other, never the public pages themselves. See docs/decisions/010-caching-and-sanitising-on-display.md.
 */
export interface CachedPage {
  status: number;
  /** Every header a hit sends (content type, ETag, cache policy, CSP, Vary), built once when stored. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  etag: string;
  /**
   * The body compressed, per encoding, once the first client taking that encoding asked for it
   * (`encodedBody`), then kept for every later hit. Absent when the body is not worth compressing
   * (not text, or under 1 KB). Made on demand, not when stored: most entries (a catalogue search,
   * a page after an edit) are asked for in one encoding, or by a client taking none.
   */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

export type Encoding = 'br' | 'gzip';

export type CacheSegment = 'pages' | 'pageVariants' | 'pageMisses' | 'api' | 'apiVariants';

/**
 * The parts of the public content a write can change, as the read model holds them (read-model.ts).
 * A write names the parts it changed: only those are loaded again. 'catalogue' is the courses with
 * their modules and lessons; 'enrolments' their learner counts (a sale changes those only).
 */
export type ContentPart =
  | 'settings'
  | 'hero'
  | 'intro'
  | 'podcasts'
  | 'catalogue'
  | 'enrolments'
  | 'blogs'
  /** The mentor's profile: the About page, the course pages' instructor block, `Person` data. */
  | 'mentor';

/** Every part, once (a Record, so adding a part to the type without adding it here fails to compile). */
const PARTS: Readonly<Record<ContentPart, true>> = {
  settings: true,
  hero: true,
  intro: true,
  podcasts: true,
  catalogue: true,
  enrolments: true,
  blogs: true,
  mentor: true,
};
/** Every part: what a process refreshes when it may have missed a change (lib/instance-sync.ts). */
export const CONTENT_PARTS: readonly ContentPart[] = Object.freeze(Object.keys(PARTS) as ContentPart[]);

export function isContentPart(name: unknown): name is ContentPart {
  return typeof name === 'string' && Object.hasOwn(PARTS, name);
}

/**
 * Told of every `invalidate()`: `parts` are the parts a write changed (undefined: unknown, assume
 * everything). A promise means the listener is refreshing its copy; the page cache waits for it.
 */
export type InvalidateListener = (parts: readonly ContentPart[] | undefined) => Promise<unknown> | undefined;

export interface SegmentLimits {
  maxEntries: number;
  maxBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_SEGMENT_LIMITS: Readonly<Record<CacheSegment, SegmentLimits>> = {
  // Public pages at their own address, answered 200: as many as there are courses and blogs.
  pages: { maxEntries: 1000, maxBytes: 48 * MiB },
  // Catalogue searches, sign-in and learner screens, other spellings of a page's address.
  pageVariants: { maxEntries: 300, maxBytes: 12 * MiB },
  // Not-found pages and redirects: a flood of made-up paths churns this one only.
  pageMisses: { maxEntries: 100, maxBytes: 4 * MiB },
  // Public API reads without a query (hero, settings, blogs, the default catalogue)…
  api: { maxEntries: 200, maxBytes: 8 * MiB },
  // …and with one (catalogue searches through the API).
  apiVariants: { maxEntries: 200, maxBytes: 4 * MiB },
};

export interface PageCacheOptions {
  maxAgeMs?: number;
  now?: () => number;
  limits?: Partial<Record<CacheSegment, Partial<SegmentLimits>>>;
}

interface Entry {
  page: CachedPage;
  segment: Segment;
  bytes: number;
  storedAt: number;
}

interface Segment {
  limits: SegmentLimits;
  /** Map iteration order is insertion order: the first key is the least recently used. */
  entries: Map<string, Entry>;
  bytes: number;
}

export class PageCache {
  #index = new Map<string, Entry>();
  #segments: Record<CacheSegment, Segment>;
  #version = 0;
  #listeners = new Set<InvalidateListener>();
  readonly #maxAgeMs: number;
  readonly #now: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    const segment = (name: CacheSegment): Segment => ({
      limits: { ...DEFAULT_SEGMENT_LIMITS[name], ...options.limits?.[name] },
      entries: new Map(),
      bytes: 0,
    });
    this.#segments = {
      pages: segment('pages'),
      pageVariants: segment('pageVariants'),
      pageMisses: segment('pageMisses'),
      api: segment('api'),
      apiVariants: segment('apiVariants'),
    };
  }

  get version(): number {
    return this.#version;
  }

  /**
   * Lookups since start, for /metrics (plugins/metrics.ts): plain increments on the hot path, read
   * when scraped. API keys start with `api:`, page keys with `/`. The page fast lane counts its own
   * hits and leaves its misses uncounted: the route it hands the request to looks again.
   */
  readonly lookups = { pageHits: 0, pageMisses: 0, apiHits: 0, apiMisses: 0, fastLaneHits: 0 };

  get(key: string): CachedPage | undefined {
    const page = this.peek(key);
    if (key.charCodeAt(0) === 47 /* '/' */) {
      if (page) this.lookups.pageHits++;
      else this.lookups.pageMisses++;
    } else if (page) this.lookups.apiHits++;
    else this.lookups.apiMisses++;
    return page;
  }

  /** `get` without counting the lookup (the page fast lane's). */
  peek(key: string): CachedPage | undefined {
    const entry = this.#index.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt > this.#maxAgeMs) {
      this.#delete(key, entry);
      return undefined;
    }
    // Refresh recency within its segment.
    entry.segment.entries.delete(key);
    entry.segment.entries.set(key, entry);
    return entry.page;
  }

  /** Stores a page rendered at `version` in `segment`; a render that raced with a change is dropped. */
  set(key: string, page: CachedPage, version: number, segment: CacheSegment): void {
    if (version !== this.#version) return;
    const target = this.#segments[segment];
    const bytes = key.length + page.body.length + encodedBytes(page);
    const previous = this.#index.get(key);
    if (previous) this.#delete(key, previous);
    if (bytes > target.limits.maxBytes) return;
    const entry: Entry = { page, segment: target, bytes, storedAt: this.#now() };
    this.#index.set(key, entry);
    target.entries.set(key, entry);
    target.bytes += bytes;
    // A body compressed later counts against the segment's bytes too.
    growth.set(page, (added) => {
      if (this.#index.get(key) !== entry) return;
      entry.bytes += added;
      target.bytes += added;
      this.#trim(target);
    });
    this.#trim(target);
  }

  /** Drops a segment's least recently used entries until it is within its limits. */
  #trim(target: Segment) {
    while (target.entries.size > target.limits.maxEntries || target.bytes > target.limits.maxBytes) {
      const [oldestKey, oldest] = target.entries.entries().next().value as [string, Entry];
      this.#delete(oldestKey, oldest);
    }
  }

  /**
   * Content changed. With `parts` (what a write changed), the listeners (the read model) load those
   * parts again at once while visitors keep getting the previous copy and the pages made from it;
   * the pages are dropped once the new copy is in place (the read model calls `drop()` then), so
   * no page rendered from the old copy is kept as new. The promise resolves when that is done: a
   * writer awaits it, so its answer comes after its change shows. Without `parts` (a change this
   * process cannot name: rows written behind the services, a test seeding rows), pages are dropped
   * at once and the read model serves nothing older: the next readers wait for a fresh load.
   */
  invalidate(parts?: readonly ContentPart[]): Promise<void> {
    if (!parts) {
      this.drop();
      for (const listener of this.#listeners) void listener(undefined);
      return Promise.resolve();
    }
    const started = this.#version;
    const refreshing: Promise<unknown>[] = [];
    for (const listener of this.#listeners) {
      const refresh = listener(parts);
      if (refresh) refreshing.push(refresh);
    }
    // A listener that refreshed something drops the pages itself, the moment its copy changes.
    // If none did (nothing loaded yet, or the load failed and waits for a retry), drop them now.
    const done = () => {
      if (this.#version === started) this.drop();
    };
    if (refreshing.length === 0) {
      done();
      return Promise.resolve();
    }
    return Promise.allSettled(refreshing).then(done);
  }

  /**
   * Drops every entry, and every answer being rendered now (`set` refuses their version): what
   * they were made from may be gone. Listeners are not told.
   */
  drop(): void {
    this.#version += 1;
    this.#index.clear();
    for (const segment of Object.values(this.#segments)) {
      segment.entries.clear();
      segment.bytes = 0;
    }
  }

  /**
   * Calls `listener` on every `invalidate()`, so other copies of public content (the read model)
   * follow the pages. Returns a function that removes it.
   */
  onInvalidate(listener: InvalidateListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#index.size;
  }

  /** Entries and bytes held by one segment. */
  usage(segment: CacheSegment): { entries: number; bytes: number } {
    const s = this.#segments[segment];
    return { entries: s.entries.size, bytes: s.bytes };
  }

  #delete(key: string, entry: Entry): void {
    this.#index.delete(key);
    entry.segment.entries.delete(key);
    entry.segment.bytes -= entry.bytes;
  }
}

// ---------------------------------------------------------------------------------------------
// Cache keys: only what changes the answer.

/** Parameters that only tell analytics where a visitor came from: no page or API answer reads them. */
const TRACKING_PARAMS = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  '_ke',
  'dclid',
  'fbclid',
  'gad_source',
  'gbraid',
  'gclid',
  'gclsrc',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'oly_anon_id',
  'oly_enc_id',
  'rb_clickid',
  'ref',
  'ref_src',
  's_cid',
  'srsltid',
  'ttclid',
  'twclid',
  'vero_id',
  'wbraid',
  'yclid',
]);
/** Whole families: Google (utm_), Matomo (pk_, mtm_), HubSpot ads (hsa_). */
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * `url` (a path with its query) reduced to what can change the answer: the path, then the query
 * parameters named in `keep` (every parameter but tracking ones when `keep` is absent), sorted by
 * name in a fixed order. Repeated parameters keep their relative order (the sort is stable).
 */
export function normaliseUrl(url: string, keep?: ReadonlySet<string>): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  if (keep?.size === 0) return path;
  const kept: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (keep ? keep.has(name) : !isTrackingParam(name)) kept.push([name, value]);
  }
  if (kept.length === 0) return path;
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The query parameters each public page reads (apps/web/app/routes/public/), at its own address
 * exactly as the site links to it. Every other path (sign-in, learner and admin screens, other
 * spellings, unknown paths) keeps all but tracking parameters: its answer may read any of them.
 */
const PUBLIC_PAGE_PARAMS = new Map<string, ReadonlySet<string>>([
  ['/', NONE],
  ['/home', NONE],
  ['/about', NONE],
  ['/why-dubai', NONE],
  ['/courses', new Set(['page', 'q', 'sort'])],
  ['/contact', new Set(['query_type'])],
  ['/consult', NONE],
  ['/privacy-policy', NONE],
  // Past 5,000 URLs the sitemap is an index of parts, ?page=1, ?page=2…
  ['/sitemap.xml', new Set(['page'])],
  ['/robots.txt', NONE],
]);
/** A course or blog by slug: a wrong slug is a 404 and an id a redirect, so only real pages answer 200. */
const PUBLIC_DETAIL = /^\/(courses|blogs)\/[^/.]+$/;
/** React Router's data requests (client navigations, fetchers) also say which routes to load. */
const DATA_PARAMS = ['_routes', 'index'];
const dataParams = new Map<ReadonlySet<string>, ReadonlySet<string>>();

/**
 * A public page's address without its language: `/ar/courses` is the catalogue in Arabic
 * (docs/i18n.md), with the same parameters. Exactly `/ar`: other casings are redirected first.
 */
function withoutLocale(pathname: string): string {
  if (pathname === '/ar') return '/';
  return pathname.startsWith('/ar/') ? pathname.slice(3) : pathname;
}

/** The parameters the public page at `pathname` reads, or undefined when it is not one. */
function publicPageParams(localePathname: string): ReadonlySet<string> | undefined {
  if (localePathname.endsWith('.data')) {
    const page = localePathname === '/_root.data' ? '/' : localePathname.slice(0, -'.data'.length);
    const params = page === '/' || !page.endsWith('/') ? publicPageParams(page) : undefined;
    if (!params) return undefined;
    let withRoutes = dataParams.get(params);
    if (!withRoutes) {
      withRoutes = new Set([...params, ...DATA_PARAMS]);
      dataParams.set(params, withRoutes);
    }
    return withRoutes;
  }
  const pathname = withoutLocale(localePathname);
  return PUBLIC_PAGE_PARAMS.get(pathname) ?? (PUBLIC_DETAIL.test(pathname) ? NONE : undefined);
}

function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

/**
 * The cache key of a page request, which is also the URL the page is rendered from: a parameter
 * the key leaves out can never show up in a cached page.
 */
export function pageCacheKey(url: string): string {
  return normaliseUrl(url, publicPageParams(pathOf(url)));
}

// ---------------------------------------------------------------------------------------------
// Canonical addresses: other spellings of a public page are redirected before any render, so
// that each does not cost a render and an entry of its own.

/**
 * The catalogue's parameters as its page reads them (apps/web/app/routes/public/courses.tsx and
 * sections/catalog.ts: 'latest' is the default sort, a search is cut at 100 characters).
 */
const DEFAULT_CATALOGUE_SORT = 'latest';
const MAX_CATALOGUE_QUERY = 100;

/** `/courses`' own parameters in the form its links use: defaults left out (`catalogHref`). */
function canonicalCatalogueParams(params: URLSearchParams): [string, string][] {
  const kept: [string, string][] = [];
  const q = (params.get('q') ?? '').trim().slice(0, MAX_CATALOGUE_QUERY);
  if (q) kept.push(['q', q]);
  const sort = params.get('sort');
  // 'latest' is the default; an unknown sort is shown as the default.
  if (sort !== null && sort !== DEFAULT_CATALOGUE_SORT && Object.hasOwn(COURSE_SORTS, sort)) kept.push(['sort', sort]);
  const page = Number.parseInt(params.get('page') ?? '', 10);
  if (Number.isSafeInteger(page) && page > 1) kept.push(['page', String(page)]);
  return kept;
}

/**
 * Where a GET of `url` should be sent instead, or null when `url` is already the address of its
 * page (or no public page's). Public paths are lower case (slugs are made lower-case kebab:
 * `slugify`), so `/Courses` or `/BLOGS/Some-Post` go to their lower-case path, and a trailing slash
 * goes; the catalogue's `q`, `sort` and `page` go to the form its links use (`page=1`, `page=01`,
 * `page=+2`, `sort=latest`, an unknown sort, an empty `q` left out or tidied). Every other parameter,
 * tracking ones included, is passed on as it came: those never reach the cache key, so they need no
 * redirect of their own. Decided from the cache key: a redirect only where the key would differ.
 */
export function canonicalPageUrl(url: string): string | null {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (path.endsWith('.data')) return null;
  // Letters only: a percent-escape keeps its spelling (`%C3%A9` is no other page than it is).
  let canonicalPath = path.replace(/%[0-9A-Fa-f]{2}|[A-Z]+/g, (part) => (part[0] === '%' ? part : part.toLowerCase()));
  if (canonicalPath.length > 1 && canonicalPath.endsWith('/')) canonicalPath = canonicalPath.replace(/\/+$/, '') || '/';
  const page = withoutLocale(canonicalPath);
  if (!PUBLIC_PAGE_PARAMS.has(page) && !PUBLIC_DETAIL.test(page)) return null;
  let query = mark === -1 ? '' : url.slice(mark + 1);
  if (page === '/courses' && query) {
    const params = new URLSearchParams(query);
    const rest = [...params].filter(([name]) => name !== 'q' && name !== 'sort' && name !== 'page');
    query = new URLSearchParams([...canonicalCatalogueParams(params), ...rest]).toString();
  }
  const target = query ? `${canonicalPath}?${query}` : canonicalPath;
  return pageCacheKey(target) === pageCacheKey(url) ? null : target;
}

/**
 * Where a rendered page is kept: public pages at their own address (a finite set) apart from
 * everything a visitor can mint at will, and failures apart from both.
 */
export function pageSegment(key: string, status: number): CacheSegment {
  if (status !== 200) return 'pageMisses';
  return !key.includes('?') && publicPageParams(key) ? 'pages' : 'pageVariants';
}

/** The cache key of a public API read: only the query parameters its schema declares. */
export function apiCacheKey(url: string, params: ReadonlySet<string>): string {
  return `api:${normaliseUrl(url, params)}`;
}

export function apiSegment(key: string): CacheSegment {
  return key.includes('?') ? 'apiVariants' : 'api';
}

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

/** Told of the bytes a compressed body adds to a stored entry (set by `PageCache.set`). */
const growth = new WeakMap<CachedPage, (added: number) => void>();

function encodedBytes(page: CachedPage): number {
  return (page.encoded?.br?.length ?? 0) + (page.encoded?.gzip?.length ?? 0);
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
