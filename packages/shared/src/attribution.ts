import { z } from 'zod';
import { calendarDay, dayRangeSchema } from './admin/revenue.ts';

/**
 * First-party attribution (docs/product.md#attribution): where a visitor came from, recorded by the
 * server in a cookie of our own and copied onto each lead, registration and order. A "touch" is one
 * arrival: its campaign parameters, click id, the referring site's host, the landing path, the time,
 * and the source and medium read from them. Channels follow GA4's default channel groups.
 */

export const CLICK_ID_PARAMS = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid', 'ttclid', 'li_fat_id'] as const;
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export const CHANNELS = [
  'Direct',
  'Cross-network',
  'Paid Search',
  'Paid Social',
  'Paid Video',
  'Display',
  'Paid Other',
  'Organic Social',
  'Organic Video',
  'Organic Search',
  'Referral',
  'Email',
  'Affiliates',
  'Audio',
  'SMS',
  'Mobile Push Notifications',
  'Unassigned',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Printable text without control characters, quotes or angle brackets, trimmed to `max`. */
const bounded = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}"<>\\]*$/u);

/** A touch as stored (cookie, database): every field bounded, so a forged cookie cannot carry junk. */
export const touchSchema = z
  .object({
    source: bounded(100),
    medium: bounded(100),
    campaign: bounded(100).optional(),
    term: bounded(100).optional(),
    content: bounded(100).optional(),
    clickId: z
      .object({ name: z.enum(CLICK_ID_PARAMS), value: bounded(150) })
      .strict()
      .optional(),
    /** The referring site's host, never its path. */
    referrer: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]+$/)
      .optional(),
    /** The path the visitor arrived on, without its query. */
    landing: z
      .string()
      .max(200)
      .regex(/^\/[^\s\p{Cc}"<>\\?#]*$/u)
      .optional(),
    /** GA4's default channel group of the arrival (channelOf), kept even when little else is. */
    channel: z.enum(CHANNELS),
    /** When, in milliseconds since 1970. */
    at: z.number().int().min(0).max(8_640_000_000_000),
    /** The visitor asked not to be tracked (Sec-GPC or DNT): only the channel and the time kept. */
    limited: z.literal(true).optional(),
  })
  .strict();
export type Touch = z.infer<typeof touchSchema>;

/** The cookie's content: the first touch, and the last non-direct one when there was a later one. */
export const touchesSchema = z.object({ first: touchSchema, last: touchSchema.optional() }).strict();
export type Touches = z.infer<typeof touchesSchema>;

// ---------------------------------------------------------------------------------------------
// Sources: GA4's lists trimmed to the common sites, each host family under one name.

const SEARCH_SOURCES = ['google', 'bing', 'yahoo', 'duckduckgo', 'baidu', 'yandex', 'ecosia'];
const SOCIAL_SOURCES = [
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'twitter',
  't.co',
  'tiktok',
  'snapchat',
  'pinterest',
  'reddit',
  'whatsapp',
  'threads',
  'telegram',
];
const VIDEO_SOURCES = ['youtube', 'vimeo', 'twitch', 'dailymotion'];

/** Host families: a referring host (its registrable part) and the source name it reports as. */
const HOST_SOURCES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'yahoo'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo'],
  [/(^|\.)baidu\.com$/, 'baidu'],
  [/(^|\.)yandex\.[a-z.]+$/, 'yandex'],
  [/(^|\.)ecosia\.org$/, 'ecosia'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'linkedin'],
  [/(^|\.)(x\.com|twitter\.com)$/, 'x'],
  [/^t\.co$/, 't.co'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)snapchat\.com$/, 'snapchat'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'pinterest'],
  [/(^|\.)reddit\.com$/, 'reddit'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(^|\.)threads\.net$/, 'threads'],
  [/(^|\.)(t\.me|telegram\.org)$/, 'telegram'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)vimeo\.com$/, 'vimeo'],
];

/** The source a referring host reports as: a known family's name, else the host without `www.`. */
export function sourceOfHost(host: string): string {
  const bare = host.toLowerCase().replace(/^www\./, '');
  for (const [pattern, name] of HOST_SOURCES) if (pattern.test(bare)) return name;
  return bare;
}

/** The source as a list entry: a known host family's name, else the value itself. */
function sourceName(source: string): string {
  const lower = source.trim().toLowerCase();
  return lower.includes('.') ? sourceOfHost(lower) : lower;
}

const PAID_MEDIUM = /^(.*cp.*|ppc|retargeting|paid.*)$/;
const DISPLAY_MEDIUMS = ['display', 'banner', 'expandable', 'interstitial', 'cpm'];
const SOCIAL_MEDIUMS = ['social', 'social-network', 'social-media', 'sm', 'social network', 'social media'];
const EMAIL_NAMES = ['email', 'e-mail', 'e_mail', 'e mail'];

