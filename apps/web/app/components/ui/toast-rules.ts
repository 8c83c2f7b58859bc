/*
 * What the toaster clears by itself (toaster.tsx), whoever raised the toasts: the same message
 * raised again (a double click, a form sent twice with the same mistake) shows once, the newest;
 * and a success takes away the errors shown before it: the person tried again and it worked, so
 * the old failure would now say something untrue.
 */

/** The part of a react-hot-toast toast the rules read. */
export interface ShownToast {
  id: string;
  type: 'success' | 'error' | 'loading' | 'blank' | 'custom';
  /** A string for every toast of ours; a toast with an element or a function is never a duplicate. */
  message: unknown;
  createdAt: number;
  visible: boolean;
}

/** The ids of the toasts to take away now (visible ones only; the newest of each message stays). */
export function toastsToRemove(toasts: readonly ShownToast[]): string[] {
  const shown = toasts.filter((toast) => toast.visible).sort((a, b) => b.createdAt - a.createdAt);
  const remove = new Set<string>();
  const seen = new Set<string>();
  for (const toast of shown) {
    if (typeof toast.message !== 'string') continue;
    const key = `${toast.type}\u0000${toast.message}`;
    if (seen.has(key)) remove.add(toast.id);
    seen.add(key);
  }
  const lastSuccess = shown.find((toast) => toast.type === 'success');
  if (lastSuccess) {
    for (const toast of shown) {
      if (toast.type === 'error' && toast.createdAt <= lastSuccess.createdAt) remove.add(toast.id);
    }
  }
  return [...remove];
}
