export { Picture } from './core';

/**
 * One part of an image's `sizes`: from `minWidth` px of viewport up (left out: below every other
 * part), a box `px` wide (or `vw` of the viewport) and `aspect` (width / height) tall.
 */
export interface CoverSlot {
  minWidth?: number;
  px?: number;
  vw?: number;
  aspect: number;
}

/**
 * The `sizes` of an image drawn with `object-fit: cover`: an image wider than its box is drawn
 * wider than the box (its height fills the box), so the browser must pick a rendition for that
 * width, not the box's, or the picture is upscaled and soft.
 */
export function coverSizes(image: { width: number; height: number } | null | undefined, slots: CoverSlot[]): string {
  return slots
    .map(({ minWidth, px, vw, aspect }) => {
      const imageAspect = image && image.height > 0 ? image.width / image.height : aspect;
      const scale = Math.max(1, imageAspect / aspect);
      const size = px !== undefined ? `${Math.ceil(px * scale)}px` : `${Math.ceil((vw ?? 100) * scale)}vw`;
      return minWidth ? `(min-width: ${minWidth}px) ${size}` : size;
    })
    .join(', ');
}

/**
 * A box's aspect ratio (width / height) that follows its image's, within `min` and `max`: a
 * landscape photo is not cut to a portrait (or the reverse) more than the design needs.
 */
export function fittedAspect(image: { width: number; height: number } | null | undefined, min: number, max: number) {
  const aspect = image && image.height > 0 ? image.width / image.height : min;
  return Math.min(max, Math.max(min, aspect));
}
