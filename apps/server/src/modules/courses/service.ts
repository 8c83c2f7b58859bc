import { and, asc, count, desc, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Course, CourseDetail, Module, Video } from '@oasis/shared/api';
import { filsToAed, slugify } from '@oasis/shared/format';
import { type CourseSort, FALLBACK_THUMBNAIL } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media, modules, orders, videos } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { sanitizeRichHtml } from '../../lib/sanitize.ts';
import { canWatchCourse, type Viewer } from '../access/service.ts';
import { type MediaRow, toImage } from '../media/service.ts';
import { getSettings } from '../settings/service.ts';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;

/** Who is asking, as far as lesson videos are concerned; null for an anonymous visitor. */
export type { Viewer };

/** The API shape of a course row. Rich HTML is sanitised again on the way out. */
export function toCourse(row: CourseRow, thumbnail: MediaRow | null, students: number, brandName: string): Course {
  const image = toImage(thumbnail);
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: sanitizeRichHtml(row.description),
    courseOutcome: sanitizeRichHtml(row.courseOutcome),
    price: filsToAed(row.priceFils),
    thumbnailUrl: image?.url ?? FALLBACK_THUMBNAIL,
    thumbnail: image,
    author: row.author?.trim() || brandName,
    students,
    comingSoon: row.comingSoon,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A lesson video. The URL goes only to those who may watch (enrolled learners, admins).
 * Uploaded files have no URL of their own here: the video streaming route serves them.
 */
export function toVideo(row: VideoRow, withUrl: boolean): Video {
  const video: Video = { _id: row.id, title: row.title, source: row.source, position: row.position };
  if (withUrl && row.url) video.videoUrl = row.url;
  return video;
}

export function toModule(row: ModuleRow, moduleVideos: VideoRow[], withUrls: boolean): Module {
  return {
    _id: row.id,
    title: row.title,
    course: row.courseId,
    position: row.position,
    videos: moduleVideos.map((v) => toVideo(v, withUrls)),
  };
}

/** `%` and `_` typed in a search are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface CourseQuery {
  search?: string;
  sort?: CourseSort;
}

/** The public catalogue: archived courses left out; latest first unless another sort is asked for. */
export async function listCourses(db: Db, query: CourseQuery = {}): Promise<Course[]> {
  const students = db
    .select({ courseId: enrolments.courseId, students: count().as('students') })
    .from(enrolments)
    .groupBy(enrolments.courseId)
    .as('student_counts');
  // 'Most Popular' ranks by enrolments that were paid for.
  const paid = db
    .select({ courseId: enrolments.courseId, paid: count().as('paid') })
    .from(enrolments)
    .innerJoin(orders, and(eq(orders.id, enrolments.orderId), eq(orders.status, 'paid')))
    .groupBy(enrolments.courseId)
    .as('paid_counts');

  const search = query.search?.trim();
  const latest = [desc(courses.createdAt), desc(courses.id)];
  const order: Record<CourseSort, SQL[]> = {
    latest,
    oldest: [asc(courses.createdAt), asc(courses.id)],
    priceLow: [asc(courses.priceFils), ...latest],
    priceHigh: [desc(courses.priceFils), ...latest],
    popular: [desc(sql`coalesce(${paid.paid}, 0)`), ...latest],
  };
  const [rows, settings] = await Promise.all([
    db
      .select({ course: courses, thumbnail: media, students: students.students })
      .from(courses)
      .leftJoin(media, eq(media.id, courses.thumbnailId))
      .leftJoin(students, eq(students.courseId, courses.id))
      .leftJoin(paid, eq(paid.courseId, courses.id))
      .where(and(isNull(courses.archivedAt), search ? ilike(courses.title, `%${escapeLike(search)}%`) : undefined))
      .orderBy(...order[query.sort ?? 'latest']),
    getSettings(db),
  ]);
  return rows.map((r) => toCourse(r.course, r.thumbnail, Number(r.students ?? 0), settings.brandName));
}

/** A course by slug or by id (both work in the same place of a URL). */
export async function findCourseRow(db: Db, slugOrId: string) {
  const [row] = await db
    .select({ course: courses, thumbnail: media })
    .from(courses)
    .leftJoin(media, eq(media.id, courses.thumbnailId))
    .where(or(eq(courses.slug, slugOrId), eq(courses.id, slugOrId)))
    // A slug that happens to equal another course's id must not be ambiguous: the slug wins.
    .orderBy(sql`case when ${courses.slug} = ${slugOrId} then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

async function loadModules(db: Db, courseId: string, withUrls: boolean): Promise<Module[]> {
  const moduleRows = await db
    .select()
    .from(modules)
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.position), asc(modules.createdAt), asc(modules.id));
  if (!moduleRows.length) return [];
  const videoRows = await db
    .select()
    .from(videos)
    .where(
      inArray(
        videos.moduleId,
        moduleRows.map((m) => m.id),
      ),
    )
    .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id));
  const byModule = new Map<string, VideoRow[]>();
  for (const v of videoRows) {
    const list = byModule.get(v.moduleId) ?? [];
    list.push(v);
    byModule.set(v.moduleId, list);
  }
  return moduleRows.map((m) => toModule(m, byModule.get(m.id) ?? [], withUrls));
}

async function countStudents(db: Db, courseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
  return Number(row?.n ?? 0);
}

/**
 * One course with its modules and videos; video URLs only for those who may watch. An archived
 * course stays visible to its learners and admins, and is 'not found' for everyone else.
 */
export async function getCourseDetail(db: Db, slugOrId: string, viewer: Viewer | null): Promise<CourseDetail | null> {
  const found = await findCourseRow(db, slugOrId);
  if (!found) return null;
  const { course, thumbnail } = found;
  const hasAccess = await canWatchCourse(db, viewer, course.id);
  if (course.archivedAt && !hasAccess) return null;
  const [moduleList, students, settings] = await Promise.all([
    loadModules(db, course.id, hasAccess),
    countStudents(db, course.id),
    getSettings(db),
  ]);
  return { ...toCourse(course, thumbnail, students, settings.brandName), modules: moduleList, hasAccess };
}

export async function requireCourseDetail(db: Db, slugOrId: string, viewer: Viewer | null): Promise<CourseDetail> {
  const course = await getCourseDetail(db, slugOrId, viewer);
  if (!course) throw notFound(MESSAGES.courseNotFound);
  return course;
}

/** The modules of a course (by id or slug), with video URLs only for those who may watch. */
export async function listCourseModules(db: Db, courseIdOrSlug: string, viewer: Viewer | null): Promise<Module[]> {
  const found = await findCourseRow(db, courseIdOrSlug);
  if (!found) throw notFound(MESSAGES.courseNotFound);
  const hasAccess = await canWatchCourse(db, viewer, found.course.id);
  if (found.course.archivedAt && !hasAccess) throw notFound(MESSAGES.courseNotFound);
  return loadModules(db, found.course.id, hasAccess);
}

/** A slug for `title` that no other course has: `title`, then `title-2`, `title-3`… */
export async function uniqueCourseSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(or(eq(courses.slug, base), like(courses.slug, `${base}-%`)));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  return nextFreeSlug(base, taken);
}

export function nextFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
