import { type RefObject, useEffect, useRef, useState } from 'react';
import { PLAYER_READY_TIMEOUT_MS } from '@oasis/shared/video-urls';

/** Called often while the video plays: where it is, and its length (0 while unknown), in seconds. */
export type TimeUpdate = (position: number, duration: number) => void;

/** What every player shell takes: the frame's name, the two reports, and what to show on failure. */
export interface PlayerShellProps {
  title: string;
  onEnded: () => void;
  onTimeUpdate?: TimeUpdate;
  failed: React.ReactNode;
}

export type Readiness = ReturnType<typeof readiness>;

/**
 * A player's readiness: `setFailed(true)` unless `ready` comes within PLAYER_READY_TIMEOUT_MS, and
 * at once on `error`. A player that gets ready after the deadline (a slow network) clears the
 * message again; one that reported an error stays failed until Retry makes a new one.
 */
export function readiness(setFailed: (failed: boolean) => void) {
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
 * The part the Vimeo and YouTube shells share: a box outside React's tree that the player library
 * owns, a readiness deadline, and one teardown. `mount` builds the player in the box and returns
 * what stops it; it runs again whenever `key` changes (a new video), never for new callbacks (the
 * shells read those through refs).
 */
export function useFramePlayer(
  key: string,
  mount: (container: HTMLDivElement, deadline: Readiness) => () => void,
): { box: RefObject<HTMLDivElement | null>; failed: boolean } {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks read refs; the player is made once per video.
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const deadline = readiness(setFailed);
    const stop = mount(container, deadline);
    return () => {
      deadline.cancel();
      stop();
      container.replaceChildren();
    };
  }, [key]);

  return { box, failed };
}
