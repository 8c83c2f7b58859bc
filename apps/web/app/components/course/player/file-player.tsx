import { useEffect, useRef, useState } from 'react';
import { type PlayerShellProps, readiness } from './use-frame-player';

/** An uploaded file, streamed by the server (with Range requests) only to those with access. */
export function FilePlayer({ url, title, onEnded, onTimeUpdate, failed: failure }: PlayerShellProps & { url: string }) {
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
