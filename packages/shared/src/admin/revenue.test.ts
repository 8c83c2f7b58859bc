import { describe, expect, it } from 'vitest';
import { bucketStarts, presetRange, revenueQuerySchema } from './revenue.ts';

describe('revenue ranges', () => {
  // 2032-03-01 01:30 in Dubai, still 29 February in UTC.
  const now = new Date('2032-02-29T21:30:00Z');

  it('reads presets on the Dubai calendar', () => {
    expect(presetRange('last7', now)).toEqual({ from: '2032-02-24', to: '2032-03-01' });
    expect(presetRange('thisMonth', now)).toEqual({ from: '2032-03-01', to: '2032-03-01' });
    expect(presetRange('lastMonth', now)).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(presetRange('thisYear', now)).toEqual({ from: '2032-01-01', to: '2032-03-01' });
    expect(presetRange('last90', new Date('2032-12-31T19:00:00Z')).to).toBe('2032-12-31');
  });

  it('lists buckets from a Monday or a 1st, across a year end', () => {
    expect(bucketStarts('2031-12-31', '2032-01-06', 'week')).toEqual(['2031-12-29', '2032-01-05']);
    expect(bucketStarts('2031-11-15', '2032-01-01', 'month')).toEqual(['2031-11-01', '2031-12-01', '2032-01-01']);
  });

  it('refuses reversed and over-long ranges', () => {
    expect(revenueQuerySchema.safeParse({ from: '2032-01-02', to: '2032-01-01' }).success).toBe(false);
    expect(revenueQuerySchema.safeParse({ from: '2032-01-01', to: '2033-01-01' }).success).toBe(false);
    expect(revenueQuerySchema.safeParse({ from: '2032-01-01', to: '2032-12-31' }).success).toBe(true);
  });
});
