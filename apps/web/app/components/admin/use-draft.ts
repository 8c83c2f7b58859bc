import { useState } from 'react';

/**
 * The draft of an admin form and its change handler: `change(patch)` merges the changed fields
 * into the draft and hands their names to `clear`, so a corrected field loses its message at once
 * (the same on Add and Edit screens).
 */
export function useDraft<D extends object>(initial: D | (() => D), clear: (keys: string[]) => void) {
  const [draft, setDraft] = useState<D>(initial);
  function change(patch: Partial<D>) {
    setDraft((d) => ({ ...d, ...patch }));
    clear(Object.keys(patch));
  }
  return [draft, change] as const;
}

/** The field errors without those of `keys`: what `clear` keeps when the fields were changed. */
export function withoutKeys<E extends object>(errors: E, keys: string[]): E {
  const rest = { ...errors };
  for (const key of keys) delete rest[key as keyof E];
  return rest;
}
