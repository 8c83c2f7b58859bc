import { limitAddress } from './trust-proxy.ts';

/** Client addresses the budget remembers at most; past that, the one seen longest ago is forgotten. */
const MAX_CLIENTS = 10_000;

/**
 * Page renders one client address may cause (RENDERS_PER_IP_PER_MINUTE): a token bucket per
 * address that holds a minute's worth and refills at that rate. Only a request that misses the
 * page cache and would render takes from it, so a visitor reading the site (cached pages, even a
 * burst of prefetches after a content change) never meets it, while a client asking for endless
 * uncached addresses (`/courses?q=<random>`) gets a 429 after its burst instead of a render each.
 * In memory, per process: a forgotten address starts again with a full bucket, which costs it
 * nothing it could not have had from a fresh address.
 */
export class RenderBudget {
  readonly #capacity: number;
  /** Tokens per millisecond. */
  readonly #rate: number;
  readonly #now: () => number;
  readonly #maxClients: number;
  /** By client; a Map keeps insertion order, so the first entry is the one seen longest ago. */
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(perMinute: number, options: { now?: () => number; maxClients?: number } = {}) {
    this.#capacity = perMinute;
    this.#rate = perMinute / 60_000;
    this.#now = options.now ?? Date.now;
    this.#maxClients = options.maxClients ?? MAX_CLIENTS;
  }

  /** Takes one render for `address`: 0 when it may render now, else the seconds until it may. */
  take(address: string): number {
    const client = limitAddress(address);
    const now = this.#now();
    let bucket = this.#buckets.get(client);
    if (bucket) {
      this.#buckets.delete(client);
      bucket.tokens = Math.min(this.#capacity, bucket.tokens + (now - bucket.at) * this.#rate);
      bucket.at = now;
    } else {
      if (this.#buckets.size >= this.#maxClients) {
        const oldest = this.#buckets.keys().next().value;
        if (oldest !== undefined) this.#buckets.delete(oldest);
      }
      bucket = { tokens: this.#capacity, at: now };
    }
    this.#buckets.set(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#rate / 1000));
  }

  /** Addresses remembered now (for tests). */
  get size(): number {
    return this.#buckets.size;
  }
}
