import { describe, expect, it } from 'vitest';
import { dubaiMonths } from './dashboard.ts';

describe('Dubai calendar months', () => {
  it('start at midnight in Dubai (20:00 UTC the day before), across years', () => {
    expect(dubaiMonths(new Date('2026-03-10T09:00:00Z'))).toEqual({
      lastMonth: new Date('2026-01-31T20:00:00Z'),
      thisMonth: new Date('2026-02-28T20:00:00Z'),
      nextMonth: new Date('2026-03-31T20:00:00Z'),
    });
    // 21:00 UTC on 31 December is already 1 January in Dubai.
    expect(dubaiMonths(new Date('2025-12-31T21:00:00Z'))).toEqual({
      lastMonth: new Date('2025-11-30T20:00:00Z'),
      thisMonth: new Date('2025-12-31T20:00:00Z'),
      nextMonth: new Date('2026-01-31T20:00:00Z'),
    });
    expect(dubaiMonths(new Date('2026-01-15T00:00:00Z')).lastMonth).toEqual(new Date('2025-11-30T20:00:00Z'));
  });
});
