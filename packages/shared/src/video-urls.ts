/**
 * Lesson and podcast video links: pure parsers shared by the server (which enforces them) and the
 * browser (which checks a form before sending it). No zod, so any page may import them cheaply.
 */

export type LinkedVideoSource = 'vimeo' | 'youtube';

/**
 * How long a lesson's player (the watch page's, or the course page's free preview) may take to say
 * it is ready before the learner is told the video does not load and offered Retry, instead of an
 * empty frame. A player that says so later still plays: the message goes again.
 */
export const PLAYER_READY_TIMEOUT_MS = 6000;

export interface LinkedVideo {
  source: LinkedVideoSource;
  /** The video's id at its host: digits for Vimeo, 11 characters for YouTube. */
  id: string;
  /** The player URL that is stored and embedded. */
  embedUrl: string;
}

const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
/** The privacy hash of an unlisted Vimeo video (vimeo.com/{id}/{hash} or ?h={hash}). */
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

/** A URL typed by a person: surrounding spaces ignored, a missing `https://` supplied. */
function parseLooseUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || /\s/.test(text) || text.length > 2000) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  return url;
}

function pathParts(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

/**
 * A Vimeo video link of the form {host}/{digits} on vimeo.com or player.vimeo.com
 * (docs/product.md#admin-modules-and-videos): `https://vimeo.com/76979871`,
 * `https://vimeo.com/76979871/abc123def0` (unlisted), `https://player.vimeo.com/video/76979871?h=abc123def0`.
 * Stored as the player URL.
 */
export function parseVimeoUrl(input: string): LinkedVideo | null {
  const url = parseLooseUrl(input);
  if (!url || !VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = pathParts(url);
  const player = url.hostname.toLowerCase() === 'player.vimeo.com';
  if (player && parts[0] !== 'video') return null;
  const rest = player ? parts.slice(1) : parts;
  const [id, hashFromPath, ...extra] = rest;
  if (!id || !VIMEO_ID.test(id) || extra.length) return null;
  if (hashFromPath !== undefined && (player || !VIMEO_HASH.test(hashFromPath))) return null;
  const hash = hashFromPath ?? url.searchParams.get('h') ?? undefined;
  const query = hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : '';
  return { source: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}${query}` };
}

/**
 * A YouTube video link with an 11-character id in the watch, shorts, embed, live or youtu.be
 * form. Stored as `https://www.youtube.com/embed/{id}`.
 */
export function parseYouTubeUrl(input: string): LinkedVideo | null {
  const url = parseLooseUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const parts = pathParts(url);
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    if (parts.length === 1) id = parts[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts.length === 2 && ['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { source: 'youtube', id, embedUrl: `https://www.youtube.com/embed/${id}` };
}

/** A lesson video link: Vimeo first (the lessons' original source), YouTube also accepted. */
export function parseLessonVideoUrl(input: string): LinkedVideo | null {
  return parseVimeoUrl(input) ?? parseYouTubeUrl(input);
}

/** The embed URL of a YouTube link, or null when it is not one (podcast items). */
export function toYouTubeEmbedUrl(input: string): string | null {
  return parseYouTubeUrl(input)?.embedUrl ?? null;
}
