import type { ContentPart } from './parts.ts';

/**
 * Rendered public pages (and public API reads) do not depend on who asks, so they are kept in
 * memory until content changes: a write route declares the parts it changes and one hook calls
 * `invalidate(parts)` (plugins/cache-effects.ts). On PostgreSQL the other instances are told too
 * (lib/instance-sync.ts). Entries also expire after `maxAgeMs`, which bounds staleness from writes
 * no process announced (an edit made in psql, a notification lost while an instance was
 * reconnecting).
 *
 * The cache is split into segments, each a bounded LRU of its own (entries and bytes), so answers
 * a visitor can mint at will (searches, unknown paths, odd spellings) only ever push out each
 * other, never the public pages themselves. See docs/decisions/010-public-cache.md.
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

/** Told of the bytes a compressed body adds to a stored entry (set by `PageCache.set`). */
/** Told of the bytes a compressed body adds to a stored entry (set by `PageCache.set`). */
export const growth = new WeakMap<CachedPage, (added: number) => void>();

export function encodedBytes(page: CachedPage): number {
  return (page.encoded?.br?.length ?? 0) + (page.encoded?.gzip?.length ?? 0);
}
