import { describe, expect, it } from 'vitest';
import { documentTotals, formatDocumentNumber, lineAmounts, vatInsideGross } from './tax-documents.ts';

describe('VAT inside a VAT-inclusive price', () => {
  it('is gross × 5/105 rounded half up to the fils', () => {
    expect(vatInsideGross(10_500)).toBe(500);
    expect(vatInsideGross(9_995)).toBe(476);
    // 21 fils hold exactly 1 fils; 10.5 fils (a half) rounds up, 10.49.. down.
    expect(vatInsideGross(21)).toBe(1);
    expect(vatInsideGross(0)).toBe(0);
  });

  it('keeps net + VAT = gross and matches exact rational rounding over a range of prices', () => {
    for (let gross = 0; gross <= 200_000; gross += 7) {
      const { netFils, vatFils } = lineAmounts(gross, 'standard');
      expect(netFils + vatFils).toBe(gross);
      // 5/105 is 1/21, and gross/21 is never exactly half a fils, so plain rounding is exact here.
      expect(vatFils).toBe(Math.round(gross / 21));
    }
  });

  it('charges none outside the standard treatment', () => {
    expect(lineAmounts(10_500, 'out_of_scope')).toEqual({ netFils: 10_500, vatFils: 0, vatRatePercent: 0 });
    expect(lineAmounts(10_500, 'not_registered').vatFils).toBe(0);
  });

  it('adds up lines and prints numbers from their series', () => {
    const line = { description: 'x', listPriceFils: 12_000, discountFils: 1_500, treatment: 'standard' as const };
    const totals = documentTotals([
      { ...line, grossFils: 10_500, ...lineAmounts(10_500, 'standard') },
      { ...line, grossFils: 9_995, ...lineAmounts(9_995, 'standard') },
    ]);
    expect(totals).toEqual({ netFils: 19_519, vatFils: 976, grossFils: 20_495, discountFils: 3_000 });
    expect(formatDocumentNumber('INV', 42)).toBe('INV-000042');
    expect(formatDocumentNumber('CN', 1_234_567)).toBe('CN-1234567');
  });
});
