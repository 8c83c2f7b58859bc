import { useCallback, useEffect, useState } from 'react';
import { countNewLeads } from '~/lib/api/leads';

/** Fired on window when the inbox changes a lead's status, so every counter refreshes at once. */
export const LEADS_CHANGED_EVENT = 'oasis:leads-changed';

export function notifyLeadsChanged() {
  window.dispatchEvent(new Event(LEADS_CHANGED_EVENT));
}

/**
 * The number of new (unhandled) leads, for the admin sidebar badge. Null until known, and when it
 * cannot be read (not signed in as admin, offline). Refreshes every minute while the tab is visible,
 * when the tab becomes visible again, and when the inbox marks a lead.
 */
export function useNewLeadCount({ pollMs = 60_000 }: { pollMs?: number } = {}) {
  const [count, setCount] = useState<number | null>(null);

  const refresh = useCallback(async () => {
    try {
      setCount(await countNewLeads());
    } catch {
      setCount(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, pollMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const onChanged = () => void refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(LEADS_CHANGED_EVENT, onChanged);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(LEADS_CHANGED_EVENT, onChanged);
    };
  }, [refresh, pollMs]);

  return { count, refresh };
}
