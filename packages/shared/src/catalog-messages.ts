/**
 * The course catalogue's wording (docs/product.md#catalogue). Part of MESSAGES (./messages.ts); kept in its own
 * module so that the public catalogue page ships these lines and not every message.
 */
export const CATALOG_MESSAGES = {
  noResults: 'No results found',
  noCoursesMatching: 'No courses found matching your criteria.',
  failedToLoadCourses: 'Failed to load courses.',
} as const;
