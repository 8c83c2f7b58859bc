import type { CatalogueCourse, Course } from './api.ts';
import { courseSummary } from './format.ts';
import { type CourseSort, LIMITS } from './limits.ts';
/**
 * The catalogue's search (docs/product.md, Catalogue): the courses whose English or Arabic title
 * contains `search`, ignoring case and the spaces around it (`%` and `_` are plain characters), in
 * the order given; every course when the search is empty. The API (the server's read model) and the
 * catalogue page both search with it.
 */
export function searchCourses<T extends { title: string; titleAr?: string | null }>(
  courses: readonly T[],
  search: string | undefined,
): T[] {
  const term = search?.trim().toLowerCase();
  if (!term) return courses.slice();
  return courses.filter(
    (course) => course.title.toLowerCase().includes(term) || Boolean(course.titleAr?.toLowerCase().includes(term)),
  );
}

/**
 * A course as cards list it (`CatalogueCourse`), its summaries cut once instead of at every render
 * (`summary`: `courseSummary`, or a memo of it).
 */
export function toCatalogueCourse(course: Course, summary: (html: string) => string = courseSummary): CatalogueCourse {
  return {
    _id: course._id,
    slug: course.slug,
    title: course.title,
    titleAr: course.titleAr,
    price: course.price,
    comingSoon: course.comingSoon,
    thumbnail: course.thumbnail,
    thumbnailUrl: course.thumbnailUrl,
    students: course.students,
    ...(course.rating && { rating: course.rating }),
    summary: summary(course.description),
    summaryAr: summary(course.descriptionAr),
  };
}

/** Which page of the catalogue a page shows (`PublicSiteData.cataloguePage`). */
export interface CataloguePageQuery {
  /** The search (`searchCourses`); every course when empty. */
  q?: string;
  sort?: CourseSort;
  /** 1-based; out of range (or not a number) it is the nearest page there is. */
  page?: number;
  /** Courses a page, at most `LIMITS.catalogPageSize` (the default). */
  pageSize?: number;
  /** Courses open for sale before coming-soon ones, each group in the sort's order (the home teaser). */
  availableFirst?: boolean;
}

/** One page of the catalogue, with the number of matches and of pages. */
export interface CataloguePage<T> {
  courses: T[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The page `query` asks for of `courses` (one sort order of the catalogue): searched, the page
 * number kept within the pages there are (the last one for a page past the end), and sliced.
 */
export function cataloguePage<T extends { title: string; titleAr?: string | null; comingSoon: boolean }>(
  courses: readonly T[],
  query: CataloguePageQuery,
): CataloguePage<T> {
  let found = searchCourses(courses, query.q);
  if (query.availableFirst) found = [...found.filter((c) => !c.comingSoon), ...found.filter((c) => c.comingSoon)];
  const pageSize = Math.min(Math.max(Math.trunc(query.pageSize ?? LIMITS.catalogPageSize), 1), LIMITS.catalogPageSize);
  const total = found.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = query.page ?? 1;
  const page = Number.isFinite(requested) ? Math.min(Math.max(Math.trunc(requested), 1), pageCount) : 1;
  const start = (page - 1) * pageSize;
  return { courses: found.slice(start, start + pageSize), total, page, pageCount };
}
