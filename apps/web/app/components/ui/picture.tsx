import type { Image } from '@oasis/shared/media';
import { imageSrcSet } from '@oasis/shared/media-urls';

interface PictureProps {
  /** A stored image with its renditions; when absent `src` (or `fallback`) is shown instead. */
  image?: Image | null;
  /** A plain URL used when there is no stored image (e.g. a course's `thumbnailUrl`). */
  src?: string | null;
  /** Shown when there is neither image nor src (e.g. FALLBACK_THUMBNAIL). */
  fallback?: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Intrinsic size used for plain URLs (keeps the aspect ratio and prevents layout shift). */
  width: number;
  height: number;
  /** The page's main image, above the fold: load at once with high priority (the hero). */
  priority?: boolean;
  /** Above the fold but not the main image: load at once, normal priority. */
  eager?: boolean;
  className?: string;
  pictureClassName?: string;
}

/**
 * A responsive image: AVIF and WebP sources with a JPEG fallback, sized with width/height so the
 * page does not move while it loads, lazy unless it is the priority image of the page.
 */
export function Picture({
  image,
  src,
  fallback,
  alt,
  sizes,
  width,
  height,
  priority = false,
  eager = false,
  className,
  pictureClassName,
}: PictureProps) {
  const loading = priority || eager ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  if (!image) {
    return (
      <img
        src={src || fallback || undefined}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
      />
    );
  }
  const hasWidths = image.widths.length > 0;
  return (
    <picture className={pictureClassName}>
      {hasWidths && image.formats.includes('avif') && (
        <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      )}
      {hasWidths && image.formats.includes('webp') && (
        <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      )}
      <img
        src={image.url}
        srcSet={hasWidths && image.formats.includes('jpeg') ? imageSrcSet(image, 'jpeg') : undefined}
        sizes={hasWidths ? sizes : undefined}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? 'sync' : 'async'}
        className={className}
      />
    </picture>
  );
}
