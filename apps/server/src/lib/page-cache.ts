/**
 * Rendered public pages (and public API reads) do not depend on who asks, so they are kept in
 * memory until content changes: any write that changes what a public page shows calls
 * `invalidate()`. Entries also expire after `maxAgeMs`, which bounds staleness from writes this
 * process cannot see (a second instance on the same PostgreSQL, an edit made in psql).
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
}

export class PageCache {
  #entries = new Map<string, CachedPage & { storedAt: number }>();
  #version = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get version(): number {
    return this.#version;
  }

  get(key: string): CachedPage | undefined {
    const hit = this.#entries.get(key);
    if (hit && this.now() - hit.storedAt > this.maxAgeMs) {
      this.#entries.delete(key);
      return undefined;
    }
    if (hit) {
      // Refresh recency: Map iteration order is insertion order, so the first key is the oldest.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  /** Stores a page rendered at `version`; a render that raced with a change is dropped. */
  set(key: string, page: CachedPage, version: number): void {
    if (version !== this.#version) return;
    this.#entries.set(key, { ...page, storedAt: this.now() });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
