import sanitizeHtml from 'sanitize-html';
import { hasRichContent } from '@oasis/shared/admin/common';
import {
  isRichTextDimension,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
  richTextDirection,
  richTextImageSrc,
} from '@oasis/shared/rich-text';

/** A block's `dir` is kept only as one of the shared directions (rtl, ltr, auto). */
const keepDirection: sanitizeHtml.Transformer = (tagName, attribs) => {
  const next: sanitizeHtml.Attributes = { ...attribs };
  const dir = richTextDirection(attribs.dir);
  if (dir) next.dir = dir;
  else delete next.dir;
  return { tagName, attribs: next };
};

/** The elements that may carry `dir` (the blocks of the shared allow-list). */
const DIRECTED_TAGS = Object.entries(RICH_TEXT_ATTRIBUTES).flatMap(([tag, names]) =>
  (names as readonly string[]).includes('dir') ? [tag] : [],
);

/**
 * What the rich-text editor (Tiptap) produces and nothing more, from the allow-list the editor's
 * preview uses too (@oasis/shared/rich-text). Anything outside it is dropped with its attributes;
 * script, style and similar elements are dropped with their content.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  // Image sources are checked by richTextImageSrc below (HTTPS or our media paths).
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    ...Object.fromEntries(DIRECTED_TAGS.map((tag) => [tag, keepDirection])),
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = {};
      if (attribs.href) next.href = attribs.href;
      if (attribs.target === '_blank') {
        next.target = '_blank';
        // Opened pages must not reach back through window.opener.
        next.rel = 'noopener noreferrer';
      } else if (attribs.rel) {
        next.rel = attribs.rel;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      // Images come from our own media store or over HTTPS, never from other schemes or paths.
      const src = richTextImageSrc(attribs.src);
      if (src) next.src = src;
      else delete next.src;
      for (const key of ['width', 'height'] as const) {
        if (next[key] !== undefined && !isRichTextDimension(next[key])) delete next[key];
      }
      return { tagName, attribs: next };
    },
  },
};

/** Rich HTML from the editor, reduced to the allow-list. Run on save and again on every read. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The Arabic twin of a rich text (docs/i18n.md#content), reduced like the English; '' when nothing
 * is left to show (the editor's empty `<p></p>`), so that Arabic pages fall back to the English.
 */
export function sanitizeArabicRichHtml(html: string | null | undefined): string {
  const clean = sanitizeRichHtml(html);
  return hasRichContent(clean) ? clean : '';
}
