import type { InLocaleAttrs } from '@oasis/shared/i18n/content';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '~/components/ui/icons';
import { SectionHeading } from '~/components/ui/section-heading';
import { useI18n } from '~/lib/i18n';
import type { VideoSectionData } from './video-items';

interface VideoSectionProps {
  /** From `videoSection()` in the loader. */
  section: VideoSectionData;
  className?: string;
}

export function VideoSection({ section, className = 'bg-brand-sand' }: VideoSectionProps) {
  const { items, ...wording } = section;
  return (
    <section aria-labelledby="videos-heading" className={`py-20 sm:py-24 ${className}`}>
      <div className="wrap">
        <SectionHeading id="videos-heading" {...wording} />
        <ul
          className={`mt-12 grid gap-8 ${items.length === 1 ? 'mx-auto max-w-2xl' : items.length === 2 ? 'md:grid-cols-2' : 'md:grid-cols-2 lg:grid-cols-3'}`}
        >
          {items.map((item) => (
            <li key={item.key}>
              {item.comingSoon || !item.youtubeId ? (
                <ComingSoonCard title={item.title} titleAttrs={item.titleAttrs} />
              ) : (
                <YouTubeFacade id={item.youtubeId} title={item.title} titleAttrs={item.titleAttrs} />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * YouTube answers a video without a still frame (and a blocked or offline request) with a 120 x 90
 * grey placeholder or an error: the card then shows its own frame instead (brand gradient and the
 * play button, the caption below), never a grey box or a broken image.
 */
const isPlaceholder = (img: HTMLImageElement) => img.complete && img.naturalWidth <= 120;

/**
 * A still frame and a play button; the YouTube player (and its ~1 MB of script) loads only when
 * the visitor asks for it. Without JavaScript the link opens the video on YouTube. Under the still
 * frame lies the designed fallback (seen when the frame is missing, see `isPlaceholder`).
 */
function YouTubeFacade({ id, title, titleAttrs }: { id: string; title: string; titleAttrs?: InLocaleAttrs }) {
  const { t, fmt } = useI18n();
  const [playing, setPlaying] = useState(false);
  const [missing, setMissing] = useState(false);
  const still = useRef<HTMLImageElement>(null);
  // The frame may have failed before this part woke up (its error event then went unheard).
  useEffect(() => {
    if (still.current && isPlaceholder(still.current)) setMissing(true);
  }, []);
  return (
    <figure className="video-card" data-thumbnail={missing ? 'fallback' : 'still'}>
      <div className="relative aspect-video bg-brand-green-dark">
        {playing ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
            title={title}
            // Full screen through `allow` alone: with `allowfullscreen` too, browsers warn that one overrides the other.
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; fullscreen; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <a
            href={`https://www.youtube.com/watch?v=${id}`}
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
            className="group absolute inset-0 block"
          >
            {/* The title is the caption's alone: written in the frame as well, it showed twice. */}
            <span
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-br from-brand-green via-brand-green-light to-brand-green-dark"
            />
            {!missing && (
              <img
                ref={still}
                src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`}
                alt=""
                width={480}
                height={360}
                loading="lazy"
                decoding="async"
                onLoad={(event) => {
                  if (isPlaceholder(event.currentTarget)) setMissing(true);
                }}
                onError={() => setMissing(true)}
                className="relative h-full w-full object-cover opacity-90 transition-opacity group-hover:opacity-100"
              />
            )}
            {!missing && <span className="video-shade" />}
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="play-button">
                {/* Nudged right in both directions: the play triangle is not mirrored. */}
                <Icon name="play" className="translate-x-0.5 h-7 w-7" />
              </span>
            </span>
            <span className="sr-only">{fmt(t.videos.playVideo, { title })}</span>
          </a>
        )}
      </div>
      <figcaption className="video-caption" {...titleAttrs}>
        {title}
      </figcaption>
    </figure>
  );
}

function ComingSoonCard({ title, titleAttrs }: { title: string; titleAttrs?: InLocaleAttrs }) {
  const { t } = useI18n();
  return (
    <div className="overflow-hidden rounded-2xl border border-dashed border-brand-green/25 bg-white">
      <div className="on-dark flex aspect-video flex-col items-center justify-center gap-3 bg-gradient-to-br from-brand-green to-brand-green-light text-white">
        <Icon name="clock" className="h-10 w-10 text-brand-yellow" />
        <p className="text-sm font-bold uppercase tracking-[0.2em] rtl:tracking-normal">{t.videos.comingSoon}</p>
      </div>
      <p className="video-caption" {...titleAttrs}>
        {title}
      </p>
    </div>
  );
}
