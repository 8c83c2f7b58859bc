import type { Blog, BlogSummary, CatalogueCourse, Course, CourseDetail } from '@oasis/shared/api';
import { toCatalogueCourse } from '@oasis/shared/catalogue-search';
import type { CourseSort } from '@oasis/shared/limits';
import { type BlogBody, toBlogBody } from '../modules/blogs/service.ts';
import type { Catalogue as CatalogueRows, ColumnSort, EnrolmentCount } from '../modules/courses/service.ts';
import type { CourseReviews } from '../modules/reviews/service.ts';

export interface Catalogue {
  /** Catalogue courses in each sort order. */
  sorted: Readonly<Record<CourseSort, readonly Course[]>>;
  /** The same, as cards list them (`cataloguePage()`). */
  cards: Readonly<Record<CourseSort, readonly CatalogueCourse[]>>;
  bySlug: Map<string, CourseDetail>;
  byId: Map<string, CourseDetail>;
  archivedSlugs: Set<string>;
}

export interface Blogs {
  list: BlogSummary[];
  bySlug: Map<string, BlogSummary>;
}

/**
 * Every reader shares the same objects: frozen, so that a page changing what it was handed fails
 * loudly instead of changing what the next visitor sees.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** How many posts with their bodies stay in memory: the most recently read. */
const BODIES_KEPT = 500;

/**
 * Posts with their sanitised bodies, read from the database on first use, a batch of posts in one
 * query. Forgotten at the next content version (any write) and after `maxAgeMs`, like every part.
 */
export class BlogBodies {
  #version = -1;
  #posts = new Map<string, { storedAt: number; post: Promise<Blog | null> }>();

  constructor(private readonly load: (ids: string[]) => Promise<Map<string, BlogBody>>) {}

  get(clock: { version: number; now: number; maxAgeMs: number }, summaries: BlogSummary[]): Promise<(Blog | null)[]> {
    if (clock.version !== this.#version) {
      this.#posts.clear();
      this.#version = clock.version;
    }
    const missing = summaries.filter((s) => {
      const kept = this.#posts.get(s._id);
      return !kept || clock.now - kept.storedAt > clock.maxAgeMs;
    });
    if (missing.length > 0) {
      const bodies = this.load(missing.map((s) => s._id));
      for (const summary of missing) {
        const post = bodies.then((found) => {
          const stored = found.get(summary._id);
          if (stored === undefined) return null;
          const { summary: _text, summaryAr: _textAr, ...fields } = summary;
          return deepFreeze({ ...fields, ...toBlogBody(stored) });
        });
        const entry = { storedAt: clock.now, post };
        // A failed read is not kept: the next reader tries again.
        post.catch(() => {
          if (this.#posts.get(summary._id) === entry) this.#posts.delete(summary._id);
        });
        this.#posts.set(summary._id, entry);
      }
    }
    const posts = summaries.map((s) => {
      const entry = this.#posts.get(s._id) as { storedAt: number; post: Promise<Blog | null> };
      // Most recently read last: the oldest are forgotten first.
      this.#posts.delete(s._id);
      this.#posts.set(s._id, entry);
      return entry.post;
    });
    for (const id of this.#posts.keys()) {
      if (this.#posts.size <= BODIES_KEPT) break;
      this.#posts.delete(id);
    }
    return Promise.all(posts);
  }
}

const COLUMN_SORTS: readonly ColumnSort[] = ['latest', 'oldest', 'priceLow', 'priceHigh'];
const NO_ENROLMENTS: EnrolmentCount = { students: 0, paid: 0 };

/**
 * The catalogue from its rows, the enrolment counts, the approved reviews and the brand: each
 * course with its student count, its rating (from three approved reviews) and an author (the brand
 * for a course without one of its own), in every order. 'Most Popular' ranks by paid enrolments,
 * then as 'latest' does (what SQL ranked before); 'Top Rated' by the average shown, then the number
 * of reviews, courses without a rating shown last, then as 'latest' does.
 */
export function buildCatalogue(
  { rows, archivedSlugs }: CatalogueRows,
  counts: ReadonlyMap<string, EnrolmentCount>,
  brandName: string,
  summary: (html: string) => string,
  reviews: ReadonlyMap<string, CourseReviews> = new Map(),
): Catalogue {
  const courses = rows.map((row) => {
    const count = counts.get(row.course._id) ?? NO_ENROLMENTS;
    const author = row.course.author || brandName;
    const shown = reviews.get(row.course._id);
    const course: Course = Object.freeze({
      ...row.course,
      author,
      students: count.students,
      ...(shown && { rating: shown.rating }),
    });
    return { row, course, card: toCatalogueCourse(course, summary), paid: count.paid, shown };
  });
  const order = {} as Record<CourseSort, typeof courses>;
  for (const sort of COLUMN_SORTS) order[sort] = [...courses].sort((a, b) => a.row.rank[sort] - b.row.rank[sort]);
  order.popular = [...courses].sort((a, b) => b.paid - a.paid || a.row.rank.latest - b.row.rank.latest);
  order.rating = [...courses].sort(
    (a, b) =>
      (b.shown?.rating.average ?? 0) - (a.shown?.rating.average ?? 0) ||
      (b.shown?.rating.count ?? 0) - (a.shown?.rating.count ?? 0) ||
      a.row.rank.latest - b.row.rank.latest,
  );
  const sorted = {} as Record<CourseSort, Course[]>;
  const cards = {} as Record<CourseSort, CatalogueCourse[]>;
  for (const sort of Object.keys(order) as CourseSort[]) {
    sorted[sort] = order[sort].map((c) => c.course);
    cards[sort] = order[sort].map((c) => c.card);
  }
  const bySlug = new Map<string, CourseDetail>();
  const byId = new Map<string, CourseDetail>();
  for (const { row, course, shown } of courses) {
    const detail: CourseDetail = Object.freeze({
      ...course,
      modules: row.modules,
      hasAccess: false,
      hasQuiz: row.hasQuiz,
      ...(shown && { reviews: shown.reviews }),
    });
    bySlug.set(course.slug, detail);
    byId.set(course._id, detail);
  }
  return { sorted: deepFreeze(sorted), cards: deepFreeze(cards), bySlug, byId, archivedSlugs };
}
