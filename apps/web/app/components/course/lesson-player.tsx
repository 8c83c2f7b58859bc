import { useEffect, useRef, useState } from 'react';
import type { Video } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import { PLAYER_READY_TIMEOUT_MS, parseVimeoUrl, parseYouTubeUrl } from '@oasis/shared/video-urls';
import { buttonClass } from '~/components/ui/button';
import { Spinner } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';

/** Called often while the video plays: where it is, and its length (0 while unknown), in seconds. */
type TimeUpdate = (position: number, duration: number) => void;

/** What the learner is offered when the lesson cannot play: Retry, and what else they can do. */
export interface PlayerRecovery {
  onRetry(): void;
  /** Said under the message: how the lesson can still be completed (or whom to ask). */
  help: string;
  /** True while a fresh link is fetched. */
  retrying?: boolean;
}

/**
 * The player of one lesson: Vimeo through `@vimeo/player`, YouTube through its iframe API,
 * uploaded files through HTML5 video. Each tells `onEnded` when the video played to its end, which
 * is what completes a lesson, and `onTimeUpdate` while it plays (the lesson's length, and the
 * watching reports of courses that require watching, come from it). A player that fails (its
 * error event, or no sign of life within PLAYER_READY_TIMEOUT_MS) shows a message with Retry in
 * place of the broken frame. The player libraries load only here, when a lesson is shown, so they
 * never reach public pages. Give the component a `key` per video and per retry: each gets a fresh
 * player.
 */
export function LessonPlayer({
  video,
  onEnded,
  onTimeUpdate,
  recovery,
}: {
  video: Video;
  onEnded: () => void;
  onTimeUpdate?: TimeUpdate;
  recovery: PlayerRecovery;
}) {
  // The players keep the callbacks they were created with; these refs always call the latest ones.
  const { t, locale } = useI18n();
  // The frame's name for screen readers, in the page's language when the lesson has one.
  const title = inLocale(locale, video.title, video.titleAr).text;
  const ended = useRef(onEnded);
  const timeUpdate = useRef(onTimeUpdate);
  useEffect(() => {
    ended.current = onEnded;
    timeUpdate.current = onTimeUpdate;
  });
  const fire = () => ended.current();
  // Only a lesson that reports its time listens for it: the others play exactly as before.
  const tick: TimeUpdate | undefined = onTimeUpdate
    ? (position, duration) => timeUpdate.current?.(position, Number.isFinite(duration) && duration > 0 ? duration : 0)
    : undefined;

  const url = video.videoUrl;
  if (!url) return <PlayerProblem message={t.learning.videoNotAvailable} recovery={recovery} />;
  const failed = <PlayerProblem message={t.learning.videoFailed} recovery={recovery} />;
  if (video.source === 'file')
    return <FilePlayer url={url} title={title} onEnded={fire} onTimeUpdate={tick} failed={failed} />;
  if (video.source === 'youtube') {
    const youtube = parseYouTubeUrl(url);
    if (youtube)
      return <YouTubePlayer videoId={youtube.id} title={title} onEnded={fire} onTimeUpdate={tick} failed={failed} />;
  } else {
    const vimeo = parseVimeoUrl(url);
    if (vimeo)
      return (
        <VimeoPlayer
          src={withoutTracking(vimeo.embedUrl)}
          title={title}
          onEnded={fire}
          onTimeUpdate={tick}
          failed={failed}
        />
      );
  }
  return <PlayerProblem message={t.learning.cannotPlay} recovery={recovery} />;
}

/** Vimeo's "do not track": no cookies or analytics for learners. */
function withoutTracking(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('dnt', '1');
  return url.toString();
}

/**
 * In place of the frame (over it, so nothing broken shows): why the lesson does not play, Retry,
 * what the learner can do meanwhile, and whom to tell. An alert, so screen readers hear it when it
 * appears.
 */
