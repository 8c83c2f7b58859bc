import { COURSE_SORTS, type CourseSort } from '@oasis/shared/limits';

/** The catalogue's address: search, sort and page live in the URL (`/courses?q=&sort=&page=`). */
export const DEFAULT_SORT: CourseSort = 'latest';
export const MAX_QUERY = 100;

export function isSort(value: string | null): value is CourseSort {
  return value !== null && Object.hasOwn(COURSE_SORTS, value);
}

export interface CatalogState {
  q: string;
  sort: CourseSort;
  page: number;
}

/** The catalogue URL for a state; defaults are left out so the plain address stays `/courses`. */
export function catalogHref({ q, sort, page }: CatalogState): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/courses?${query}` : '/courses';
}
