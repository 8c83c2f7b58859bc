import { z } from 'zod';

export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * A stored image: `url` is the default rendition (JPEG at the largest stored width that fits 960 px);
 * the other renditions live at `${base}/${width}.${ext}` for every width and format listed.
 */
export const imageSchema = z.object({
  url: z.string(),
  base: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
  formats: z.array(z.enum(IMAGE_FORMATS)),
});
export type Image = z.infer<typeof imageSchema>;

/**
 * Where the owner put an image's subject, in percent of its width and height (`FocalPoint`,
 * selling.ts): a crop (`object-fit: cover`) keeps it in view through `object-position`.
 */
export const focalPointSchema = z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) });

const EXT: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

export function imageVariantUrl(base: string, width: number, format: ImageFormat): string {
  return `${base}/${width}.${EXT[format]}`;
}

export function imageSrcSet(image: Image, format: ImageFormat): string {
  return image.widths.map((w) => `${imageVariantUrl(image.base, w, format)} ${w}w`).join(', ');
}

/** The height that keeps the image's aspect ratio at the given width. */
export function scaledHeight(image: Pick<Image, 'width' | 'height'>, width: number): number {
  return Math.round((image.height / image.width) * width);
}
