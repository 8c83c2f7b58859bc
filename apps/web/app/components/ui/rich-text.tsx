import { stripHtml } from '@oasis/shared/format';
import type { InLocaleAttrs } from '@oasis/shared/i18n/content';

/** The HTML to show, or '' when it has no text or image (call it in the loader: it keeps the HTML parser out of the page). */
export function richOrEmpty(html: string): string {
  return stripHtml(html) || /<img\s/i.test(html) ? html : '';
}

/**
 * Rich HTML from the admin editor. The server sanitises it when it is saved (sanitize-html), and
 * only that HTML reaches this component. Pass '' (see `richOrEmpty`) to show the `empty` line.
 * `attrs`: the HTML's language and direction when it is not the page's (`inLocale`).
 */
export function RichText({
  html,
  empty,
  className = 'mt-5',
  attrs,
}: {
  html: string;
  empty?: string;
  className?: string;
  attrs?: InLocaleAttrs;
}) {
  if (!html) return empty ? <p className="mt-4 text-lg text-slate-700">{empty}</p> : null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored
  return <div className={`rich-text ${className}`} {...attrs} dangerouslySetInnerHTML={{ __html: html }} />;
}