/**
 * The touch's GA4 default channel group, in GA4's order of rules (the first that matches wins),
 * with its source lists trimmed to the common sites. Shopping channels are left out (no shop sites
 * in the lists), so their traffic falls to the rules after them.
 */
export function channelOf(touch: Pick<Touch, 'source' | 'medium' | 'campaign'>): Channel {
  const source = sourceName(touch.source);
  const medium = touch.medium.trim().toLowerCase();
  const campaign = (touch.campaign ?? '').toLowerCase();
  const search = SEARCH_SOURCES.includes(source);
  const social = SOCIAL_SOURCES.includes(source);
  const video = VIDEO_SOURCES.includes(source);
  const paid = PAID_MEDIUM.test(medium);

  if (source === '(direct)' && (medium === '(none)' || medium === '(not set)')) return 'Direct';
  if (campaign.includes('cross-network')) return 'Cross-network';
  if (search && paid) return 'Paid Search';
  if (social && paid) return 'Paid Social';
  if (video && paid) return 'Paid Video';
  if (DISPLAY_MEDIUMS.includes(medium)) return 'Display';
  if (paid) return 'Paid Other';
  if (social || SOCIAL_MEDIUMS.includes(medium)) return 'Organic Social';
  if (video || /video/.test(medium)) return 'Organic Video';
  if (search || medium === 'organic') return 'Organic Search';
  if (medium === 'referral' || medium === 'app' || medium === 'link') return 'Referral';
  if (EMAIL_NAMES.includes(source) || EMAIL_NAMES.includes(medium)) return 'Email';
  if (medium === 'affiliate') return 'Affiliates';
  if (medium === 'audio') return 'Audio';
  if (source === 'sms' || medium === 'sms') return 'SMS';
  if (medium.endsWith('push') || medium.includes('mobile') || medium.includes('notification') || source === 'firebase')
    return 'Mobile Push Notifications';
  return 'Unassigned';
}

// ---------------------------------------------------------------------------------------------
// A visit read as a touch.

/**
 * What ad networks' click ids say when the address has no UTM parameters: Google's and Microsoft's
 * auto-tagging mark paid search; TikTok's and LinkedIn's are added to ad clicks only. Facebook adds
 * `fbclid` to every outbound link, paid or not, so it alone says no more than a referral.
 */
const CLICK_ID_SOURCES: Record<ClickIdParam, { source: string; medium: string }> = {
  gclid: { source: 'google', medium: 'cpc' },
  gbraid: { source: 'google', medium: 'cpc' },
  wbraid: { source: 'google', medium: 'cpc' },
  msclkid: { source: 'bing', medium: 'cpc' },
  ttclid: { source: 'tiktok', medium: 'cpc' },
  li_fat_id: { source: 'linkedin', medium: 'cpc' },
  fbclid: { source: 'facebook', medium: 'referral' },
};

const SEARCH_HOSTS = new Set(SEARCH_SOURCES);
/** What a touch holds in place of what a visitor asked us not to keep, and of a missing UTM value. */
export const NOT_SET = '(not set)';

