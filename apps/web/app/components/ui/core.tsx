import type { InLocaleAttrs } from '@oasis/shared/i18n/content';
import type { Image } from '@oasis/shared/media';
import { imageSrcSet } from '@oasis/shared/media-urls';

/**
 * The small UI pieces most pages use, in one module so that a page loads them as one small file
 * (`button.ts`, `icons.tsx`, `picture.tsx` and `section-heading.tsx` re-export them).
 */

/** Class names for links and buttons that look like buttons (styles: `.btn*` in app.css). */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'outline-light' | 'outline-danger' | 'ghost';
export type ButtonSize = 'md' | 'lg' | 'sm';

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn btn-${variant} btn-${size} ${extra}`.trim();
}

/** Icons drawn from the page's symbols (`icon-sprite.ts`): the JavaScript carries only their names. */
export type IconName =
  | 'arrow-right'
  | 'arrow-left'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'check'
  | 'alert'
  | 'search'
  | 'mail'
  | 'phone'
  | 'map-pin'
  | 'chat'
  | 'clock'
  | 'users'
  | 'user'
  | 'layers'
  | 'video'
  | 'calendar'
  | 'shield'
  | 'graduation'
  | 'compass'
  | 'chart'
  | 'bank'
  | 'passport'
  | 'building'
  | 'globe'
  | 'percent'
  | 'play'
  | 'linkedin'
  | 'youtube'
  | 'instagram'
  | 'tiktok'
  | 'facebook';

/** A decorative icon in the current text colour; size it with classes (default 1.25rem). */
export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={`icon ${className}`}>
      <use href={`#i-${name}`} />
    </svg>
  );
}

/** A dialable `tel:` URI from a displayed number: '+971 50 123 4567' → 'tel:+971501234567'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '')}`;
}

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
  /** Where the subject is (percent): an image cropped by `object-fit: cover` keeps it in view. */
  focus?: { x: number; y: number };
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
  focus,
}: PictureProps) {
  const loading = priority || eager ? 'eager' : 'lazy';
  const style = focus ? { objectPosition: `${focus.x}% ${focus.y}%` } : undefined;
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
        style={style}
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
        style={style}
      />
    </picture>
  );
}

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  /** For a title of the owner's content: its language and direction (`inLocale`). */
  titleAttrs?: InLocaleAttrs;
  lead?: string;
  align?: 'left' | 'center';
  /** On a dark (green) surface. */
  dark?: boolean;
  level?: 'h1' | 'h2';
}

/** A section's small label, heading and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  titleAttrs,
  lead,
  align = 'center',
  dark = false,
  level = 'h2',
}: SectionHeadingProps) {
  const Heading = level;
  const centered = align === 'center';
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && <p className={`mb-3 eyebrow ${dark ? 'text-brand-yellow' : 'text-brand-gold'}`}>{eyebrow}</p>}
      <Heading
        id={id}
        className={`font-display text-3xl font-semibold leading-tight sm:text-4xl ${dark ? 'text-white' : 'text-brand-green'}`}
        {...titleAttrs}
      >
        {title}
      </Heading>
      <span
        aria-hidden="true"
        className={`mt-4 block h-1 w-14 rounded-full bg-brand-yellow ${centered ? 'mx-auto' : ''}`}
      />
      {lead && <p className={`mt-5 text-lg leading-relaxed ${dark ? 'text-white/85' : 'text-slate-600'}`}>{lead}</p>}
    </div>
  );
}
