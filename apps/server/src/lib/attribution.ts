import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLICK_ID_PARAMS,
  lastTouchOf,
  nextTouches,
  type Touch,
  type Touches,
  touchesSchema,
  touchOfVisit,
} from '@oasis/shared/attribution';

/**
 * The attribution cookie (docs/decisions/031-first-party-attribution.md): set by the server on
 * page answers, read back by the API when a lead, an account or an order is made. Its name does not
 * start with `oasis_`: those cookies stand for a person and make pages private
 * (lib/credentials.ts); this one says only where a visit came from, so public pages stay cached.
 */
export const ATTRIBUTION_COOKIE = 'attribution';
/** About 13 months, as long as analytics tools keep a first touch. */
export const ATTRIBUTION_MAX_AGE = 395 * 24 * 60 * 60;
/** Two full touches fit in well under this; a longer value is ignored unread. */
export const ATTRIBUTION_COOKIE_MAX = 3000;

const TRACKING_PARAM = new RegExp(`[?&](utm_[a-z]+|${CLICK_ID_PARAMS.join('|')})=`, 'i');

/** The cookie's raw value in a Cookie header, or undefined. */
function cookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === ATTRIBUTION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The touches the cookie holds; null when absent, oversized or not exactly what we write. */
export function readTouches(headers: IncomingHttpHeaders): Touches | null {
  const raw = cookieValue(headers.cookie);
  if (!raw || raw.length > ATTRIBUTION_COOKIE_MAX || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  try {
    const parsed = touchesSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie header that stores `touches`. */
export function touchesCookie(touches: Touches, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(touches)).toString('base64url');
  return [
    `${ATTRIBUTION_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${ATTRIBUTION_MAX_AGE}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** A browser's page load (not a script's request, a crawler's or a load test's). */
function isNavigation(headers: IncomingHttpHeaders): boolean {
  const dest = headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return typeof headers.accept === 'string' && headers.accept.includes('text/html');
}

/** The referrer's host when it is another site's. */
function foreignReferrer(headers: IncomingHttpHeaders, ownHost: string): boolean {
  const referrer = headers.referer;
  if (!referrer) return false;
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host !== ownHost && host !== headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Whether a page request may have a touch to record: a browser's page load without our cookie, or
 * a tagged one, or one from another site. Cheap, for the cached-page fast lane: such requests go
 * on to the page route, which records the touch and answers from the same cache entry.
 */
export function mayRecordVisit(url: string, headers: IncomingHttpHeaders, ownHost: string): boolean {
  if (!isNavigation(headers)) return false;
  if (cookieValue(headers.cookie) === undefined) return true;
  return TRACKING_PARAM.test(url) || foreignReferrer(headers, ownHost);
}

/**
 * Records a page visit's touch: sets the cookie when the visit is the first, or a non-direct one
 * after it. A visitor who sent `Sec-GPC: 1` or `DNT: 1` gets the channel only. The cookie is never
 * logged (the logger redacts Cookie and Set-Cookie headers).
 */
export function recordVisit(request: FastifyRequest, reply: FastifyReply, siteUrl: string): void {
  const { headers } = request;
  const site = new URL(siteUrl);
  const ownHost = site.host.toLowerCase();
  if (!mayRecordVisit(request.url, headers, ownHost)) return;
  const mark = request.url.indexOf('?');
  const touch = touchOfVisit({
    path: mark === -1 ? request.url : request.url.slice(0, mark),
    search: mark === -1 ? '' : request.url.slice(mark),
    referrer: foreignReferrer(headers, ownHost) ? headers.referer : undefined,
    ownHost: site.hostname,
    limited: headers['sec-gpc'] === '1' || headers.dnt === '1',
    at: Date.now(),
  });
  const next = nextTouches(readTouches(headers), touch);
  if (next) reply.header('set-cookie', touchesCookie(next, site.protocol === 'https:'));
}

/** What a record stores of where its maker came from (db/schema.ts `attributionColumns`). */
export interface AttributionValues {
  firstTouch: Touch | null;
  firstChannel: string | null;
  firstSource: string | null;
  firstCampaign: string | null;
  lastTouch: Touch | null;
  lastChannel: string | null;
  lastSource: string | null;
  lastCampaign: string | null;
}

/** The one way the API reads a request's attribution: the columns for the record it makes. */
export function attributionOf(request: Pick<FastifyRequest, 'headers'>): AttributionValues {
  const touches = readTouches(request.headers);
  if (!touches) {
    return {
      firstTouch: null,
      firstChannel: null,
      firstSource: null,
      firstCampaign: null,
      lastTouch: null,
      lastChannel: null,
      lastSource: null,
      lastCampaign: null,
    };
  }
  const last = lastTouchOf(touches);
  return {
    firstTouch: touches.first,
    firstChannel: touches.first.channel,
    firstSource: touches.first.source,
    firstCampaign: touches.first.campaign ?? null,
    lastTouch: last,
    lastChannel: last.channel,
    lastSource: last.source,
    lastCampaign: last.campaign ?? null,
  };
}
