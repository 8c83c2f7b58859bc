import {
  CATALOGUE_DEFAULT_SORT,
  CATALOGUE_MAX_QUERY,
  CATALOGUE_PARAMS,
  isCourseSort,
  PUBLIC_DETAIL_PAGE,
  PUBLIC_PAGE_PARAMS as SHARED_PAGE_PARAMS,
} from '@oasis/shared/public-pages';
import type { CacheSegment } from './store.ts';

// ---------------------------------------------------------------------------------------------
// Cache keys: only what changes the answer.

/** Parameters that only tell analytics where a visitor came from: no page or API answer reads them. */
const TRACKING_PARAMS = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  '_ke',
  'dclid',
  'fbclid',
  'gad_source',
  'gbraid',
  'gclid',
  'gclsrc',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'oly_anon_id',
  'oly_enc_id',
  'rb_clickid',
  'ref',
  'ref_src',
  's_cid',
  'srsltid',
  'ttclid',
  'twclid',
  'vero_id',
  'wbraid',
  'yclid',
]);
/** Whole families: Google (utm_), Matomo (pk_, mtm_), HubSpot ads (hsa_). */
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * `url` (a path with its query) reduced to what can change the answer: the path, then the query
 * parameters named in `keep` (every parameter but tracking ones when `keep` is absent), sorted by
 * name in a fixed order. Repeated parameters keep their relative order (the sort is stable).
 */
export function normaliseUrl(url: string, keep?: ReadonlySet<string>): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  if (keep?.size === 0) return path;
  const kept: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (keep ? keep.has(name) : !isTrackingParam(name)) kept.push([name, value]);
  }
  if (kept.length === 0) return path;
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The query parameters each public page reads, at its own address exactly as the site links to it
 * (packages/shared/src/public-pages.ts: the pages read the same names). Every other path (sign-in,
 * learner and admin screens, other spellings, unknown paths) keeps all but tracking parameters:
 * its answer may read any of them.
 */
const PUBLIC_PAGE_PARAMS = new Map<string, ReadonlySet<string>>(
  Object.entries(SHARED_PAGE_PARAMS).map(([path, names]) => [path, names.length === 0 ? NONE : new Set(names)]),
);
/** A course or blog by slug: a wrong slug is a 404 and an id a redirect, so only real pages answer 200. */
const PUBLIC_DETAIL = PUBLIC_DETAIL_PAGE;
/** React Router's data requests (client navigations, fetchers) also say which routes to load. */
const DATA_PARAMS = ['_routes', 'index'];
const dataParams = new Map<ReadonlySet<string>, ReadonlySet<string>>();

/**
 * A public page's address without its language: `/ar/courses` is the catalogue in Arabic
 * (docs/i18n.md), with the same parameters. Exactly `/ar`: other casings are redirected first.
 */
function withoutLocale(pathname: string): string {
  if (pathname === '/ar') return '/';
  return pathname.startsWith('/ar/') ? pathname.slice(3) : pathname;
}

/** The parameters the public page at `pathname` reads, or undefined when it is not one. */
function publicPageParams(localePathname: string): ReadonlySet<string> | undefined {
  if (localePathname.endsWith('.data')) {
    const page = localePathname === '/_root.data' ? '/' : localePathname.slice(0, -'.data'.length);
    const params = page === '/' || !page.endsWith('/') ? publicPageParams(page) : undefined;
    if (!params) return undefined;
    let withRoutes = dataParams.get(params);
    if (!withRoutes) {
      withRoutes = new Set([...params, ...DATA_PARAMS]);
      dataParams.set(params, withRoutes);
    }
    return withRoutes;
  }
  const pathname = withoutLocale(localePathname);
  return PUBLIC_PAGE_PARAMS.get(pathname) ?? (PUBLIC_DETAIL.test(pathname) ? NONE : undefined);
}

function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

