import { asc, eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { AdminPodcastVideo } from '@oasis/shared/admin/podcasts';
import type { PodcastVideo } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { podcastVideos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { requireWholeOrder } from '../course-modules/service.ts';

export type PodcastVideoRow = typeof podcastVideos.$inferSelect;

export function toPodcastVideo(row: PodcastVideoRow): PodcastVideo {
  return {
    _id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    embeddedUrl: row.embeddedUrl,
    comingSoon: row.comingSoon,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminPodcastVideo(row: PodcastVideoRow): AdminPodcastVideo {
  return { ...toPodcastVideo(row), hidden: row.hidden };
}

const IN_ORDER = [asc(podcastVideos.position), asc(podcastVideos.createdAt), asc(podcastVideos.id)];

/** The 'Learn On the Go' items the public pages show, in the owner's order: hidden ones left out. */
export async function listPodcastVideos(db: Db): Promise<PodcastVideo[]> {
  const rows = await db
    .select()
    .from(podcastVideos)
    .where(eq(podcastVideos.hidden, false))
    .orderBy(...IN_ORDER);
  return rows.map(toPodcastVideo);
}

/** `GET /admin/podcasts`: every item, hidden ones included, in the owner's order. */
export async function listAdminPodcastVideos(db: Db): Promise<AdminPodcastVideo[]> {
  const rows = await db
    .select()
    .from(podcastVideos)
    .orderBy(...IN_ORDER);
  return rows.map(toAdminPodcastVideo);
}

// ---------------------------------------------------------------------------------------------
// Admin writes: add, update, delete and reorder (docs/product.md#admin-podcasts).

type ContentDeps = Pick<Deps, 'db' | 'pageCache'>;
/** The checked input: `embeddedUrl` is already the YouTube embed URL. */
export interface PodcastVideoValues {
  title: string;
  /** Left out on an update keeps the stored one; '' clears it. */
  titleAr?: string | undefined;
  embeddedUrl: string;
  comingSoon?: boolean | 'true' | 'false';
}

const asBoolean = (value: PodcastVideoValues['comingSoon']) =>
  value === undefined ? undefined : value === true || value === 'true';

/** `POST /youtube/add`: a new item at the end of the list. */
export async function createPodcastVideo(deps: ContentDeps, input: PodcastVideoValues): Promise<PodcastVideo> {
  const [row] = await deps.db
    .insert(podcastVideos)
    .values({
      title: input.title,
      titleAr: input.titleAr ?? '',
      embeddedUrl: input.embeddedUrl,
      comingSoon: asBoolean(input.comingSoon) ?? false,
      position: sql`(select coalesce(max(${podcastVideos.position}), -1) + 1 from ${podcastVideos})`,
    })
    .returning();
  if (!row) throw new Error('podcast insert returned no row');
  return toPodcastVideo(row);
}

/** `PUT /youtube/update/{id}`: title and link; `titleAr` and `comingSoon` kept when left out. */
export async function updatePodcastVideo(
  deps: ContentDeps,
  id: string,
  input: PodcastVideoValues,
): Promise<PodcastVideo> {
  const comingSoon = asBoolean(input.comingSoon);
  const [row] = await deps.db
    .update(podcastVideos)
    .set({
      title: input.title,
      ...(input.titleAr !== undefined && { titleAr: input.titleAr }),
      embeddedUrl: input.embeddedUrl,
      ...(comingSoon !== undefined && { comingSoon }),
      updatedAt: new Date(),
    })
    .where(eq(podcastVideos.id, id))
    .returning();
  if (!row) throw notFound('admin.podcastNotFound');
  return toPodcastVideo(row);
}

/** `PUT /youtube/visibility/{id}`: hide the item from the public pages, or show it again. */
export async function setPodcastVideoHidden(
  deps: ContentDeps,
  id: string,
  hidden: boolean,
): Promise<AdminPodcastVideo> {
  const [row] = await deps.db
    .update(podcastVideos)
    .set({ hidden, updatedAt: new Date() })
    .where(eq(podcastVideos.id, id))
    .returning();
  if (!row) throw notFound('admin.podcastNotFound');
  return toAdminPodcastVideo(row);
}

/** `DELETE /youtube/delete/{id}`. */
export async function deletePodcastVideo(deps: ContentDeps, id: string): Promise<{ message: string }> {
  const deleted = await deps.db
    .delete(podcastVideos)
    .where(eq(podcastVideos.id, id))
    .returning({ id: podcastVideos.id });
  if (!deleted.length) throw notFound('admin.podcastNotFound');
  return { message: ADMIN_MESSAGES.podcastDeleted };
}

/** `PUT /youtube/reorder`: every item (hidden ones included) in its new order; positions become 0..n-1. */
export async function reorderPodcastVideos(deps: ContentDeps, ids: readonly string[]): Promise<AdminPodcastVideo[]> {
  await deps.db.transaction(async (tx) => {
    const current = await tx.select({ id: podcastVideos.id }).from(podcastVideos).for('update');
    requireWholeOrder(ids, current, { ids: 'admin.podcastOrderInvalid' });
    for (const [position, id] of ids.entries()) {
      await tx.update(podcastVideos).set({ position }).where(eq(podcastVideos.id, id));
    }
  });
  return listAdminPodcastVideos(deps.db);
}