function PlayerProblem({ message, recovery }: { message: string; recovery: PlayerRecovery }) {
  const { t, lp } = useI18n();
  return (
    <div
      role="alert"
      className="on-dark absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 overflow-y-auto bg-brand-green-dark p-4 text-center text-white sm:p-6"
    >
      <p className="max-w-md font-semibold sm:text-lg">{message}</p>
      <p className="max-w-md text-sm text-white/85">{recovery.help}</p>
      <button
        type="button"
        onClick={recovery.onRetry}
        disabled={recovery.retrying}
        className={buttonClass('primary', 'sm')}
      >
        {recovery.retrying && <Spinner className="h-4 w-4" />}
        {t.learning.retryVideo}
      </button>
      <a href={lp('/contact')} className="text-sm font-semibold underline underline-offset-4">
        {t.learning.contactAboutVideo}
      </a>
    </div>
  );
}

/**
 * A player's readiness: `setFailed(true)` unless `ready` comes within PLAYER_READY_TIMEOUT_MS, and
 * at once on `error`. A player that gets ready after the deadline (a slow network) clears the
 * message again; one that reported an error stays failed until Retry makes a new one.
 */
function readiness(setFailed: (failed: boolean) => void) {
  let errored = false;
  let done = false;
  const timer = setTimeout(() => {
    if (!done) setFailed(true);
  }, PLAYER_READY_TIMEOUT_MS);
  return {
    ready: () => {
      clearTimeout(timer);
      if (!done && !errored) setFailed(false);
    },
    error: () => {
      clearTimeout(timer);
      errored = true;
      if (!done) setFailed(true);
    },
    cancel: () => {
      done = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Vimeo: the iframe is created here, outside React's tree, because the player library owns it
 * from then on (its `destroy` removes it).
 */
function VimeoPlayer({
  src,
  title,
  onEnded,
  onTimeUpdate,
  failed: failure,
}: {
  src: string;
  title: string;
  onEnded: () => void;
  onTimeUpdate?: TimeUpdate;
  failed: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks read refs; the player is made once per video.
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = title;
    iframe.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
    iframe.className = 'absolute inset-0 h-full w-full border-0';
    container.replaceChildren(iframe);

    let cancelled = false;
    let player: { destroy(): Promise<void> } | null = null;
    // A removed, private or unreachable video never says it is ready (or says why not).
    const deadline = readiness(setFailed);
    const fail = deadline.error;
    import('@vimeo/player')
      .then(({ default: Player }) => {
        if (cancelled) return;
        const vimeo = new Player(iframe);
        vimeo.ready().then(deadline.ready, fail);
        vimeo.on('ended', onEnded);
        vimeo.on('error', fail);
        // Sent a few times a second, only while the video plays.
        if (onTimeUpdate)
          vimeo.on('timeupdate', ({ seconds, duration }: { seconds: number; duration: number }) =>
            onTimeUpdate(seconds, duration),
          );
        player = vimeo;
      })
      .catch(fail);
    return () => {
      cancelled = true;
      deadline.cancel();
      if (player) void player.destroy().catch(() => {});
      container.replaceChildren();
    };
  }, [src, title]);

  return (
    <>
      <div ref={box} className="absolute inset-0" />
      {failed && failure}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// YouTube's iframe API (https://developers.google.com/youtube/iframe_api_reference): the few parts used.

interface YouTubePlayerInstance {
  destroy(): void;
  getIframe(): HTMLIFrameElement;
  getPlayerState(): number;
  getCurrentTime(): number;
  getDuration(): number;
}
interface YouTubeNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string;
      host?: string;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: { target: YouTubePlayerInstance }) => void;
        onStateChange?: (event: { data: number }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YouTubePlayerInstance;
  PlayerState: { ENDED: number; PLAYING: number };
}
declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let youtubeApi: Promise<YouTubeNamespace> | null = null;

/** Adds YouTube's API script once, the first time a YouTube lesson is shown. */
function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  youtubeApi ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement('script');
    script.src = 'https://www.youtube.com/iframe_api';
    script.async = true;
    script.onerror = () => {
      youtubeApi = null;
      script.remove();
      reject(new Error('The YouTube player could not be loaded.'));
    };
    document.head.append(script);
  });
  return youtubeApi;
}

