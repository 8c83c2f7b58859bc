import { describe, expect, it } from 'vitest';
import { couponDiscountFils, couponInputSchema, normaliseCouponCode } from './coupons.ts';
import { dateToDubaiLocal, dubaiLocalToDate } from './dubai-time.ts';

describe('couponDiscountFils', () => {
  it('rounds a percentage half up to the fils and never takes more than the price', () => {
    expect(couponDiscountFils(9_995, 'percent', 10)).toBe(1_000);
    expect(couponDiscountFils(9_994, 'percent', 10)).toBe(999);
    expect(couponDiscountFils(1, 'percent', 50)).toBe(1);
    expect(couponDiscountFils(88_800, 'percent', 100)).toBe(88_800);
    expect(couponDiscountFils(5_000, 'fixed', 7_500)).toBe(5_000);
    expect(couponDiscountFils(5_000, 'fixed', 1_250)).toBe(1_250);
  });
});

describe('Dubai time', () => {
  it('is UTC+4 all year, and refuses a date that does not exist', () => {
    expect(dubaiLocalToDate('2026-01-01T00:00')?.toISOString()).toBe('2025-12-31T20:00:00.000Z');
    expect(dubaiLocalToDate('2026-07-01T12:30')?.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(dubaiLocalToDate('2026-02-29T10:00')).toBeNull();
    expect(dubaiLocalToDate('2026-01-01 10:00')).toBeNull();
    expect(dateToDubaiLocal(new Date('2025-12-31T20:00:00Z'))).toBe('2026-01-01T00:00');
  });
});

describe('couponInputSchema', () => {
  const base = {
    code: ' launch_2026 ',
    kind: 'percent',
    value: 15,
    courseId: null,
    startsAt: null,
    endsAt: null,
    totalLimit: null,
    oncePerLearner: false,
    active: true,
  };
  it('keeps codes in capitals and takes amounts in fils at most', () => {
    expect(couponInputSchema.parse(base).code).toBe('LAUNCH_2026');
    expect(normaliseCouponCode(' welcome10 ')).toBe('WELCOME10');
    expect(couponInputSchema.safeParse({ ...base, kind: 'fixed', value: 12.34 }).success).toBe(true);
    expect(couponInputSchema.safeParse({ ...base, kind: 'fixed', value: 12.345 }).success).toBe(false);
    expect(couponInputSchema.safeParse({ ...base, value: 15.5 }).success).toBe(false);
  });
});
