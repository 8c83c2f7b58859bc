import type { Image, ImageFormat } from './media.ts';
import { LIMITS } from './limits.ts';

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

/** A path segment as our media store names files: nothing that needs escaping in a URL. */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * The path of an image on our own media store (`/media/…`) in its plain form, or null when `src`
 * is not one. The path is read the way a browser will fetch it before it is checked: escapes
 * decoded, backslashes taken as slashes, repeated slashes as one, `.` and `..` resolved. So
 * `/media/./../x` and `/media/%2e%2e/x` are `/x` and refused, while `/media//images/a.jpg` comes
 * back as `/media/images/a.jpg`. Anything else is refused rather than guessed at: a leading `//`
 * (another host), a query or fragment, characters a stored file name never has, and escapes that
 * survive one decoding (a server that decodes again would see other segments).
 */
export function normaliseMediaPath(src: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(src).replaceAll('\\', '/');
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else if (PLAIN_SEGMENT.test(segment)) segments.push(segment);
    else return null;
  }
  if (segments[0] !== 'media' || segments.length < 2) return null;
  return `/${segments.join('/')}`;
}

/** What the admin's image inputs say of a file they refuse before sending it (the server checks it again). */
export const IMAGE_FILE_MESSAGES = {
  wrongType: 'Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).',
  tooLarge: `The image must be at most ${Math.round(LIMITS.imageMaxBytes / (1024 * 1024))} MB.`,
} as const;
