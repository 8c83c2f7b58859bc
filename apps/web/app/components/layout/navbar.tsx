import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '~/components/page-link';
import { useAuth } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { isActive, NAV_LINKS } from './nav-links';
import { accountSlot, readSignedInHint, writeSignedInHint } from './signed-in-hint';

/** The navigation's scroll and width thresholds (LIMITS in @oasis/shared/limits, passed by the root loader). */
export interface NavLimits {
  solidAfterPx: number;
  hideAfterPx: number;
  mobileBreakpointPx: number;
}

// Most visitors are anonymous: the account menu loads only for a signed-in user. The phone menu
// loads when it is about to be used (first touch, click or key press on a narrow screen).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

/**
 * The fixed top navigation (docs/product.md#navigation-and-footer): transparent over the home hero,
 * green elsewhere, white with the dark logo after 50 px; hides on scroll down past 150 px and comes
 * back on scroll up.
 * Under 768 px a toggle opens a full-screen menu (mobile-menu.tsx).
 */
export function Navbar({ brandName, limits }: { brandName: string; limits: NavLimits }) {
  const { pathname } = useLocation();
  const { t, fmt, lp } = useI18n();
  const auth = useAuth();
  const loggedIn = auth.isAuthenticated && Boolean(auth.user);
  const slot = accountSlot(auth, pathname);
  const home = isActive('/', pathname);
  const [scrolled, setScrolled] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { solidAfterPx, hideAfterPx, mobileBreakpointPx } = limits;

  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      setScrolled(y > solidAfterPx);
      if (y <= hideAfterPx || y < last) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [solidAfterPx, hideAfterPx]);

  // On a phone, fetch the menu at the first touch, click or key press, before the toggle is used.
  useEffect(() => {
    if (window.matchMedia(`(min-width: ${mobileBreakpointPx}px)`).matches) return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const load = () => void loadMobileMenu();
    for (const e of events) window.addEventListener(e, load, { once: true, passive: true, capture: true });
    return () => {
      for (const e of events) window.removeEventListener(e, load, { capture: true });
    };
  }, [mobileBreakpointPx]);

  // The account last seen here names the header while the session is checked (signed-in-hint.ts);
  // the hint follows what the browser learns: the user's name, or nobody.
  const userName = auth.user?.name ?? null;
  const signedOut = !auth.loading && !auth.token;
  useEffect(() => {
    if (loggedIn) writeSignedInHint(userName);
    else if (signedOut) writeSignedInHint(null);
  }, [loggedIn, signedOut, userName]);

  // A new page starts with the navigation in view and the menu closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setHidden(false);
    setMenuOpen(false);
  }, [pathname]);

  const state = scrolled ? 'white' : home ? 'transparent' : 'green';
  const dark = state !== 'white';

  return (
    <>
      <header
        data-nav-state={state}
        data-nav-hidden={hidden}
        // Keyboard users tabbing into a hidden navigation bring it back into view.
        onFocusCapture={() => setHidden(false)}
        // Colours and movement come from these attributes (`.site-header` in app.css); `on-dark` sets
        // the focus ring for a dark background.
        className={`site-header ${dark ? 'on-dark' : ''}`}
      >
        <div className="wrap flex h-[4.5rem] items-center justify-between gap-6">
          <Link to={lp('/')} className="shrink-0 rounded-md" aria-label={fmt(t.common.brandHome, { brand: brandName })}>
            <Logo name={brandName} variant={dark ? 'light' : 'dark'} />
          </Link>

          <nav aria-label={t.nav.main} className="hidden md:block">
            <ul className="flex items-center gap-1 lg:gap-3">
              {NAV_LINKS.map((link) => {
                const active = isActive(link.to, pathname);
                return (
                  <li key={link.to}>
                    <Link
                      to={lp(link.to)}
                      aria-current={active ? 'page' : undefined}
                      className={active ? 'nav-link nav-active' : 'nav-link'}
                    >
                      {t.nav[link.label]}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="hidden items-center gap-2 md:flex">
            <LanguageSwitch className="nav-link" />
            {slot === 'menu' && auth.user ? (
              <Suspense fallback={<AccountPending dark={dark} name={auth.user.name} />}>
                <UserMenu user={auth.user} dark={dark} />
              </Suspense>
            ) : slot === 'pending' ? (
              <AccountPending dark={dark} />
            ) : (
              <Link to={lp('/login')} className={buttonClass(dark ? 'primary' : 'secondary', 'sm', 'px-5')}>
                {t.nav.login}
              </Link>
            )}
          </div>

          <button
            type="button"
            className="-me-2 rounded-md p-2 md:hidden"
            aria-label={t.nav.openMenu}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onPointerDown={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onClick={() => setMenuOpen(true)}
          >
            <Icon name="menu" className="h-7 w-7" />
          </button>
        </div>
      </header>

      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            brandName={brandName}
            pathname={pathname}
            account={slot}
            mobileBreakpointPx={mobileBreakpointPx}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The account menu's place while the session is checked: the avatar and the name last seen signed
 * in on this browser (or a grey bar), not a button yet. Read after hydration: the server's render
 * knows nobody.
 */
function AccountPending({ dark, name }: { dark: boolean; name?: string }) {
  const { t } = useI18n();
  const [hint, setHint] = useState<string | null>(name ?? null);
  useEffect(() => {
    if (!name) setHint(readSignedInHint());
  }, [name]);
  return (
    <span
      data-account="pending"
      className={`flex h-11 items-center gap-2 rounded-full py-1 pe-3 ps-1 text-sm font-semibold ${dark ? 'text-white' : 'text-slate-800'}`}
    >
      <span
        aria-hidden="true"
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-yellow font-bold text-brand-green-dark"
      >
        {hint?.[0]?.toUpperCase()}
      </span>
      {hint ? (
        <span className="max-w-[10rem] truncate">{hint}</span>
      ) : (
        <span
          aria-hidden="true"
          className={`block h-3 w-20 animate-pulse rounded motion-reduce:animate-none ${dark ? 'bg-white/30' : 'bg-slate-200'}`}
        />
      )}
      <span className="sr-only">{t.nav.checkingAccount}</span>
    </span>
  );
}
