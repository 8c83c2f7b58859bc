import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi, describeFailure } from './request';

export type DataState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; signedOut: boolean }
  | { status: 'ready'; data: T };

/**
 * Loads an admin resource in the browser and keeps it: a loading state first, then the data or the
 * screen's failure wording. `reload()` fetches again and keeps showing the current data meanwhile,
 * so lists do not flash after a save.
 */
export function useAdminData<T>(path: string | null, fallback: string) {
  const [state, setState] = useState<DataState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  const loadedPath = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    // Another resource (a new filter or page) starts from the loading state; a reload keeps the data.
    const samePath = loadedPath.current === path;
    setState((prev) => (prev.status === 'ready' && samePath ? prev : { status: 'loading' }));
    adminApi<T>(path, { signal: controller.signal })
      .then((data) => {
        loadedPath.current = path;
        setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const { message, signedOut } = describeFailure(error, fallbackRef.current);
        setState({ status: 'error', message, signedOut });
      });
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  /** Retry after a failure: shows the loading state again. */
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setVersion((v) => v + 1);
  }, []);
  const setData = useCallback((update: (data: T) => T) => {
    setState((prev) => (prev.status === 'ready' ? { status: 'ready', data: update(prev.data) } : prev));
  }, []);

  return { state, reload, retry, setData };
}
