import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type AdminListQuery } from '@oasis/shared/admin/common';
import {
  type AdminCourse,
  type AdminCoursePage,
  COURSE_RULE_MESSAGES,
  type CourseFormValues,
  checkCourseForm,
  type AdminCourseChoice,
} from '@oasis/shared/admin/courses';
import type { Course, CourseDetail, LessonPreview, Module, Video } from '@oasis/shared/api';
import { filsToAed } from '@oasis/shared/format';
import { type CourseSort, FALLBACK_THUMBNAIL } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import type { Db } from '../../db/client.ts';
import { courses, enrolments, media, modules, orders, quizQuestions, quizzes, videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { assertValid } from '../../lib/form-check.ts';
import type { ReadFormResult } from '../media/form-input.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { signVideoStreamUrl } from '../../lib/signed-urls.ts';
import { sanitizeArabicRichHtml, sanitizeRichHtml } from '../../lib/sanitize.ts';
import { canWatchCourse, type Viewer } from '../access/service.ts';
import { type MediaRow, releaseMedia, toImage, withUploadedImage } from '../media/service.ts';
import { getSettings } from '../settings/service.ts';
import { retryOnSlugClash } from '../users/service.ts';
import { uniqueCourseSlug } from './slug.ts';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;

/** Who is asking, as far as lesson videos are concerned; null for an anonymous visitor. */
export type { Viewer };

/**
 * The API shape of a course row. Rich HTML is sanitised again on the way out, by `html` when given
 * (the read model passes one that remembers what it sanitised before).
 */
export function toCourse(
  row: CourseRow,
  thumbnail: MediaRow | null,
  students: number,
  brandName: string,
  html: (raw: string) => string = sanitizeRichHtml,
): Course {
  const image = toImage(thumbnail);
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    titleAr: row.titleAr,
    description: html(row.description),
    descriptionAr: html(row.descriptionAr),
    courseOutcome: html(row.courseOutcome),
    courseOutcomeAr: html(row.courseOutcomeAr),
    tagline: row.tagline,
    taglineAr: row.taglineAr,
    level: row.level,
    language: row.language,
    outcomes: row.outcomes,
    outcomesAr: row.outcomesAr,
    faq: row.faq,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    price: filsToAed(row.priceFils),
    thumbnailUrl: image?.url ?? FALLBACK_THUMBNAIL,
    thumbnail: image,
    author: row.author?.trim() || brandName,
    authorAr: row.authorAr,
    students,
    comingSoon: row.comingSoon,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * How lesson video links are handed out. Vimeo and YouTube videos carry their player URL; an
 * uploaded file gets a short-lived signed link to the stream route, made with `signingSecret`
 * (without one it gets no link).
 */
export interface VideoLinks {
  signingSecret?: string;
}

/** A lesson video. The URL goes only to those who may watch (enrolled learners, admins). */
/** What a lesson needs to be shown: the title and place, and the link only for those who may watch. */
type LessonRow = Pick<
  VideoRow,
  'id' | 'title' | 'titleAr' | 'source' | 'position' | 'durationSeconds' | 'freePreview'
> &
  Partial<Pick<VideoRow, 'url' | 'mediaId' | 'durationSource'>>;

export function toVideo(row: LessonRow, withUrl: boolean, links: VideoLinks = {}): Video {
  const video: Video = {
    _id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    source: row.source,
    position: row.position,
    durationSeconds: row.durationSeconds,
    freePreview: row.freePreview,
  };
  if (!withUrl) return video;
  if (row.durationSource !== undefined) video.durationSource = row.durationSource;
  if (row.source === 'file') {
    if (row.mediaId && links.signingSecret) video.videoUrl = signVideoStreamUrl(links.signingSecret, row.id);
  } else if (row.url) {
    video.videoUrl = row.url;
  }
  return video;
}

export function toModule(row: ModuleRow, moduleVideos: LessonRow[], withUrls: boolean, links: VideoLinks = {}): Module {
  return {
    _id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    course: row.courseId,
    position: row.position,
    videos: moduleVideos.map((v) => toVideo(v, withUrls, links)),
  };
}

export interface CourseQuery {
  search?: string;
  sort?: CourseSort;
}

/** The sort orders ranked by the catalogue's own columns; 'popular' also needs the enrolment counts. */
export type ColumnSort = Exclude<CourseSort, 'popular'>;

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
async function coursesWithQuiz(db: Db, courseIds?: string[]): Promise<Set<string>> {
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

async function countStudents(db: Db, courseId: string): Promise<number> {
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
  if (!course) throw notFound(MESSAGES.courseNotFound);
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
  if (!found) throw notFound(MESSAGES.courseNotFound);
  const hasAccess = await canWatchCourse(db, viewer, found.course.id);
  if (isHiddenCourse(found.course) && !hasAccess) throw notFound(MESSAGES.courseNotFound);
  return loadModules(db, found.course.id, hasAccess, links);
}

// ---------------------------------------------------------------------------------------------
// Admin writes. Every one that changes what public pages show invalidates the page cache.

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
      ...(value.watchSharePercent !== undefined && { watchSharePercent: value.watchSharePercent }),
      ...sellingFields(value),
      // A new course is a draft until the owner publishes it (docs/product.md#admin-courses).
      publishedAt: null,
      thumbnailId: thumbnail.id,
    });
    return { row, thumbnail };
  });
  await deps.pageCache.invalidate(['catalogue']);
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
  if (!found) throw notFound(MESSAGES.courseNotFound);
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
          ...(value.watchSharePercent !== undefined && { watchSharePercent: value.watchSharePercent }),
          ...sellingFields(value),
          ...(thumbnail && { thumbnailId: thumbnail.id }),
          updatedAt: new Date(),
        })
        .where(eq(courses.id, found.course.id))
        .returning();
      if (!row) throw notFound(MESSAGES.courseNotFound);
      return { row, thumbnail };
    },
    found.course.thumbnailId,
  );
  await deps.pageCache.invalidate(['catalogue']);
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
  if (!found) throw notFound(MESSAGES.courseNotFound);
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
  await deps.pageCache.invalidate(['catalogue']);
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
    };
  });
}

