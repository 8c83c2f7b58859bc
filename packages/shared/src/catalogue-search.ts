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