function YouTubePlayer({
  videoId,
  title,
  onEnded,
  onTimeUpdate,
  failed: failure,
}: {
  videoId: string;
  title: string;
  onEnded: () => void;
  onTimeUpdate?: TimeUpdate;
  failed: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks read refs; the player is made once per video.
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    // The API replaces this element with its iframe.
    const target = document.createElement('div');
    container.replaceChildren(target);
    let cancelled = false;
    let player: YouTubePlayerInstance | null = null;
    // YouTube's API has no time event: the player is asked once a second while it plays.
    let clock: ReturnType<typeof setInterval> | undefined;
    const deadline = readiness(setFailed);
    const fail = deadline.error;
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        player = new YT.Player(target, {
          videoId,
          playerVars: { rel: 0, playsinline: 1, origin: window.location.origin },
          events: {
            onReady: ({ target: ready }) => {
              deadline.ready();
              const iframe = ready.getIframe();
              iframe.title = title;
              iframe.className = 'absolute inset-0 h-full w-full border-0';
              if (onTimeUpdate)
                clock = setInterval(() => {
                  try {
                    if (ready.getPlayerState() === YT.PlayerState.PLAYING)
                      onTimeUpdate(ready.getCurrentTime(), ready.getDuration());
                  } catch {
                    // A player that cannot tell its time yet: the next second asks again.
                  }
                }, 1000);
            },
            onStateChange: ({ data }) => {
              if (data === YT.PlayerState.ENDED) onEnded();
            },
            // Not found, private, not embeddable, or a format the browser cannot play.
            onError: fail,
          },
        });
      })
      .catch(fail);
    return () => {
      cancelled = true;
      deadline.cancel();
      clearInterval(clock);
      player?.destroy();
      container.replaceChildren();
    };
  }, [videoId, title]);

  return (
    <>
      <div ref={box} className="absolute inset-0 [&>*]:absolute [&>*]:inset-0 [&>*]:h-full [&>*]:w-full" />
      {failed && failure}
    </>
  );
}

/** An uploaded file, streamed by the server (with Range requests) only to those with access. */
function FilePlayer({
  url,
  title,
  onEnded,
  onTimeUpdate,
  failed: failure,
}: {
  url: string;
  title: string;
  onEnded: () => void;
  onTimeUpdate?: TimeUpdate;
  failed: React.ReactNode;
}) {
  // A missing file, a refused or expired link, or a network error: the element's `error` event; a
  // stream that does not even deliver the video's length in time counts as failing too.
  const [failed, setFailed] = useState(false);
  const deadline = useRef<ReturnType<typeof readiness> | null>(null);
  const element = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const watch = readiness(setFailed);
    deadline.current = watch;
    // Its length may have arrived before this ran.
    if ((element.current?.readyState ?? 0) >= 1) watch.ready();
    return watch.cancel;
  }, []);
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded lessons have no caption files yet; the upload form has no field for them. */}
      <video
        ref={element}
        src={url}
        title={title}
        aria-label={title}
        controls
        playsInline
        preload="metadata"
        onEnded={onEnded}
        onTimeUpdate={
          onTimeUpdate &&
          ((event) => {
            // A seek while paused fires it too: only playing counts.
            const media = event.currentTarget;
            if (!media.paused) onTimeUpdate(media.currentTime, media.duration);
          })
        }
        onLoadedMetadata={() => deadline.current?.ready()}
        onError={() => deadline.current?.error()}
        className="absolute inset-0 h-full w-full bg-black"
      />
      {failed && failure}
    </>
  );
}
