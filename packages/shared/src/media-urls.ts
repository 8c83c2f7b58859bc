import type { Image, ImageFormat } from './media.ts';

/**
 * URL helpers for stored images without the zod schema of media.ts, so that browser code can build
 * srcsets without shipping zod (≈ 22 KB gzip) to public pages. Same results as the helpers there.
 */
const EXT: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

export function imageVariantUrl(base: string, width: number, format: ImageFormat): string {
  return `${base}/${width}.${EXT[format]}`;
}

export function imageSrcSet(image: Pick<Image, 'base' | 'widths'>, format: ImageFormat): string {
  return image.widths.map((w) => `${imageVariantUrl(image.base, w, format)} ${w}w`).join(', ');
}

/** The height that keeps the image's aspect ratio at the given width. */
export function scaledHeight(image: Pick<Image, 'width' | 'height'>, width: number): number {
  return Math.round((image.height / image.width) * width);
}
