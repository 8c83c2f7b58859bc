import { describe, expect, it } from 'vitest';
import { creditLineAmounts, refundInputSchema, refundState } from './refunds.ts';
import { lineAmounts, vatInsideGross } from './tax-documents.ts';

/** A small seeded generator (mulberry32): the same cases on every run, many of them. */
function random(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

describe('credit note amounts', () => {
  it('over prices, discounts and refund splits: each note keeps net + VAT = gross, and a full refund reverses the invoice exactly', () => {
    const next = random(20_260_331);
    for (let run = 0; run < 3_000; run++) {
      const list = 1 + next(500_000);
      const discount = next(3) === 0 ? 0 : next(list);
      const gross = list - discount;
      if (gross <= 0) continue;
      const treatment = next(4) === 0 ? 'out_of_scope' : 'standard';
      const invoice = lineAmounts(gross, treatment);
      // A random split of the whole amount into 1 to 6 refunds.
      const parts = 1 + next(6);
      let left = gross;
      const totals = { gross: 0, net: 0, vat: 0 };
      for (let part = 0; part < parts && left > 0; part++) {
        const amount = part === parts - 1 ? left : 1 + next(left);
        const note = creditLineAmounts(left, left - amount, treatment, 5);
        expect(note.netFils + note.vatFils).toBe(note.grossFils);
        expect(note.grossFils).toBe(amount);
        expect(note.vatFils).toBeGreaterThanOrEqual(0);
        // The VAT on the difference is the VAT before less the VAT after, each of a whole amount.
        if (treatment === 'standard') expect(note.vatFils).toBe(vatInsideGross(left) - vatInsideGross(left - amount));
        else expect(note.vatFils).toBe(0);
        totals.gross += note.grossFils;
        totals.net += note.netFils;
        totals.vat += note.vatFils;
        left -= amount;
      }
      if (left === 0) {
        expect(totals).toEqual({ gross, net: invoice.netFils, vat: invoice.vatFils });
      } else {
        // A partial refund leaves the invoice less the notes, still with the VAT rule of what is left.
        expect(invoice.vatFils - totals.vat).toBe(treatment === 'standard' ? vatInsideGross(left) : 0);
      }
    }
  });
});

describe('refund input and state', () => {
  it('takes whole fils above zero and a reason', () => {
    expect(refundInputSchema.safeParse({ amount: 12.5, reason: ' Course cancelled ' }).data).toEqual({
      amount: 12.5,
      reason: 'Course cancelled',
    });
    for (const amount of [0, -1, 12.345, '12']) {
      expect(refundInputSchema.safeParse({ amount, reason: 'x' }).success, String(amount)).toBe(false);
    }
    expect(refundInputSchema.safeParse({ amount: 1, reason: '  ' }).success).toBe(false);
    expect(refundInputSchema.safeParse({ amount: 1, reason: 'x'.repeat(301) }).success).toBe(false);
  });

  it('reads refunded at the paid amount and partly refunded below it', () => {
    expect(refundState(10_500, 0)).toBe('none');
    expect(refundState(10_500, 1)).toBe('partly_refunded');
    expect(refundState(10_500, 10_500)).toBe('refunded');
  });
});
