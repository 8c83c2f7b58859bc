import type { CatalogueCourse, Course } from './api.ts';
import { courseSummary } from './format.ts';
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
    summary: summary(course.description),
    summaryAr: summary(course.descriptionAr),
  };
}
