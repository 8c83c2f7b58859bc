import { eq } from 'drizzle-orm';
import type { ImageFormat } from '@oasis/shared/media';
import { media } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

export type MediaRow = typeof media.$inferSelect;

/** The file extension each stored image format is saved under. */
export const IMAGE_FORMAT_EXT: Record<ImageFormat, 'avif' | 'webp' | 'jpg'> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

/** Removes a stored media item: its row first (references become null), then its files. */
export async function deleteMedia(deps: Pick<Deps, 'db' | 'storage'>, id: string): Promise<void> {
  const [row] = await deps.db.delete(media).where(eq(media.id, id)).returning();
  if (row) await deps.storage.remove(row.key);
}
