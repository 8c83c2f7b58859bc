import { describe, expect, it } from 'vitest';
import { retryPaymentPath } from './payment-retry';

const course = (slug: string) => ({ course: { _id: 'c1', slug, title: 'Dubai basics', titleAr: '' } });

describe('retryPaymentPath', () => {
  it("goes back to the canceled payment's course checkout", () => {
    expect(retryPaymentPath(course('dubai-basics'))).toBe('/checkout/dubai-basics');
  });

  it('falls back to the catalogue when the course is unknown', () => {
    expect(retryPaymentPath(null)).toBe('/courses');
    expect(retryPaymentPath(course(' '))).toBe('/courses');
  });

  it('keeps an odd slug inside the address', () => {
    expect(retryPaymentPath(course('a/b?c'))).toBe('/checkout/a%2Fb%3Fc');
  });
});