/**
 * The cache key of a page request, which is also the URL the page is rendered from: a parameter
 * the key leaves out can never show up in a cached page.
 */
export function pageCacheKey(url: string): string {
  return normaliseUrl(url, publicPageParams(pathOf(url)));
}

// ---------------------------------------------------------------------------------------------
// Canonical addresses: other spellings of a public page are redirected before any render, so
// that each does not cost a render and an entry of its own.

/** `/courses`' own parameters in the form its links use: defaults left out (`catalogHref`). */
function canonicalCatalogueParams(params: URLSearchParams): [string, string][] {
  const kept: [string, string][] = [];
  const q = (params.get(CATALOGUE_PARAMS.q) ?? '').trim().slice(0, CATALOGUE_MAX_QUERY);
  if (q) kept.push([CATALOGUE_PARAMS.q, q]);
  const sort = params.get(CATALOGUE_PARAMS.sort);
  // 'latest' is the default; an unknown sort is shown as the default.
  if (isCourseSort(sort) && sort !== CATALOGUE_DEFAULT_SORT) kept.push([CATALOGUE_PARAMS.sort, sort]);
  const page = Number.parseInt(params.get(CATALOGUE_PARAMS.page) ?? '', 10);
  if (Number.isSafeInteger(page) && page > 1) kept.push([CATALOGUE_PARAMS.page, String(page)]);
  return kept;
}

/**
 * Where a GET of `url` should be sent instead, or null when `url` is already the address of its
 * page (or no public page's). Public paths are lower case (slugs are made lower-case kebab:
 * `slugify`), so `/Courses` or `/BLOGS/Some-Post` go to their lower-case path, and a trailing slash
 * goes; the catalogue's `q`, `sort` and `page` go to the form its links use (`page=1`, `page=01`,
 * `page=+2`, `sort=latest`, an unknown sort, an empty `q` left out or tidied). Every other parameter,
 * tracking ones included, is passed on as it came: those never reach the cache key, so they need no
 * redirect of their own. Decided from the cache key: a redirect only where the key would differ.
 */
export function canonicalPageUrl(url: string): string | null {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (path.endsWith('.data')) return null;
  // Letters only: a percent-escape keeps its spelling (`%C3%A9` is no other page than it is).
  let canonicalPath = path.replace(/%[0-9A-Fa-f]{2}|[A-Z]+/g, (part) => (part[0] === '%' ? part : part.toLowerCase()));
  if (canonicalPath.length > 1 && canonicalPath.endsWith('/')) canonicalPath = canonicalPath.replace(/\/+$/, '') || '/';
  const page = withoutLocale(canonicalPath);
  if (!PUBLIC_PAGE_PARAMS.has(page) && !PUBLIC_DETAIL.test(page)) return null;
  let query = mark === -1 ? '' : url.slice(mark + 1);
  if (page === '/courses' && query) {
    const params = new URLSearchParams(query);
    const own: readonly string[] = Object.values(CATALOGUE_PARAMS);
    const rest = [...params].filter(([name]) => !own.includes(name));
    query = new URLSearchParams([...canonicalCatalogueParams(params), ...rest]).toString();
  }
  const target = query ? `${canonicalPath}?${query}` : canonicalPath;
  return pageCacheKey(target) === pageCacheKey(url) ? null : target;
}

/**
 * Where a rendered page is kept: public pages at their own address (a finite set) apart from
 * everything a visitor can mint at will, and failures apart from both.
 */
export function pageSegment(key: string, status: number): CacheSegment {
  if (status !== 200) return 'pageMisses';
  return !key.includes('?') && publicPageParams(key) ? 'pages' : 'pageVariants';
}

/** The cache key of a public API read: only the query parameters its schema declares. */
export function apiCacheKey(url: string, params: ReadonlySet<string>): string {
  return `api:${normaliseUrl(url, params)}`;
}

export function apiSegment(key: string): CacheSegment {
  return key.includes('?') ? 'apiVariants' : 'api';
}
