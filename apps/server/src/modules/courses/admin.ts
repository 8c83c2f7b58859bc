import { asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type AdminListQuery } from '@oasis/shared/admin/common';
import {
  type AdminCourse,
  type AdminCoursePage,
  COURSE_RULE_MESSAGES,
  type CourseFormValues,
  checkCourseForm,
  type AdminCourseChoice,
} from '@oasis/shared/admin/courses';
import type { Course } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media, modules, orders, videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { assertValid } from '../../lib/form-check.ts';
import type { ReadFormResult } from '../media/form-input.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { sanitizeArabicRichHtml, sanitizeRichHtml } from '../../lib/sanitize.ts';
import { releaseMedia, withUploadedImage } from '../media/service.ts';
import { getSettings } from '../settings/service.ts';
import { retryOnSlugClash } from '../users/service.ts';
import { coursesWithQuiz } from './catalogue.ts';
import { countStudents, findCourseRow } from './detail.ts';
import { type CourseRow, toCourse } from './mappers.ts';
import { uniqueCourseSlug } from './slugs.ts';

/*
 * The owner's writes and lists of courses. Every write that changes what public pages show
 * invalidates the page cache.
 */

type ContentDeps = Pick<Deps, 'db' | 'storage' | 'pageCache'>;
type CourseForm = Pick<ReadFormResult, 'fields' | 'image'>;

/** Inserts a course under a free slug; a slug taken by a concurrent insert is retried. */
async function insertCourseWithSlug(db: Db, values: Omit<typeof courses.$inferInsert, 'slug'>): Promise<CourseRow> {
  return retryOnSlugClash(async () => {
    const [row] = await db
      .insert(courses)
      .values({ ...values, slug: await uniqueCourseSlug(db, values.title) })
      .returning();
    if (!row) throw new Error('course insert returned no row');
    return row;
  });
}

/** The selling fields of a checked course form that were sent (left-out ones keep their value). */
function sellingFields(value: CourseFormValues) {
  return {
    ...(value.tagline !== undefined && { tagline: value.tagline }),
    ...(value.taglineAr !== undefined && { taglineAr: value.taglineAr }),
    ...(value.level !== undefined && { level: value.level }),
    ...(value.language !== undefined && { language: value.language }),
    ...(value.outcomes !== undefined && { outcomes: value.outcomes }),
    ...(value.outcomesAr !== undefined && { outcomesAr: value.outcomesAr }),
    ...(value.faq !== undefined && { faq: value.faq }),
  };
}

/** `POST /courses/course`: a new course with its thumbnail (checked and re-encoded). */
export async function createCourse(deps: ContentDeps, form: CourseForm): Promise<Course> {
  const value = assertValid(checkCourseForm(form.fields, { mode: 'create', hasThumbnail: Boolean(form.image) }));
  const { row, thumbnail } = await withUploadedImage(deps, form.image, async (thumbnail) => {
    if (!thumbnail) throw new Error('unreachable: the form check requires a thumbnail');
    const row = await insertCourseWithSlug(deps.db, {
      title: value.title ?? '',
      titleAr: value.titleAr ?? '',
      priceFils: value.priceFils ?? 0,
      description: sanitizeRichHtml(value.description),
      descriptionAr: sanitizeArabicRichHtml(value.descriptionAr),
      courseOutcome: sanitizeRichHtml(value.courseOutcome),
      courseOutcomeAr: sanitizeArabicRichHtml(value.courseOutcomeAr),
      comingSoon: value.comingSoon ?? false,
      author: value.author ?? null,
      authorAr: value.authorAr ?? '',
      requireWatching: value.requireWatching ?? false,
      lessonsInOrder: value.lessonsInOrder ?? false,
      ...(value.watchSharePercent !== undefined && { watchSharePercent: value.watchSharePercent }),
      ...sellingFields(value),
      // A new course is a draft until the owner publishes it (docs/product.md#admin-courses).
      publishedAt: null,
      thumbnailId: thumbnail.id,
    });
    return { row, thumbnail };
  });
  const settings = await getSettings(deps.db);
  return toCourse(row, thumbnail, 0, settings.brandName);
}

/**
 * `PUT /courses/courses/course/{slug}` (a course id works too): fields left out keep their value; a
 * new image replaces the thumbnail and the old renditions are deleted. The slug never changes on
 * rename, so links already shared keep working.
 */
