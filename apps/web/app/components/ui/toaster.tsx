import { useEffect } from 'react';
import { Toaster as HotToaster, toast, useToasterStore } from 'react-hot-toast';
import { takeKeptToast } from '~/lib/page-toast';
import { toastsToRemove } from './toast-rules';

/** Toast defaults (docs/product.md#limits; react-hot-toast keeps no visible-count limit of its own). */
const TOAST_OPTIONS = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Number.POSITIVE_INFINITY },
  style: { borderRadius: '12px', padding: '12px 16px', color: '#0f172a' },
};

/**
 * The page's toaster (loaded on demand: see deferred-toaster.tsx), showing a toast the previous
 * page kept for it. It also tidies what every caller raises (toast-rules.ts): one toast per
 * message, and no error left standing once a later action succeeded.
 */
export default function Toaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsToRemove(toasts)) toast.dismiss(id);
  }, [toasts]);
  useEffect(() => {
    const kept = takeKeptToast();
    if (kept) toast[kept.kind](kept.message);
  }, []);
  return <HotToaster position="top-center" toastOptions={TOAST_OPTIONS} />;
}
