import { COURSE_SORTS, type CourseSort } from './limits.ts';

/**
 * The public pages' addresses: the query parameters each page reads, their defaults and limits.
 * The pages read their parameters by these names, and the server's page cache keeps exactly these
 * in a page's cache key and renders the page from that key, so a parameter missing here never
 * reaches the page. A test renders every public page with each declared parameter and with one it
 * does not declare (apps/server/test/public-params.test.ts).
 */

/** `/courses`: search, sort and page live in the URL (`/courses?q=&sort=&page=`). */
export const CATALOGUE_PARAMS = { q: 'q', sort: 'sort', page: 'page' } as const;
export const CATALOGUE_DEFAULT_SORT: CourseSort = 'latest';
/** A search is cut at this many characters. */
export const CATALOGUE_MAX_QUERY = 100;

/** `/contact?query_type=course` opens the form on a course question instead of a consultation. */
export const CONTACT_PARAMS = { queryType: 'query_type' } as const;

/** Past the sitemap's size limit, `/sitemap.xml` is an index of parts: `?page=1`, `?page=2`… */
export const SITEMAP_PARAMS = { page: 'page' } as const;

/**
 * Every public page at its own address (without its language prefix: `/ar/courses` reads the same
 * parameters), with the parameters it reads. Every other path keeps all but tracking parameters.
 */
export const PUBLIC_PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  '/home': [],
  '/about': [],
  '/why-dubai': [],
  '/courses': Object.values(CATALOGUE_PARAMS),
  '/contact': Object.values(CONTACT_PARAMS),
  '/consult': [],
  '/privacy-policy': [],
  '/sitemap.xml': Object.values(SITEMAP_PARAMS),
  '/robots.txt': [],
};

/** A course or blog post by slug: no parameters. */
export const PUBLIC_DETAIL_PAGE = /^\/(courses|blogs)\/[^/.]+$/;

export function isCourseSort(value: string | null): value is CourseSort {
  return value !== null && Object.hasOwn(COURSE_SORTS, value);
}
