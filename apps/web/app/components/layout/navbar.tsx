import { LIMITS } from '@oasis/shared/limits';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'Why Choose Me' },
  { to: '/why-dubai', label: 'Dubai Real Estate' },
  { to: '/courses', label: 'Courses' },
  { to: '/contact', label: 'Contact Me' },
] as const;

// Most visitors are anonymous: the account menu loads only for a signed-in user.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/** Whether a navigation link belongs to the current path (blogs live under the Dubai page). */
function isActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/home';
  if (to === '/why-dubai') return pathname === '/why-dubai' || pathname.startsWith('/blogs/');
  return pathname === to || pathname.startsWith(`${to}/`);
}

const ACTIVE = 'nav-active';

/**
 * The fixed top navigation of spec §2: transparent over the home hero, green elsewhere, white with
 * the dark logo after 50 px; hides on scroll down past 150 px and comes back on scroll up.
 * Under 768 px a toggle opens a full-screen menu (a modal <dialog>: focus stays inside, Escape closes).
 */
export function Navbar({ brandName }: { brandName: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const loggedIn = auth.isAuthenticated && Boolean(auth.user);
  const home = pathname === '/' || pathname === '/home';
  const [scrolled, setScrolled] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      setScrolled(y > LIMITS.navSolidAfterPx);
      if (y <= LIMITS.navHideAfterPx || y < last) setHidden(false);
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
  }, []);

  // A new page starts with the navigation in view and the menu closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setHidden(false);
    menu.current?.close();
  }, [pathname]);

  // While the menu is open the page behind it does not scroll; at 768 px and wider it closes.
  useEffect(() => {
    if (!menuOpen) return;
    const { body } = document;
    body.style.overflow = 'hidden';
    const wide = window.matchMedia(`(min-width: ${LIMITS.mobileBreakpointPx}px)`);
    const onWide = () => {
      if (wide.matches) menu.current?.close();
    };
    wide.addEventListener('change', onWide);
    return () => {
      body.style.overflow = '';
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  async function logout(to: '/' | '/login') {
    menu.current?.close();
    await auth.logout();
    const { toast } = await import('react-hot-toast');
    toast.success('Logged out successfully!');
    navigate(to);
  }

  const state = scrolled ? 'white' : home ? 'transparent' : 'green';
  const dark = state !== 'white';
  const close = () => menu.current?.close();

  return (
    <>
      <header
        data-nav-state={state}
        data-nav-hidden={hidden}
        // Keyboard users tabbing into a hidden navigation bring it back into view.
        onFocusCapture={() => setHidden(false)}
        className={`fixed inset-x-0 top-0 z-50 transition-[translate,background-color,box-shadow] duration-300 motion-reduce:transition-none ${
          state === 'white'
            ? 'bg-white text-slate-900 shadow-md'
            : state === 'green'
              ? 'on-dark bg-brand-green text-white shadow-sm'
              : 'on-dark text-white'
        } ${hidden ? '-translate-y-full' : ''}`}
      >
        <div className="wrap flex h-[4.5rem] items-center justify-between gap-6">
          <Link to="/" className="shrink-0 rounded-md" aria-label={`${brandName}, home`}>
            <Logo name={brandName} variant={dark ? 'light' : 'dark'} />
          </Link>

          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1 lg:gap-3">
              {NAV_LINKS.map((link) => {
                const active = isActive(link.to, pathname);
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      aria-current={active ? 'page' : undefined}
                      className={`nav-link ${
                        active
                          ? ACTIVE
                          : dark
                            ? 'text-white/90 hover:text-brand-yellow'
                            : 'text-slate-700 hover:text-brand-green'
                      }`}
                    >
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="hidden md:block">
            {loggedIn && auth.user ? (
              <Suspense fallback={<span className="block h-11 w-32" />}>
                <UserMenu user={auth.user} dark={dark} onLogout={() => logout('/login')} />
              </Suspense>
            ) : (
              <Link to="/login" className={buttonClass(dark ? 'primary' : 'secondary', 'sm', 'px-5')}>
                Login
              </Link>
            )}
          </div>

          <button
            type="button"
            className="-mr-2 rounded-md p-2 md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => {
              menu.current?.showModal();
              setMenuOpen(true);
            }}
          >
            <Icon name="menu" className="h-7 w-7" />
          </button>
        </div>
      </header>

      {/* A modal dialog sits in the top layer, so the moving header cannot clip it. */}
      <dialog
        ref={menu}
        id="mobile-menu"
        aria-label="Menu"
        onClose={() => setMenuOpen(false)}
        className="on-dark m-0 h-full max-h-none w-full max-w-none bg-brand-green p-0 text-white open:flex open:flex-col md:hidden"
      >
        <div className="wrap flex h-[4.5rem] shrink-0 items-center justify-between">
          <Link to="/" className="rounded-md" aria-label={`${brandName}, home`} onClick={close}>
            <Logo name={brandName} variant="light" />
          </Link>
          <button type="button" className="-mr-2 rounded-md p-2" aria-label="Close menu" onClick={close}>
            <Icon name="close" className="h-7 w-7" />
          </button>
        </div>
        <nav aria-label="Mobile" className="wrap flex flex-1 flex-col pt-6 pb-10">
          <ul className="space-y-1">
            {NAV_LINKS.map((link) => (
              <MenuLink key={link.to} to={link.to} pathname={pathname} onClick={close}>
                {link.label}
              </MenuLink>
            ))}
          </ul>
          <div className="mt-auto border-t border-white/20 pt-6">
            {loggedIn ? (
              <ul className="space-y-1">
                <MenuLink to="/profile" pathname={pathname} onClick={close}>
                  Profile
                </MenuLink>
                <MenuLink to="/enrolledCourse" pathname={pathname} onClick={close}>
                  Enrolled Courses
                </MenuLink>
                <li>
                  <button type="button" className={`${MENU_LINK} w-full text-left`} onClick={() => logout('/')}>
                    Logout
                  </button>
                </li>
              </ul>
            ) : (
              <Link to="/login" className={buttonClass('primary', 'lg', 'w-full')} onClick={close}>
                Login
              </Link>
            )}
          </div>
        </nav>
      </dialog>
    </>
  );
}

const MENU_LINK = 'menu-link';

function MenuLink({
  to,
  pathname,
  onClick,
  children,
}: {
  to: string;
  pathname: string;
  onClick(): void;
  children: React.ReactNode;
}) {
  const active = isActive(to, pathname);
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        className={`${MENU_LINK} ${active ? ACTIVE : 'text-white/90'}`}
      >
        {children}
      </Link>
    </li>
  );
}

/**
 * The brand wordmark, drawn from the brand name in the site settings: the mark (`.logo-mark` in
 * app.css, an arch with a rising sun) beside the name. `light` sits on green or photos, `dark` on white.
 */
export function Logo({ name, variant }: { name: string; variant: 'light' | 'dark' }) {
  const [first, ...rest] = name.trim().split(/\s+/);
  const tail = rest.join(' ');
  const light = variant === 'light';
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark variant={variant} />
      <span className="flex flex-col leading-none">
        <span
          className={`font-display text-[1.35rem] font-semibold tracking-wide ${light ? 'text-white' : 'text-brand-green'}`}
        >
          {first}
        </span>
        {tail && (
          <span
            className={`mt-1 text-[0.62rem] font-bold tracking-[0.22em] uppercase ${light ? 'text-brand-yellow' : 'text-brand-gold'}`}
          >
            {tail}
          </span>
        )}
      </span>
    </span>
  );
}

/** The mark alone (decorative); size it with classes, e.g. `h-11 w-11`. */
export function LogoMark({ variant, className = '' }: { variant: 'light' | 'dark'; className?: string }) {
  return <span aria-hidden="true" className={`logo-mark logo-mark-${variant} ${className}`} />;
}
