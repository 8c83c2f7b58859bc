import { asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { CourseDetail, Module } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media, modules, videos } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { canWatchCourse, type Viewer } from '../access/service.ts';
import { getSettings } from '../settings/service.ts';
import { coursesWithQuiz } from './catalogue.ts';
import { type CourseRow, toCourse, toModule, type VideoLinks, type VideoRow } from './mappers.ts';

/* One course: finding it, its modules and lessons, and its page's detail. */

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

export async function loadModules(
  db: Db,
  courseId: string,
  withUrls: boolean,
  links: VideoLinks = {},
): Promise<Module[]> {
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
  return moduleRows.map((m) => toModule(m, byModule.get(m.id) ?? [], withUrls, links));
}

export async function countStudents(db: Db, courseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
  return Number(row?.n ?? 0);
}

/** Whether only admins and the course's learners may see it: archived, or a draft. */
export const isHiddenCourse = (course: Pick<CourseRow, 'archivedAt' | 'publishedAt'>) =>
  course.archivedAt !== null || course.publishedAt === null;

/**
 * One course with its modules and videos; video URLs only for those who may watch. An archived
 * course or a draft stays visible to its learners and admins (an admin's preview), and is 'not
 * found' for everyone else.
 */
export async function getCourseDetail(
  db: Db,
  slugOrId: string,
  viewer: Viewer | null,
  links: VideoLinks = {},
): Promise<CourseDetail | null> {
  const found = await findCourseRow(db, slugOrId);
  if (!found) return null;
  const { course, thumbnail } = found;
  const hasAccess = await canWatchCourse(db, viewer, course.id);
  if (isHiddenCourse(course) && !hasAccess) return null;
  const [moduleList, students, settings, withQuiz] = await Promise.all([
    loadModules(db, course.id, hasAccess, links),
    countStudents(db, course.id),
    getSettings(db),
    coursesWithQuiz(db, [course.id]),
  ]);
  return {
    ...toCourse(course, thumbnail, students, settings.brandName),
    modules: moduleList,
    hasAccess,
    hasQuiz: withQuiz.has(course.id),
  };
}

export async function requireCourseDetail(
  db: Db,
  slugOrId: string,
  viewer: Viewer | null,
  links: VideoLinks = {},
): Promise<CourseDetail> {
  const course = await getCourseDetail(db, slugOrId, viewer, links);
  if (!course) throw notFound('core.courseNotFound');
  return course;
}

/** The modules of a course (by id or slug), with video URLs only for those who may watch. */
export async function listCourseModules(
  db: Db,
  courseIdOrSlug: string,
  viewer: Viewer | null,
  links: VideoLinks = {},
): Promise<Module[]> {
  const found = await findCourseRow(db, courseIdOrSlug);
  if (!found) throw notFound('core.courseNotFound');
  const hasAccess = await canWatchCourse(db, viewer, found.course.id);
  if (isHiddenCourse(found.course) && !hasAccess) throw notFound('core.courseNotFound');
  return loadModules(db, found.course.id, hasAccess, links);
}
