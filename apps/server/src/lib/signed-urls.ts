import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links to uploaded lesson videos. A `<video>` element cannot send the bearer header, so those who
 * may watch receive a link signed with HMAC-SHA256 that works for a few hours, and the stream route
 * checks the signature instead of a session.
 */
export const VIDEO_LINK_TTL_SECONDS = 4 * 60 * 60;
/** Expiries are rounded up to the hour, so a page reloaded within the hour gets the same link (browser cache). */
const ROUND_SECONDS = 60 * 60;

export function videoStreamPath(videoId: string): string {
  return `/api/videos/${encodeURIComponent(videoId)}/stream`;
}

function signature(secret: string, videoId: string, exp: number): string {
  return createHmac('sha256', secret).update(`video-stream:${videoId}:${exp}`).digest('base64url');
}

/** `/api/videos/{id}/stream?exp={unix seconds}&sig={HMAC}`, valid for 4 to 5 hours. */
export function signVideoStreamUrl(secret: string, videoId: string, now = Date.now()): string {
  const exp = Math.ceil((now / 1000 + VIDEO_LINK_TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
  return `${videoStreamPath(videoId)}?exp=${exp}&sig=${signature(secret, videoId, exp)}`;
}

export type VideoLinkCheck = 'ok' | 'invalid' | 'expired';

/** The signature is checked first: a changed expiry is 'invalid', not 'expired'. */
export function checkVideoStreamSignature(
  secret: string,
  videoId: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): VideoLinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
  const expected = Buffer.from(signature(secret, videoId, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(exp) * 1000 < now ? 'expired' : 'ok';
}
