/**
 * A toast that goes with a navigation. Where React Router runs, the toast shows at once and stays
 * through the client-side navigation. On a public page (docs/decisions/013-public-pages-as-islands.md)
 * a navigation loads a new page, which would drop the toast: it is kept in session storage instead
 * and the next page's toaster shows it (`takeKeptToast`).
 */
export type ToastKind = 'success' | 'error';

const KEPT_TOAST = 'oasis:kept-toast';

/** Public pages run as islands: `islands/main.ts` marks <html> before it starts any part. */
const pageLoadsOnNavigation = () => typeof document !== 'undefined' && 'islands' in document.documentElement.dataset;

export async function toastBeforeNavigating(kind: ToastKind, message: string): Promise<void> {
  if (pageLoadsOnNavigation()) {
    try {
      sessionStorage.setItem(KEPT_TOAST, JSON.stringify({ kind, message, from: thisPageLoad() }));
      return;
    } catch {
      // Storage refused: show it here, for the moment the page is still in view.
    }
  }
  const { toast } = await import('react-hot-toast');
  toast[kind](message);
}

/**
 * Tells this page load from the next one (the moment it began). A toast is kept for the *next*
 * page: the toaster of the page that kept it (loading on the very click that raised it) must not
 * take it, or it would show it on the page that is going away.
 */
const thisPageLoad = () => (typeof performance === 'undefined' ? 0 : performance.timeOrigin);

/** The kept toast, unless this very page kept it. */
function readKept(): { kind?: unknown; message?: unknown; from?: unknown } | null {
  const raw = sessionStorage.getItem(KEPT_TOAST);
  if (!raw) return null;
  const kept = JSON.parse(raw) as { kind?: unknown; message?: unknown; from?: unknown };
  return kept.from === thisPageLoad() ? null : kept;
}

/** Whether a toast waits for this page (its toaster then loads at once). */
export function hasKeptToast(): boolean {
  try {
    return readKept() !== null;
  } catch {
    return false;
  }
}

/** The toast kept by the previous page, once. */
export function takeKeptToast(): { kind: ToastKind; message: string } | null {
  try {
    const kept = readKept();
    if (!kept) return null;
    sessionStorage.removeItem(KEPT_TOAST);
    if ((kept.kind === 'success' || kept.kind === 'error') && typeof kept.message === 'string') {
      return { kind: kept.kind, message: kept.message };
    }
  } catch {
    // Nothing kept, or storage refused.
  }
  return null;
}
