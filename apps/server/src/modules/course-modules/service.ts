import { asc, eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { type BulkModulesInput, checkBulkModules, type ReorderModulesInput } from '@oasis/shared/admin/modules';
import type { Module } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { modules, videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { assertValid } from '../../lib/form-check.ts';
import { findCourseRow, loadModules, toModule, touchCourse, type VideoLinks } from '../courses/service.ts';
import { releaseMedia } from '../media/service.ts';

type ContentDeps = Pick<Deps, 'db' | 'storage' | 'pageCache'>;
export type ModuleRow = typeof modules.$inferSelect;

async function requireCourseId(db: Db, courseIdOrSlug: string): Promise<string> {
  const found = await findCourseRow(db, courseIdOrSlug);
  if (!found) throw notFound('core.courseNotFound');
  return found.course.id;
}

export async function requireModuleRow(db: Db, id: string): Promise<ModuleRow> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
  if (!row) throw notFound('admin.moduleNotFound');
  return row;
}

/** One module with its videos in order, links included (admins may watch everything). */
export async function getAdminModule(db: Db, row: ModuleRow, links: VideoLinks): Promise<Module> {
  const rows = await db
    .select()
    .from(videos)
    .where(eq(videos.moduleId, row.id))
    .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id));
  return toModule(row, rows, true, links);
}

/** The next free position among a course's modules: new modules go last. */
const nextModulePosition = (courseId: string) =>
  sql<number>`(select coalesce(max(${modules.position}), -1) + 1 from ${modules} where ${modules.courseId} = ${courseId})`;

/** `POST /modules/module`: an empty module at the end of the course. */
export async function createModule(
  deps: ContentDeps,
  input: { title: string; titleAr?: string; course: string },
): Promise<Module> {
  const courseId = await requireCourseId(deps.db, input.course);
  const [row] = await deps.db
    .insert(modules)
    .values({ courseId, title: input.title, titleAr: input.titleAr ?? '', position: nextModulePosition(courseId) })
    .returning();
  if (!row) throw new Error('module insert returned no row');
  await touchCourse(deps.db, courseId);
  return toModule(row, [], true);
}

/** `PUT /modules/module/{id}`: a new title; the Arabic one when given ('' clears it). */
export async function renameModule(
  deps: ContentDeps,
  id: string,
  input: { title: string; titleAr?: string },
  links: VideoLinks,
): Promise<Module> {
  await requireModuleRow(deps.db, id);
  const [row] = await deps.db
    .update(modules)
    .set({
      title: input.title,
      ...(input.titleAr !== undefined && { titleAr: input.titleAr }),
      updatedAt: new Date(),
    })
    .where(eq(modules.id, id))
    .returning();
  if (!row) throw notFound('admin.moduleNotFound');
  await touchCourse(deps.db, row.courseId);
  return getAdminModule(deps.db, row, links);
}

/** `DELETE /modules/module/{id}`: the module, its videos (and their progress) and uploaded files. */
export async function deleteModule(deps: ContentDeps, id: string): Promise<{ message: string }> {
  const removed = await deps.db.transaction(async (tx) => {
    const files = await tx.select({ id: videos.mediaId }).from(videos).where(eq(videos.moduleId, id));
    const [deleted] = await tx.delete(modules).where(eq(modules.id, id)).returning({ courseId: modules.courseId });
    if (!deleted) throw notFound('admin.moduleNotFound');
    return { files: files.map((f) => f.id), courseId: deleted.courseId };
  });
  await touchCourse(deps.db, removed.courseId);
  await releaseMedia(deps, removed.files);
  return { message: ADMIN_MESSAGES.moduleDeleted };
}

/**
 * Whether `ids` is exactly `current` in some order: no id missing, none added, none twice.
 * Reorder requests must name the whole current set, so a stale screen cannot drop anything.
 */
export function isPermutation(ids: readonly string[], current: readonly string[]): boolean {
  if (ids.length !== current.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(current);
  return ids.every((id) => known.has(id));
}

/** Refuses a new order (with `refusal`, the field error) unless it names exactly the rows `current`. */
export function requireWholeOrder(
  ids: readonly string[],
  current: readonly { id: string }[],
  refusal: Parameters<typeof validationError>[0],
): void {
  if (
    !isPermutation(
      ids,
      current.map((row) => row.id),
    )
  )
    throw validationError(refusal);
}

/** `PUT /modules/reorder`: every module of the course in its new order; positions become 0..n-1. */
export async function reorderModules(
  deps: ContentDeps,
  input: ReorderModulesInput,
  links: VideoLinks,
): Promise<Module[]> {
  const courseId = await requireCourseId(deps.db, input.course);
  await deps.db.transaction(async (tx) => {
    // Lock the course's modules so a concurrent add or delete cannot slip between check and write.
    const current = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(eq(modules.courseId, courseId))
      .for('update');
    requireWholeOrder(input.moduleIds, current, { moduleIds: 'admin.moduleOrderInvalid' });
    for (const [position, id] of input.moduleIds.entries()) {
      await tx.update(modules).set({ position }).where(eq(modules.id, id));
    }
  });
  await touchCourse(deps.db, courseId);
  return loadModules(deps.db, courseId, true, links);
}

/**
 * `POST /modules/bulk` (Add Modules screen): several modules with their videos, all or nothing.
 * They go after the course's existing modules, in the order sent.
 */
export async function createModulesInBulk(
  deps: ContentDeps,
  input: BulkModulesInput,
  links: VideoLinks,
): Promise<{ modules: Module[] }> {
  const checked = assertValid(checkBulkModules(input.modules));
  const courseId = await requireCourseId(deps.db, input.course);
  const created = await deps.db.transaction(async (tx) => {
    const [last] = await tx
      .select({ max: sql<number | null>`max(${modules.position})` })
      .from(modules)
      .where(eq(modules.courseId, courseId));
    const start = last?.max == null ? 0 : Number(last.max) + 1;
    const moduleRows = await tx
      .insert(modules)
      .values(checked.map((m, i) => ({ courseId, title: m.title, titleAr: m.titleAr, position: start + i })))
      .returning();
    // `returning` follows the VALUES order on PostgreSQL, but sort by position to be explicit.
    moduleRows.sort((a, b) => a.position - b.position);
    const videoValues = moduleRows.flatMap((row, i) =>
      (checked[i]?.videos ?? []).map((v, position) => ({
        moduleId: row.id,
        title: v.title,
        titleAr: v.titleAr,
        source: v.source,
        url: v.url,
        durationSeconds: v.durationSeconds,
        durationSource: v.durationSeconds === null ? null : ('owner' as const),
        freePreview: v.freePreview,
        position,
      })),
    );
    const videoRows = videoValues.length ? await tx.insert(videos).values(videoValues).returning() : [];
    return moduleRows.map((row) =>
      toModule(
        row,
        videoRows.filter((v) => v.moduleId === row.id).sort((a, b) => a.position - b.position),
        true,
        links,
      ),
    );
  });
  await touchCourse(deps.db, courseId);
  return { modules: created };
}
