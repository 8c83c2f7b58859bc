import { type PlayerShellProps, useFramePlayer } from './use-frame-player';

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

/** YouTube: the API replaces an element in the box with its own iframe. */
export function YouTubePlayer({
  videoId,
  title,
  onEnded,
  onTimeUpdate,
  failed: failure,
}: PlayerShellProps & { videoId: string }) {
  const { box, failed } = useFramePlayer(`${videoId}\n${title}`, (container, deadline) => {
    // The API replaces this element with its iframe.
    const target = document.createElement('div');
    container.replaceChildren(target);
    let cancelled = false;
    let player: YouTubePlayerInstance | null = null;
    // YouTube's API has no time event: the player is asked once a second while it plays.
    let clock: ReturnType<typeof setInterval> | undefined;
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
      clearInterval(clock);
      player?.destroy();
    };
  });

  return (
    <>
      <div ref={box} className="absolute inset-0 [&>*]:absolute [&>*]:inset-0 [&>*]:h-full [&>*]:w-full" />
      {failed && failure}
    </>
  );
}
