/**
 * One part of a public page's content for its loader, or `fallback` when it fails to load (logged as
 * '<page>: failed to load <what>'): a part that fails never takes the whole page down.
 */
export function loadPart<T>(page: string, what: string, promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch((error: unknown) => {
    console.error(`${page}: failed to load ${what}`, error);
    return fallback;
  });
}
