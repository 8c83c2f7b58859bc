import type { PodcastVideo } from '@oasis/shared/api';

export interface VideoItem {
  key: string;
  title: string;
  youtubeId: string | null;
  comingSoon: boolean;
}

/** The 11-character id from a YouTube embed, watch, short or youtu.be link. */
export function youtubeId(url: string): string | null {
  const match =
    /(?:youtube(?:-nocookie)?\.com\/(?:embed\/|shorts\/|live\/|watch\?(?:.*&)?v=)|youtu\.be\/)([\w-]{11})/.exec(url);
  return match?.[1] ?? null;
}

const PLACEHOLDERS: VideoItem[] = [1, 2, 3].map((n) => ({
  key: `placeholder-${n}`,
  title: 'New episode coming soon',
  youtubeId: null,
  comingSoon: true,
}));

/**
 * What the video section shows (run in loaders, so the parsing stays on the server): the podcast
 * items, or three coming-soon placeholders when there are none. On /consult the coming-soon placeholders are left out (one remains if nothing else is there).
 */
export function videoItems(videos: PodcastVideo[], consult: boolean): VideoItem[] {
  const items = videos.map((v) => ({
    key: v._id,
    title: v.title,
    youtubeId: youtubeId(v.embeddedUrl),
    comingSoon: v.comingSoon || !youtubeId(v.embeddedUrl),
  }));
  if (!consult) return items.length ? items : PLACEHOLDERS;
  const playable = items.filter((v) => !v.comingSoon);
  return playable.length ? playable : PLACEHOLDERS.slice(0, 1);
}
