import sanitizeHtml from 'sanitize-html';
import { normaliseMediaPath } from '@oasis/shared/media-urls';

/**
 * What the rich-text editor (Tiptap) produces and nothing more. Anything outside this list is
 * dropped with its attributes; script, style and similar elements are dropped with their content.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
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
      const src = allowedImageSrc(attribs.src);
      if (src) next.src = src;
      else delete next.src;
      for (const key of ['width', 'height'] as const) {
        if (next[key] !== undefined && !/^\d{1,5}$/.test(next[key])) delete next[key];
      }
      return { tagName, attribs: next };
    },
  },
};

/** The source to keep: a media path in its plain form (so what is stored is what was checked), or HTTPS. */
function allowedImageSrc(src: string | undefined): string | null {
  if (!src) return null;
  if (/^https:\/\/[^/\s]/i.test(src)) return src;
  return normaliseMediaPath(src);
}

/** Rich HTML from the editor, reduced to the allow-list. Run on save and again on every read. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
