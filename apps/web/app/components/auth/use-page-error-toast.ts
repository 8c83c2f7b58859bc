import { useCallback, useEffect, useRef } from 'react';
import toast from 'react-hot-toast';

/**
 * Raises error toasts that belong to this screen: they show here, and go when the person leaves it.
 * The toaster outlives a client-side navigation, so a failed sign-in's 'Invalid email or password.'
 * would otherwise follow the visitor to the next page (where it means nothing).
 */
export function usePageErrorToast() {
  const raised = useRef(new Set<string>());
  useEffect(() => {
    const ids = raised.current;
    return () => {
      for (const id of ids) toast.remove(id);
    };
  }, []);
  return useCallback((message: string, options?: { id?: string }) => {
    raised.current.add(toast.error(message, options));
  }, []);
}
