import { AppError } from './errors.ts';
import { MESSAGES } from '@oasis/shared/messages';

export interface AttemptLimiterOptions {
  /** Tries allowed per key and window. */
  max: number;
  windowMs: number;
  /** The clock; tests move it forward. */
  now?: () => number;
  /** Keys kept before expired ones are swept (a bound on memory under a flood of new keys). */
  sweepAbove?: number;
}

/** A 429 that knows when the caller may try again. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MESSAGES.tooManyRequests, 'TOO_MANY_REQUESTS');
  }
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in memory, one per key ('ip:1.2.3.4', 'email:a@b.c'). A request is
 * refused when ANY of its keys has used up its tries, so neither rotating e-mails from one address
 * nor spreading one account's guesses over many addresses gets around the limit.
 *
 * In memory on purpose: one process serves the site; several instances would each count alone,
 * which still bounds guessing per instance.
 */
export class AttemptLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly sweepAbove: number;
  private readonly windows = new Map<string, Window>();

  constructor(options: AttemptLimiterOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.now = options.now ?? (() => Date.now());
    this.sweepAbove = options.sweepAbove ?? 10_000;
  }

  /** Throws a 429 when one of the keys has no tries left in its window. */
  check(keys: string[]): void {
    const wait = this.retryAfterSeconds(keys);
    if (wait > 0) throw new TooManyAttemptsError(wait);
  }

  /** Counts one try against every key. */
  hit(keys: string[]): void {
    const now = this.now();
    if (this.windows.size > this.sweepAbove) this.sweep(now);
    for (const key of keys) {
      const window = this.windows.get(key);
      if (!window || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      else window.count += 1;
    }
  }

  /** check() then hit(): for endpoints where every request is a try. */
  consume(keys: string[]): void {
    this.check(keys);
    this.hit(keys);
  }

  /** Seconds until every used-up key frees again (0 when none is), for a Retry-After header. */
  retryAfterSeconds(keys: string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.resetAt > now && window.count >= this.max) {
        wait = Math.max(wait, Math.ceil((window.resetAt - now) / 1000));
      }
    }
    return wait;
  }

  clear(): void {
    this.windows.clear();
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