/** `POST /admin/courses/{courseId}/restore`: an archived course goes back into the catalogue. */
export async function restoreCourse(deps: ContentDeps, slugOrId: string): Promise<AdminCourse> {
  const found = await findCourseRow(deps.db, slugOrId);
  if (!found) throw notFound(MESSAGES.courseNotFound);
  await deps.db.update(courses).set({ archivedAt: null }).where(eq(courses.id, found.course.id));
  await deps.pageCache.invalidate(['catalogue']);
  const [course] = await listAdminCourses(deps.db, [found.course.id]);
  if (!course) throw notFound(MESSAGES.courseNotFound);
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
  if (!found) throw notFound(MESSAGES.courseNotFound);
  await deps.db
    .update(courses)
    .set({ publishedAt: published ? sql`coalesce(${courses.publishedAt}, now())` : null })
    .where(eq(courses.id, found.course.id));
  await deps.pageCache.invalidate(['catalogue']);
  const [course] = await listAdminCourses(deps.db, [found.course.id]);
  if (!course) throw notFound(MESSAGES.courseNotFound);
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

/**
 * `GET /courses/preview/{videoId}`: a free-preview lesson of a public course, playable without
 * buying. Any other lesson, or one of a draft or archived course, is 'not found': this route never
 * hands out what the course page would not.
 */
export async function getLessonPreview(db: Db, videoId: string, links: VideoLinks): Promise<LessonPreview> {
  const [row] = await db
    .select({ video: videos })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(and(eq(videos.id, videoId), eq(videos.freePreview, true), isPublicCourse()))
    .limit(1);
  const video = row ? toVideo(row.video, true, links) : null;
  if (!video?.videoUrl) throw notFound(ADMIN_MESSAGES.videoNotFound);
  return { _id: video._id, title: video.title, titleAr: video.titleAr, source: video.source, videoUrl: video.videoUrl };
}