/** Cuts a parameter's value to what a touch keeps: printable, trimmed, bounded. */
function clean(value: string | null | undefined, max: number): string | undefined {
  if (!value) return undefined;
  const text = value
    .replace(/[\p{Cc}"<>\\]/gu, '')
    .trim()
    .slice(0, max);
  return text || undefined;
}

export interface Visit {
  /** The query string of the address asked for (with or without its `?`). */
  search: string;
  /** The path asked for. */
  path: string;
  /** The Referer header. */
  referrer?: string | undefined;
  /** This site's own host: a referrer from it is a move inside the site, not an arrival. */
  ownHost: string;
  /** Sec-GPC: 1 or DNT: 1. */
  limited: boolean;
  at: number;
}

/**
 * The touch a visit makes: from its UTM parameters, else its click id, else the referring site,
 * else direct. A visitor who asked not to be tracked gets source, medium and the time only.
 */
export function touchOfVisit(visit: Visit): Touch {
  const params = new URLSearchParams(visit.search);
  let referrer: string | undefined;
  if (visit.referrer) {
    try {
      const host = new URL(visit.referrer).hostname.toLowerCase();
      if (host && host !== visit.ownHost.toLowerCase() && /^[a-z0-9.-]{1,253}$/.test(host)) referrer = host;
    } catch {
      // Not an address: no referrer.
    }
  }
  const clickName = CLICK_ID_PARAMS.find((name) => params.get(name));
  const clickValue = clickName ? clean(params.get(clickName), 150) : undefined;
  const utmSource = clean(params.get('utm_source'), 100);
  const utmMedium = clean(params.get('utm_medium'), 100);

  let source: string;
  let medium: string;
  if (utmSource || utmMedium) {
    source = (utmSource ?? NOT_SET).toLowerCase();
    medium = (utmMedium ?? NOT_SET).toLowerCase();
  } else if (clickName && clickValue) {
    ({ source, medium } = CLICK_ID_SOURCES[clickName]);
    // An `fbclid` arrival from Instagram is Instagram's.
    if (clickName === 'fbclid' && referrer) source = sourceOfHost(referrer);
  } else if (referrer) {
    source = sourceOfHost(referrer);
    medium = SEARCH_HOSTS.has(source) ? 'organic' : 'referral';
  } else {
    source = '(direct)';
    medium = '(none)';
  }
  const channel = channelOf({ source, medium, campaign: clean(params.get('utm_campaign'), 100) });
  if (visit.limited) return { source: NOT_SET, medium: NOT_SET, channel, at: visit.at, limited: true };

  const touch: Touch = { source, medium, channel, at: visit.at };
  const campaign = clean(params.get('utm_campaign'), 100);
  const term = clean(params.get('utm_term'), 100);
  const content = clean(params.get('utm_content'), 100);
  if (campaign) touch.campaign = campaign;
  if (term) touch.term = term;
  if (content) touch.content = content;
  if (clickName && clickValue) touch.clickId = { name: clickName, value: clickValue };
  if (referrer) touch.referrer = referrer;
  const landing = clean(visit.path.split('?', 1)[0], 200);
  if (landing?.startsWith('/') && !/\s/.test(landing)) touch.landing = landing;
  // Every part was cut to fit above; should one still not (an odd path), the touch keeps its channel.
  const checked = touchSchema.safeParse(touch);
  return checked.success ? checked.data : { source: NOT_SET, medium: NOT_SET, channel, at: visit.at };
}

/** A touch that is not direct: tagged, with a click id or from another site. */
export function isDirect(touch: Pick<Touch, 'channel'>): boolean {
  return touch.channel === 'Direct';
}

/**
 * The touches after a visit: the first stays; a non-direct visit becomes the last touch. Null when
 * the visit changes nothing (a direct visit of a visitor already known), so no cookie is sent.
 */
export function nextTouches(current: Touches | null, visit: Touch): Touches | null {
  if (!current) return { first: visit };
  if (isDirect(visit)) return null;
  const last = current.last ?? current.first;
  // The same arrival again (a reload of the tagged address): nothing new.
  if (
    last.channel === visit.channel &&
    last.source === visit.source &&
    last.medium === visit.medium &&
    last.campaign === visit.campaign &&
    last.clickId?.value === visit.clickId?.value &&
    last.referrer === visit.referrer
  )
    return null;
  return { first: current.first, last: visit };
}

/** The last touch as reports count it: the last non-direct one, else the first. */
export function lastTouchOf(touches: Touches): Touch {
  return touches.last ?? touches.first;
}

// ---------------------------------------------------------------------------------------------
// Admin reports.

export const ATTRIBUTION_MODELS = ['first', 'last'] as const;
export const ATTRIBUTION_DIMENSIONS = ['channel', 'source', 'campaign'] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];
export type AttributionDimension = (typeof ATTRIBUTION_DIMENSIONS)[number];

/** `GET /api/admin/attribution`: a range of Dubai days, the touch credited and what to group by. */
export const attributionQuerySchema = z
  .object({
    from: calendarDay,
    to: calendarDay,
    touch: z.enum(ATTRIBUTION_MODELS).default('first'),
    by: z.enum(ATTRIBUTION_DIMENSIONS).default('channel'),
  })
  .superRefine((query, ctx) => {
    const range = dayRangeSchema.safeParse(query);
    if (!range.success) for (const issue of range.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });
export type AttributionQuery = z.input<typeof attributionQuerySchema>;

const attributionFigures = {
  leads: z.number().int(),
  /** Consultation requests among the leads. */
  bookings: z.number().int(),
  registrations: z.number().int(),
  /** Orders paid in the range. */
  sales: z.number().int(),
  /** Paid less VAT, less refunds that succeeded in the range and their VAT, in fils. */
  netFils: z.number().int(),
};

export const attributionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  touch: z.enum(ATTRIBUTION_MODELS),
  by: z.enum(ATTRIBUTION_DIMENSIONS),
  /** One row per value, most leads first; `value` null for records made without a touch. */
  rows: z.array(z.object({ value: z.string().nullable(), ...attributionFigures })),
  totals: z.object(attributionFigures),
  /** WhatsApp button presses in the range, by page, most first. */
  whatsapp: z.array(z.object({ page: z.string(), clicks: z.number().int() })),
});
export type AttributionReport = z.infer<typeof attributionReportSchema>;
