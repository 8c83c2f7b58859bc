import { normaliseMediaPath } from './media-urls.ts';

/*
 * The one HTML allow-list of rich text (what the admin editor produces). The server's sanitiser
 * (sanitize-html, on save and on read) and the editor's preview in the browser (DOMPurify) are both
 * built from these lists, so the preview never shows what saving would strip.
 */

/** The elements kept; anything else is dropped (its text kept, unless it is in RICH_TEXT_DROPPED_WITH_CONTENT). */
export const RICH_TEXT_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'br',
  'hr',
  'img',
  'code',
  'pre',
] as const;

export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/**
 * The attributes kept, per element; no other element keeps any (no style, class, id or event handler).
 * Blocks keep `dir` (one of RICH_TEXT_DIRECTIONS): an Arabic paragraph reads right to left on
 * either language's page.
 */
export const RICH_TEXT_ATTRIBUTES = {
  p: ['dir'],
  h2: ['dir'],
  h3: ['dir'],
  ul: ['dir'],
  ol: ['dir'],
  li: ['dir'],
  blockquote: ['dir'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
} as const satisfies Partial<Record<RichTextTag, readonly string[]>>;

/** The values a block's `dir` may take; any other value is dropped. */
export const RICH_TEXT_DIRECTIONS = ['rtl', 'ltr', 'auto'] as const;
export type RichTextDirection = (typeof RICH_TEXT_DIRECTIONS)[number];

/** A block's `dir` to keep, or null to drop it. */
export function richTextDirection(value: string | null | undefined): RichTextDirection | null {
  return RICH_TEXT_DIRECTIONS.find((direction) => direction === value) ?? null;
}

/** The URL schemes a link may use; a link without a scheme (`/courses`) is kept, `//host` is not. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Elements dropped together with their content (their text is code or markup, never prose). */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
] as const;

/**
 * An image's source to keep: a path on our own media store in its plain form (so what is stored
 * is what was checked), or an HTTPS address; null drops the image.
 */
export function richTextImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  if (/^https:\/\/[^/\s]/i.test(src)) return src;
  return normaliseMediaPath(src);
}

/** Image width and height are plain pixel counts; anything else (100%, 1e9) is dropped. */
export function isRichTextDimension(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\d{1,5}$/.test(value);
}
