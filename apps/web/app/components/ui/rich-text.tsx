import { stripHtml } from '@oasis/shared/format';

/**
 * Rich HTML from the admin editor. The server sanitises it when it is saved (sanitize-html), and
 * only that HTML reaches this component; an empty field shows a friendly line instead.
 */
export function RichText({ html, empty, className = 'mt-5' }: { html: string; empty?: string; className?: string }) {
  if (!stripHtml(html) && !/<img\s/i.test(html)) {
    return empty ? <p className="mt-4 text-lg text-slate-700">{empty}</p> : null;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
