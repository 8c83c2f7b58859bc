/** Scheduled work that `startRepeating` runs: a round, told whether a stop has been asked for meanwhile. */
export type Round = (stopping: () => boolean) => Promise<void>;

export interface Repeating {
  /** No further round; resolves once the round under way (if any) has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `round` after `firstDelayMs`, then `everyMs` after each round ends (rounds never overlap).
 * A round's failure goes to `onError` and the next round comes as planned. Timers are unref'd:
 * the schedule never keeps the process alive. Used by the outbox and the order check.
 */
export function startRepeating(
  round: Round,
  options: { firstDelayMs: number; everyMs: number; onError: (error: unknown) => void },
): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  const stopping = () => stopped;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round(stopping)
        .catch(options.onError)
        .finally(() => {
          current = null;
          schedule(options.everyMs);
        });
    }, delay);
    timer.unref();
  };
  schedule(options.firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (current) await current;
    },
  };
}
