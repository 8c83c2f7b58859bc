import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import * as allowList from '@oasis/shared/rich-text';

/*
 * The editor's preview cleans the HTML with the allow-list the server's sanitiser uses
 * (@oasis/shared/rich-text), so the preview shows what saving keeps: no more, no less.
 */

const ATTRIBUTES_BY_TAG: Readonly<Record<string, readonly string[]>> = allowList.RICH_TEXT_ATTRIBUTES;

/** A URL with one of the shared schemes, or a relative one; never another scheme or `//host`. */
export const PREVIEW_URI = new RegExp(
  `^(?:(?:${allowList.RICH_TEXT_LINK_SCHEMES.join('|')}):|(?![a-z][a-z0-9+.-]*:)(?![/\\\\]{2}))`,
  'i',
);

export const PREVIEW_CONFIG = {
  ALLOWED_TAGS: [...allowList.RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(ATTRIBUTES_BY_TAG).flat())],
  ALLOWED_URI_REGEXP: PREVIEW_URI,
  FORBID_CONTENTS: [...allowList.RICH_TEXT_DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

/**
 * The value an attribute keeps in the preview, or null to drop it: DOMPurify's lists are not per
 * element, so the server's per-element rules are applied here (attributes by element, image sources,
 * sizes, link targets, block directions).
 */
export function previewAttribute(tag: string, name: string, value: string): string | null {
  if (!ATTRIBUTES_BY_TAG[tag]?.includes(name)) return null;
  if (tag === 'img' && name === 'src') return allowList.richTextImageSrc(value);
  if (tag === 'img' && (name === 'width' || name === 'height'))
    return allowList.isRichTextDimension(value) ? value : null;
  if (tag === 'a' && name === 'target') return value === '_blank' ? value : null;
  if (name === 'dir') return allowList.richTextDirection(value);
  return value;
}

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const value = previewAttribute(node.nodeName.toLowerCase(), data.attrName, data.attrValue);
    if (value === null) data.keepAttr = false;
    else data.attrValue = value;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    // Opened pages must not reach back through window.opener (the server sets the same rel).
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** The editor's HTML as saving will keep it (browser only). */
export function cleanPreviewHtml(html: string): string {
  const fragment = getPurifier().sanitize(html, PREVIEW_CONFIG);
  // The server drops an image without an allowed source.
  for (const img of fragment.querySelectorAll('img:not([src])')) img.remove();
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML.trim();
}
