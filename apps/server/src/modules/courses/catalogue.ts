import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Course, Module } from '@oasis/shared/api';
import type { CourseSort } from '@oasis/shared/limits';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media, modules, orders, quizQuestions, quizzes, videos } from '../../db/schema.ts';
import { toCourse, toModule } from './mappers.ts';

/* The public catalogue: every public course with what its card shows, loaded at once. */

export interface CourseQuery {
  search?: string;
  sort?: CourseSort;
}

/** The sort orders ranked by the catalogue's own columns; 'popular' also needs the enrolment counts. */
export type ColumnSort = Exclude<CourseSort, 'popular' | 'rating'>;

/** One catalogue course with its rank in every sort order but 'popular' (1 = first). */
export interface CatalogueRow {
  /** `students` is 0 here: the counts are read apart (`loadEnrolmentCounts`). */
  course: Course;
  modules: Module[];
  hasQuiz: boolean;
  rank: Record<ColumnSort, number>;
}

export interface Catalogue {
  /** Courses in the catalogue (archived ones and drafts left out), latest first. */
  rows: CatalogueRow[];
  /** Slugs of archived courses and drafts: such a slug is 'not found', never another course's id. */
  archivedSlugs: Set<string>;
}

/** Courses the public sees: published, not archived. Drafts and archived courses are for admins (and buyers). */
export const isPublicCourse = () => and(isNull(courses.archivedAt), isNotNull(courses.publishedAt));

/**
 * The ids of the courses (among `courseIds`, or all) that have a quiz with questions: the price
 * card promises a quiz only then.
 */
export async function coursesWithQuiz(db: Db, courseIds?: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ courseId: quizzes.courseId })
    .from(quizzes)
    .innerJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
    .where(courseIds ? inArray(quizzes.courseId, courseIds) : undefined);
  return new Set(rows.map((r) => r.courseId));
}

const rankBy = (...order: SQL[]) =>
  sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.mapWith(Number);

/**
 * The public catalogue as anonymous visitors see it, read in one go for the read model: every
 * course that is not archived with its modules and video titles (no URLs), and its place in each
 * sort order but 'popular'. The orders are SQL's, so ties and timestamps sort as the database
 * sorts them: latest first by default. Enrolment counts are not read here: they change with
 * sales, not with the catalogue, and grouping every enrolment is the costly part of a load at
 * scale, so the read model loads them apart (`loadEnrolmentCounts`) and ranks 'popular' from them.
 */
export async function loadCatalogue(db: Db, html: (raw: string) => string): Promise<Catalogue> {
  const latest = [desc(courses.createdAt), desc(courses.id)];
  const [rows, archived, moduleRows, videoRows, withQuiz] = await Promise.all([
    db
      .select({
        course: courses,
        thumbnail: media,
        latest: rankBy(...latest),
        oldest: rankBy(asc(courses.createdAt), asc(courses.id)),
        priceLow: rankBy(asc(courses.priceFils), ...latest),
        priceHigh: rankBy(desc(courses.priceFils), ...latest),
      })
      .from(courses)
      .leftJoin(media, eq(media.id, courses.thumbnailId))
      .where(isPublicCourse())
      .orderBy(...latest),
    db
      .select({ slug: courses.slug })
      .from(courses)
      .where(or(isNotNull(courses.archivedAt), isNull(courses.publishedAt))),
    db
      .select({ module: modules })
      .from(modules)
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .where(isPublicCourse())
      .orderBy(asc(modules.position), asc(modules.createdAt), asc(modules.id)),
    // Only what a lesson shows without its URL: reading whole rows cost more than the query.
    db
      .select({
        id: videos.id,
        moduleId: videos.moduleId,
        title: videos.title,
        titleAr: videos.titleAr,
        source: videos.source,
        position: videos.position,
        durationSeconds: videos.durationSeconds,
        freePreview: videos.freePreview,
      })
      .from(videos)
      .innerJoin(modules, eq(modules.id, videos.moduleId))
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .where(isPublicCourse())
      .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id)),
    coursesWithQuiz(db),
  ]);
  const videosBy = groupBy(videoRows, (v) => v.moduleId);
  const modulesBy = groupBy(
    moduleRows.map((r) => toModule(r.module, videosBy.get(r.module.id) ?? [], false)),
    (m) => m.course,
  );
  return {
    rows: rows.map((r) => ({
      // No author yet for a course without one: the read model gives it the brand of its settings.
      course: toCourse(r.course, r.thumbnail, 0, '', html),
      modules: modulesBy.get(r.course.id) ?? [],
      hasQuiz: withQuiz.has(r.course.id),
      rank: { latest: r.latest, oldest: r.oldest, priceLow: r.priceLow, priceHigh: r.priceHigh },
    })),
    archivedSlugs: new Set(archived.map((r) => r.slug)),
  };
}

/** A course's learners, and how many of them came through a paid order ('Most Popular' ranks by those). */
export interface EnrolmentCount {
  students: number;
  paid: number;
}

/**
 * Every course's enrolment counts, in one pass over the enrolments (courses without any are left
 * out). An enrolment counts as paid when its order is paid.
 */
export async function loadEnrolmentCounts(db: Db): Promise<Map<string, EnrolmentCount>> {
  const rows = await db
    .select({
      courseId: enrolments.courseId,
      students: count().mapWith(Number),
      paid: count(orders.id).mapWith(Number),
    })
    .from(enrolments)
    .leftJoin(orders, and(eq(orders.id, enrolments.orderId), eq(orders.status, 'paid')))
    .groupBy(enrolments.courseId);
  return new Map(rows.map((r) => [r.courseId, { students: r.students, paid: r.paid }]));
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
