import type { CourseSort } from '@oasis/shared/limits';
import {
  CATALOGUE_DEFAULT_SORT as DEFAULT_SORT,
  isCourseSort as isSort,
  CATALOGUE_MAX_QUERY as MAX_QUERY,
  CATALOGUE_PARAMS,
} from '@oasis/shared/public-pages';

/** The catalogue's address: its parameters, default and limit are the shared ones (public-pages). */
export { DEFAULT_SORT, isSort, MAX_QUERY };

export interface CatalogState {
  q: string;
  sort: CourseSort;
  page: number;
}

/** The catalogue URL for a state; defaults are left out so the plain address stays `/courses`. */
export function catalogHref({ q, sort, page }: CatalogState): string {
  const params = new URLSearchParams();
  if (q) params.set(CATALOGUE_PARAMS.q, q);
  if (sort !== DEFAULT_SORT) params.set(CATALOGUE_PARAMS.sort, sort);
  if (page > 1) params.set(CATALOGUE_PARAMS.page, String(page));
  const query = params.toString();
  return query ? `/courses?${query}` : '/courses';
}
