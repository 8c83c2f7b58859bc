import { lazy, Suspense, useEffect, useState } from 'react';
import { hasKeptToast } from '~/lib/page-toast';

// react-hot-toast is not part of a public page's download: it loads at once on account, learning
// and admin pages (which toast a lot), and on public pages at the visitor's first click or key
// press (every toast there answers one), or at once when the previous page left a toast for this
// one (lib/page-toast.ts). A toast raised before it arrives waits in its store.
const Toaster = lazy(() => import('./toaster'));

export function DeferredToaster({ now }: { now: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (now || hasKeptToast()) return setReady(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const load = () => setReady(true);
    for (const e of events) window.addEventListener(e, load, { once: true, passive: true, capture: true });
    return () => {
      for (const e of events) window.removeEventListener(e, load, { capture: true });
    };
  }, [now]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
