import { useCallback, useEffect, useRef } from 'react';
import { WATCH_RULES, type WatchReportResult } from '@oasis/shared/progress';
import type { TokenKind } from '~/lib/api';
import { reportWatch } from '~/lib/api/progress';

interface PlayerState {
  videoId: string;
  position: number;
  duration: number;
}

/** Seconds since the last report for this video, or Infinity when none was sent. */
function secondsSince(sent: { videoId: string; at: number } | null, videoId: string): number {
  return sent?.videoId === videoId ? (Date.now() - sent.at) / 1000 : Number.POSITIVE_INFINITY;
}

/**
 * The player's reports. For courses that require watching (`enabled`), `tick` is called on every
 * time update and sends at most one report every `reportEverySeconds`; `flush` sends the last state
 * before the lesson is marked completed, so its final seconds count too. The server counts the
 * time between reports, never the position: reports only need to keep coming while the video plays.
 * For other courses a lesson whose length is not known yet (`knownLength`) sends one report, once
 * its player knows the length: the server keeps it as the lesson's length (the course page shows it).
 * A failed report is let go: the next one carries on.
 */
export function useWatchReports({
  enabled,
  auth,
  knownLength,
  onResult,
}: {
  enabled: boolean;
  auth: TokenKind;
  /** Whether the lesson's length is already stored (entered, or reported before). */
  knownLength(videoId: string): boolean;
  onResult(result: WatchReportResult): void;
}) {
  const latest = useRef<PlayerState | null>(null);
  const sent = useRef<{ videoId: string; at: number } | null>(null);
  const lengthSent = useRef(new Set<string>());
  const options = useRef({ enabled, auth, knownLength, onResult });
  useEffect(() => {
    options.current = { enabled, auth, knownLength, onResult };
  });

  const send = useCallback(async ({ videoId, position, duration }: PlayerState) => {
    sent.current = { videoId, at: Date.now() };
    const clamp = (seconds: number) => Math.min(Math.max(seconds, 0), WATCH_RULES.maxDurationSeconds);
    try {
      const result = await reportWatch(
        videoId,
        { position: clamp(position), duration: clamp(duration) },
        { auth: options.current.auth },
      );
      options.current.onResult(result);
    } catch {
      // Offline for a moment, or the session ended: the next report tries again.
    }
  }, []);

  const tick = useCallback(
    (videoId: string, position: number, duration: number) => {
      if (!options.current.enabled) {
        if (duration > 0 && !lengthSent.current.has(videoId) && !options.current.knownLength(videoId)) {
          lengthSent.current.add(videoId);
          void send({ videoId, position, duration });
        }
        return;
      }
      latest.current = { videoId, position, duration };
      if (secondsSince(sent.current, videoId) >= WATCH_RULES.reportEverySeconds) void send(latest.current);
    },
    [send],
  );

  const flush = useCallback(
    async (videoId: string) => {
      const state = latest.current;
      if (!options.current.enabled || state?.videoId !== videoId) return;
      // Sooner than this after the previous report, the server would count nothing.
      if (secondsSince(sent.current, videoId) >= WATCH_RULES.minGapSeconds) await send(state);
    },
    [send],
  );

  return { tick, flush };
}
