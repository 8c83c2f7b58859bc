import type { PodcastVideo } from '@oasis/shared/api';
import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { type InLocaleAttrs, inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';

export interface VideoItem {
  key: string;
  /** In the page's language when the owner wrote one (`inLocale`). */
  title: string;
  youtubeId: string | null;
  comingSoon: boolean;
  /** The title's language and direction when it is not the page's (absent otherwise: the props travel as JSON). */
  titleAttrs?: InLocaleAttrs;
}

/** The 11-character id from a YouTube embed, watch, short or youtu.be link. */
export function youtubeId(url: string): string | null {
  const match =
    /(?:youtube(?:-nocookie)?\.com\/(?:embed\/|shorts\/|live\/|watch\?(?:.*&)?v=)|youtu\.be\/)([\w-]{11})/.exec(url);
  return match?.[1] ?? null;
}

/** Three coming-soon placeholders, titled in the page's language. */
function placeholders(title: string): VideoItem[] {
  return [1, 2, 3].map((n) => ({ key: `placeholder-${n}`, title, youtubeId: null, comingSoon: true }));
}

/**
 * What the video section shows (run in loaders, so the parsing stays on the server): the podcast
 * items, or three coming-soon placeholders when there are none. On /consult the coming-soon placeholders are left out (one remains if nothing else is there).
 */
export function videoItems(
  videos: PodcastVideo[],
  consult: boolean,
  placeholderTitle: string,
  locale: Locale = 'en',
): VideoItem[] {
  const items = videos.map((v): VideoItem => {
    const title = inLocale(locale, v.title, v.titleAr);
    return {
      key: v._id,
      title: title.text,
      youtubeId: youtubeId(v.embeddedUrl),
      comingSoon: v.comingSoon || !youtubeId(v.embeddedUrl),
      ...(Object.keys(title.attrs).length ? { titleAttrs: title.attrs } : {}),
    };
  });
  if (!consult) return items.length ? items : placeholders(placeholderTitle);
  const playable = items.filter((v) => !v.comingSoon);
  return playable.length ? playable : placeholders(placeholderTitle).slice(0, 1);
}

export interface VideoSectionData {
  eyebrow: string;
  title: string;
  lead: string;
  items: VideoItem[];
}

/**
 * The video section of home and /contact, or of /consult (its own wording, no placeholders), in
 * the page's language (`context.locale`; the `videoSection` namespace).
 */
export function videoSection(
  videos: PodcastVideo[],
  variant: 'default' | 'consult' = 'default',
  locale: Locale = 'en',
): VideoSectionData {
  const t = messagesFor(locale).videoSection;
  const wording =
    variant === 'consult'
      ? { eyebrow: t.consultEyebrow, title: t.consultTitle, lead: t.consultLead }
      : { eyebrow: t.eyebrow, title: t.title, lead: t.lead };
  return { ...wording, items: videoItems(videos, variant === 'consult', t.placeholderTitle, locale) };
}
