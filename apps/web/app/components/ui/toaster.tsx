import { Toaster as HotToaster } from 'react-hot-toast';

/** Toast defaults (docs/product.md#limits; react-hot-toast keeps no visible-count limit of its own). */
const TOAST_OPTIONS = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Number.POSITIVE_INFINITY },
  style: { borderRadius: '12px', padding: '12px 16px', color: '#0f172a' },
};

/** The page's toaster (loaded on demand by the root: see DeferredToaster in root.tsx). */
export default function Toaster() {
  return <HotToaster position="top-center" toastOptions={TOAST_OPTIONS} />;
}
