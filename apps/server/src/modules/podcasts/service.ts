import { asc } from 'drizzle-orm';
import type { PodcastVideo } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { podcastVideos } from '../../db/schema.ts';

export type PodcastVideoRow = typeof podcastVideos.$inferSelect;

export function toPodcastVideo(row: PodcastVideoRow): PodcastVideo {
  return {
    _id: row.id,
    title: row.title,
    embeddedUrl: row.embeddedUrl,
    comingSoon: row.comingSoon,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The 'Learn On the Go' items, in the owner's order. */
export async function listPodcastVideos(db: Db): Promise<PodcastVideo[]> {
  const rows = await db
    .select()
    .from(podcastVideos)
    .orderBy(asc(podcastVideos.position), asc(podcastVideos.createdAt), asc(podcastVideos.id));
  return rows.map(toPodcastVideo);
}