export async function updateCourse(deps: ContentDeps, slugOrId: string, form: CourseForm): Promise<Course> {
  const found = await findCourseRow(deps.db, slugOrId);
  if (!found) throw notFound('core.courseNotFound');
  const value = assertValid(checkCourseForm(form.fields, { mode: 'update', hasThumbnail: Boolean(form.image) }));
  const { row, thumbnail } = await withUploadedImage(
    deps,
    form.image,
    async (thumbnail) => {
      const [row] = await deps.db
        .update(courses)
        .set({
          ...(value.title !== undefined && { title: value.title }),
          ...(value.titleAr !== undefined && { titleAr: value.titleAr }),
          ...(value.priceFils !== undefined && { priceFils: value.priceFils }),
          ...(value.description !== undefined && { description: sanitizeRichHtml(value.description) }),
          ...(value.descriptionAr !== undefined && { descriptionAr: sanitizeArabicRichHtml(value.descriptionAr) }),
          ...(value.courseOutcome !== undefined && { courseOutcome: sanitizeRichHtml(value.courseOutcome) }),
          ...(value.comingSoon !== undefined && { comingSoon: value.comingSoon }),
          ...(value.courseOutcomeAr !== undefined && {
            courseOutcomeAr: sanitizeArabicRichHtml(value.courseOutcomeAr),
          }),
          ...(value.author !== undefined && { author: value.author }),
          ...(value.authorAr !== undefined && { authorAr: value.authorAr }),
          ...(value.requireWatching !== undefined && { requireWatching: value.requireWatching }),
          ...(value.lessonsInOrder !== undefined && { lessonsInOrder: value.lessonsInOrder }),
          ...(value.watchSharePercent !== undefined && { watchSharePercent: value.watchSharePercent }),
          ...sellingFields(value),
          ...(thumbnail && { thumbnailId: thumbnail.id }),
          updatedAt: new Date(),
        })
        .where(eq(courses.id, found.course.id))
        .returning();
      if (!row) throw notFound('core.courseNotFound');
      return { row, thumbnail };
    },
    found.course.thumbnailId,
  );
  const [students, settings] = await Promise.all([countStudents(deps.db, row.id), getSettings(deps.db)]);
  return toCourse(row, thumbnail ?? found.thumbnail, students, settings.brandName);
}

export interface DeleteCourseOutcome {
  message: string;
  archived: boolean;
}

async function archiveCourse(db: Db, courseId: string): Promise<DeleteCourseOutcome> {
  await db
    .update(courses)
    .set({ archivedAt: sql`coalesce(${courses.archivedAt}, now())` })
    .where(eq(courses.id, courseId));
  return { message: ADMIN_MESSAGES.courseArchived, archived: true };
}

/**
 * `DELETE /courses/course/{courseId}`. A course nobody has enrolled in or ordered is deleted with
 * its modules, videos, quiz and stored files. A course with enrolments or orders is archived
 * instead: it leaves the catalogue and sitemap, its buyers keep watching it and keep it in their
 * list, and the orders (the shop's financial record, or a payment still being confirmed) stay valid.
 */
export async function deleteOrArchiveCourse(deps: ContentDeps, slugOrId: string): Promise<DeleteCourseOutcome> {
  const found = await findCourseRow(deps.db, slugOrId);
  if (!found) throw notFound('core.courseNotFound');
  const courseId = found.course.id;
  let outcome: DeleteCourseOutcome & { mediaIds: (string | null)[] };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [enrolled] = await tx.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
      const [ordered] = await tx.select({ n: count() }).from(orders).where(eq(orders.courseId, courseId));
      if (Number(enrolled?.n) > 0 || Number(ordered?.n) > 0)
        return { ...(await archiveCourse(tx, courseId)), mediaIds: [] };
      const videoMedia = await tx
        .select({ id: videos.mediaId })
        .from(videos)
        .innerJoin(modules, eq(modules.id, videos.moduleId))
        .where(eq(modules.courseId, courseId));
      // Modules, videos, the quiz with its questions and attempts, and progress go by cascade.
      await tx.delete(courses).where(eq(courses.id, courseId));
      return {
        message: ADMIN_MESSAGES.courseDeleted,
        archived: false,
        mediaIds: [found.course.thumbnailId, ...videoMedia.map((v) => v.id)],
      };
    });
  } catch (error) {
    // An order placed between the check and the delete: the course is archived after all.
    if (!isForeignKeyViolation(error)) throw error;
    outcome = { ...(await archiveCourse(deps.db, courseId)), mediaIds: [] };
  }
  await releaseMedia(deps, outcome.mediaIds);
  return { message: outcome.message, archived: outcome.archived };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Courses as the admin list shows them: archived ones included and flagged, latest first, a page at
 * a time; the search matches the English or the Arabic title.
 */
export async function listAdminCoursePage(db: Db, query: AdminListQuery): Promise<AdminCoursePage> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = pattern ? or(ilike(courses.title, pattern), ilike(courses.titleAr, pattern)) : undefined;
  const pageSize = ADMIN_LIMITS.listPageSize;
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: courses.id })
      .from(courses)
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ value: count() }).from(courses).where(where),
  ]);
  return {
    courses: await listAdminCourses(
      db,
      ids.map((r) => r.id),
    ),
    total: total?.value ?? 0,
    page: query.page,
    pageSize,
  };
}

