import { describe, expect, it } from 'vitest';
import { clampPercent, focusAfterKey } from './focal-point-keys';

describe('focal point picker', () => {
  it('keeps the point inside the image, to one decimal', () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(33.333)).toBe(33.3);
    expect(clampPercent(Number.NaN)).toBe(50);
  });

  it('moves with the arrow keys (Shift: 10 %), Home centres it, other keys do nothing', () => {
    const at = { x: 50, y: 50 };
    expect(focusAfterKey(at, 'ArrowLeft', false)).toEqual({ x: 49, y: 50 });
    expect(focusAfterKey(at, 'ArrowRight', true)).toEqual({ x: 60, y: 50 });
    expect(focusAfterKey(at, 'ArrowUp', false)).toEqual({ x: 50, y: 49 });
    expect(focusAfterKey({ x: 5, y: 95 }, 'ArrowDown', true)).toEqual({ x: 5, y: 100 });
    expect(focusAfterKey({ x: 5, y: 95 }, 'Home', false)).toEqual({ x: 50, y: 50 });
    expect(focusAfterKey(at, 'a', false)).toBeNull();
  });
});
