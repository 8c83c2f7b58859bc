/**
 * A sliding-window limit on form submissions, kept in memory per key (form + IP address): at most
 * `max` in any `windowMs`. In memory on purpose: one process serves the site, and a restart only
 * forgives a few submissions. The clock is injectable so tests can move time.
 */
export class SubmissionLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly hits = new Map<string, number[]>();

  constructor(options: { max: number; windowMs: number; now?: () => number }) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.now = options.now ?? (() => Date.now());
  }

  /** Counts a submission; returns the seconds to wait instead when the key has none left. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const since = now - this.windowMs;
    if (this.hits.size > 10_000) this.sweep(since);
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }

  private sweep(since: number) {
    for (const [key, times] of this.hits) if (!times.some((at) => at > since)) this.hits.delete(key);
  }
}
