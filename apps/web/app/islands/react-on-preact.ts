/**
 * `react` for the islands build (vite.islands.config.ts): Preact's compatibility layer, plus the
 * few React 19 hooks it lacks that our public components use. Only public pages' parts are built
 * with it; the rest of the site runs React itself.
 */
import { useCallback, useLayoutEffect, useRef } from 'preact/compat';

// @ts-expect-error preact/compat's types are written as `export =`; the module itself has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19.2's useEffectEvent: a stable function that always calls the latest `handler`. */
export function useEffectEvent<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
