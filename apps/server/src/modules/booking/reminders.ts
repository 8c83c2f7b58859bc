import type { Deps } from '../../deps.ts';
import { type Repeating, startRepeating } from '../../lib/repeating.ts';
import { sendDueReminders } from './service.ts';

/** How often due reminders are looked for: a reminder goes out at most this late. */
export const REMINDER_POLL_MS = 60_000;

/** Runs in every instance; each reminder is claimed by one of them (sendDueReminders). */
export function startBookingReminders(deps: Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log'>): Repeating {
  return startRepeating(
    async () => {
      await sendDueReminders(deps);
    },
    {
      firstDelayMs: 5_000,
      everyMs: REMINDER_POLL_MS,
      onError: (error) => deps.log.error({ err: error }, 'booking reminders round failed; will try again'),
    },
  );
}