/** The courses the owner can attach a quiz to: drafts too, archived ones not (adminCourseChoiceSchema). */
export async function listAdminCourseChoices(db: Db): Promise<AdminCourseChoice[]> {
  const rows = await db
    .select({ _id: courses.id, title: courses.title, titleAr: courses.titleAr, publishedAt: courses.publishedAt })
    .from(courses)
    .where(isNull(courses.archivedAt))
    .orderBy(asc(courses.title), asc(courses.id));
  return rows.map(({ publishedAt, ...row }) => ({ ...row, published: publishedAt !== null }));
}

/** These courses as the admin list shows them (counts included), latest first. */
export async function listAdminCourses(db: Db, ids: string[]): Promise<AdminCourse[]> {
  if (ids.length === 0) return [];
  const [rows, moduleCounts, videoCounts, withQuiz, enrolmentCounts, settings] = await Promise.all([
    db
      .select({ course: courses, thumbnail: media })
      .from(courses)
      .leftJoin(media, eq(media.id, courses.thumbnailId))
      .where(inArray(courses.id, ids))
      .orderBy(desc(courses.createdAt), desc(courses.id)),
    db
      .select({ courseId: modules.courseId, n: count() })
      .from(modules)
      .where(inArray(modules.courseId, ids))
      .groupBy(modules.courseId),
    db
      .select({ courseId: modules.courseId, n: count() })
      .from(videos)
      .innerJoin(modules, eq(modules.id, videos.moduleId))
      .where(inArray(modules.courseId, ids))
      .groupBy(modules.courseId),
    coursesWithQuiz(db, ids),
    db
      .select({ courseId: enrolments.courseId, n: count() })
      .from(enrolments)
      .where(inArray(enrolments.courseId, ids))
      .groupBy(enrolments.courseId),
    getSettings(db),
  ]);
  const countOf = (list: { courseId: string; n: number }[]) => new Map(list.map((r) => [r.courseId, Number(r.n)]));
  const modulesBy = countOf(moduleCounts);
  const videosBy = countOf(videoCounts);
  const enrolmentsBy = countOf(enrolmentCounts);
  return rows.map(({ course, thumbnail }) => {
    const enrolled = enrolmentsBy.get(course.id) ?? 0;
    return {
      ...toCourse(course, thumbnail, enrolled, settings.brandName),
      archived: course.archivedAt !== null,
      archivedAt: course.archivedAt?.toISOString() ?? null,
      moduleCount: modulesBy.get(course.id) ?? 0,
      videoCount: videosBy.get(course.id) ?? 0,
      hasQuiz: withQuiz.has(course.id),
      enrolments: enrolled,
      requireWatching: course.requireWatching,
      watchSharePercent: course.watchSharePercent,
      lessonsInOrder: course.lessonsInOrder,
    };
  });
}

/** `POST /admin/courses/{courseId}/restore`: an archived course goes back into the catalogue. */
export async function restoreCourse(deps: ContentDeps, slugOrId: string): Promise<AdminCourse> {
  const found = await findCourseRow(deps.db, slugOrId);
  if (!found) throw notFound('core.courseNotFound');
  await deps.db.update(courses).set({ archivedAt: null }).where(eq(courses.id, found.course.id));
  const [course] = await listAdminCourses(deps.db, [found.course.id]);
  if (!course) throw notFound('core.courseNotFound');
  return course;
}

/**
 * `POST /admin/courses/{courseId}/publish` and `/unpublish`: a draft goes on the public pages (the
 * catalogue, home, sitemap, API and checkout), or a published course goes back to being a draft.
 * Publishing again keeps the first publication date.
 */
export async function setCoursePublished(
  deps: ContentDeps,
  slugOrId: string,
  published: boolean,
): Promise<AdminCourse & { message: string }> {
  const found = await findCourseRow(deps.db, slugOrId);
  if (!found) throw notFound('core.courseNotFound');
  await deps.db
    .update(courses)
    .set({ publishedAt: published ? sql`coalesce(${courses.publishedAt}, now())` : null })
    .where(eq(courses.id, found.course.id));
  const [course] = await listAdminCourses(deps.db, [found.course.id]);
  if (!course) throw notFound('core.courseNotFound');
  return {
    ...course,
    message: published ? COURSE_RULE_MESSAGES.coursePublished : COURSE_RULE_MESSAGES.courseUnpublished,
  };
}

/** Marks a course as changed when its modules or lessons change: its page shows "Last updated". */
export async function touchCourse(db: Db, courseId: string): Promise<void> {
  await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
}

/** `touchCourse` for the course a module belongs to. */
export async function touchCourseOfModule(db: Db, moduleId: string): Promise<void> {
  await db
    .update(courses)
    .set({ updatedAt: new Date() })
    .where(eq(courses.id, sql`(select ${modules.courseId} from ${modules} where ${modules.id} = ${moduleId})`));
}
