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

const WORDING = {
  default: {
    eyebrow: 'Podcast & videos',
    title: 'Learn On the Go',
    lead: 'Short, practical episodes on off-plan buying, financing and life in Dubai. Watch or listen whenever it suits you.',
  },
  consult: {
    eyebrow: 'Before we talk',
    title: 'Get to Know How I Work',
    lead: 'Real questions from investors, answered plainly. A few minutes here will make our consultation even more useful.',
  },
};

export interface VideoSectionData {
  eyebrow: string;
  title: string;
  lead: string;
  items: VideoItem[];
}

/** The video section of home and /contact, or of /consult (its own wording, no placeholders). */
export function videoSection(videos: PodcastVideo[], variant: 'default' | 'consult' = 'default'): VideoSectionData {
  return { ...WORDING[variant], items: videoItems(videos, variant === 'consult') };
}
