import { createHash } from 'node:crypto';

/**
 * The content security policy of pages. Inline scripts run only when their sha256 is listed: the
 * web plugin hashes the framework's own inline scripts of each page as it renders it (hydration
 * data, route modules, scroll restoration). Hashes rather than nonces because pages are cached
 * whole and served to everyone; a nonce repeated for every visitor would protect nothing.
 * Styles stay 'unsafe-inline' (the rich text and the players set style attributes).
 * Lesson and podcast players embed Vimeo and YouTube.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, 'https://www.youtube.com', 'https://player.vimeo.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://i.vimeocdn.com'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ['https://player.vimeo.com', 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** `'sha256-…'` of an inline script's text, as a browser computes it (after CR LF became LF). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The hashes of the inline scripts in `html` that carry `nonce` (the mark the renderer put on the
 * scripts it wrote itself), and `html` with every mark removed. Scripts without the mark, such as
 * one smuggled in through content, are not hashed, so the browser refuses to run them.
 */
export function hashMarkedScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const mark = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const unmarked = html.replace(SCRIPT, (whole, attributes: string, text: string) => {
    if (!attributes.includes(mark)) return whole;
    if (!/\ssrc\s*=/i.test(attributes)) hashes.add(scriptHash(text));
    return `<script${attributes.replace(mark, '')}>${text}</script>`;
  });
  // Links (module preloads) carry the mark too.
  return { html: unmarked.split(mark).join(''), hashes: [...hashes] };
}
