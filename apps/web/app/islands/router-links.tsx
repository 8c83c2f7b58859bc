/**
 * `react-router` for the islands build (vite.islands.config.ts). A public page is not run by React
 * Router: its links are plain links and a navigation loads the next page (cached on the server),
 * so this module gives the few names public parts use their page-load meaning. Nothing here runs
 * on learner or admin pages, where React Router itself runs.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type To = string | { pathname?: string; search?: string; hash?: string };
interface NavigateOptions {
  replace?: boolean;
  /** Keep the scroll position on the next page (the catalogue's search, sort and pages). */
  preventScrollReset?: boolean;
}

/** The address `to` stands for (page-link.tsx draws the same on the server). */
export const hrefOf = (to: To) =>
  typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
const KEPT_SCROLL = 'oasis:kept-scroll';

/** Remembers the scroll position for the page at `to`, which `restoreKeptScroll` applies once it loads. */
function keepScroll(to: string) {
  try {
    sessionStorage.setItem(
      KEPT_SCROLL,
      JSON.stringify({ href: new URL(to, window.location.href).href, y: window.scrollY }),
    );
  } catch {
    // Storage refused (private mode): the next page starts at the top, as any page load does.
  }
}

/** On a page load: back to the position kept for this very address, if any (once). */
export function restoreKeptScroll() {
  try {
    const raw = sessionStorage.getItem(KEPT_SCROLL);
    if (!raw) return;
    sessionStorage.removeItem(KEPT_SCROLL);
    const kept = JSON.parse(raw) as { href?: unknown; y?: unknown };
    if (kept.href !== window.location.href || typeof kept.y !== 'number') return;
    const y = kept.y;
    window.scrollTo(0, y);
    // The page may not be tall enough yet (images and fonts still coming): again once it is loaded.
    if (Math.abs(window.scrollY - y) > 1) window.addEventListener('load', () => window.scrollTo(0, y), { once: true });
  } catch {
    // Nothing kept, or storage refused.
  }
}

export function Link({
  to,
  replace: _replace,
  prefetch: _prefetch,
  preventScrollReset,
  viewTransition: _viewTransition,
  discover: _discover,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: To;
  replace?: boolean;
  prefetch?: string;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: string;
}) {
  const target = hrefOf(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (preventScrollReset && !event.defaultPrevented) keepScroll(target);
  };
  return <a href={target} onClick={click} {...props} />;
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

export function useNavigate() {
  return (to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') return window.history.go(to);
    const target = hrefOf(to);
    if (options.preventScrollReset) keepScroll(target);
    if (options.replace) window.location.replace(target);
    else window.location.assign(target);
  };
}

/** A page load shows the browser's own progress: no navigation state to follow here. */
export function useNavigation() {
  return { state: 'idle' as const, location: undefined };
}
