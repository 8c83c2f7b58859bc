import { CENTRE, type FocalPoint } from '@oasis/shared/selling';

/* The focal point picker's rules (focal-point.tsx), kept apart so that tests need no React. */

/** A percentage kept inside the image, to one decimal. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;
}

/**
 * The point an arrow key moves to: 1 % a press, 10 % with Shift, Home to the centre; null for any
 * other key. Arrows follow what is seen: images are not mirrored on right-to-left pages, nor are they.
 */
export function focusAfterKey(focus: FocalPoint, key: string, shift: boolean): FocalPoint | null {
  const step = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { ...focus, x: clampPercent(focus.x - step) };
    case 'ArrowRight':
      return { ...focus, x: clampPercent(focus.x + step) };
    case 'ArrowUp':
      return { ...focus, y: clampPercent(focus.y - step) };
    case 'ArrowDown':
      return { ...focus, y: clampPercent(focus.y + step) };
    case 'Home':
      return CENTRE;
    default:
      return null;
  }
}
