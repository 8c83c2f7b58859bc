import { describe, expect, it } from 'vitest';
import { AttemptLimiter, TooManyAttemptsError } from './attempt-limiter.ts';

describe('AttemptLimiter', () => {
  const setup = () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter({ max: 3, windowMs: 60_000, now: () => now });
    return { limiter, advance: (ms: number) => (now += ms) };
  };

  it('allows max tries per key, then refuses with a 429 until the window ends', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) limiter.consume(['ip:a']);
    expect(() => limiter.check(['ip:a'])).toThrow(TooManyAttemptsError);
    try {
      limiter.check(['ip:a']);
    } catch (error) {
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 60 });
    }
    advance(59_999);
    expect(() => limiter.check(['ip:a'])).toThrow(TooManyAttemptsError);
    advance(1);
    expect(() => limiter.consume(['ip:a'])).not.toThrow();
  });

  it('refuses when any one of the keys is used up', () => {
    const { limiter } = setup();
    for (let i = 0; i < 3; i++) limiter.hit(['email:x', `ip:${i}`]);
    expect(() => limiter.check(['ip:fresh', 'email:x'])).toThrow(TooManyAttemptsError);
    expect(() => limiter.check(['ip:fresh', 'email:y'])).not.toThrow();
  });

  it('check() alone does not count', () => {
    const { limiter } = setup();
    for (let i = 0; i < 10; i++) limiter.check(['ip:a']);
    expect(limiter.retryAfterSeconds(['ip:a'])).toBe(0);
  });

  it('reports the wait until every used-up key is free again', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) limiter.hit(['ip:a']);
    advance(30_000);
    for (let i = 0; i < 3; i++) limiter.hit(['email:b']);
    expect(limiter.retryAfterSeconds(['ip:a', 'email:b'])).toBe(60);
    expect(limiter.retryAfterSeconds(['ip:a'])).toBe(30);
  });

  it('sweeps expired windows when many keys pile up', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ max: 1, windowMs: 10, now: () => now, sweepAbove: 5 });
    for (let i = 0; i < 6; i++) limiter.hit([`k${i}`]);
    now = 100;
    limiter.hit(['fresh']);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
