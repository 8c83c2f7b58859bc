import { Link } from '~/components/page-link';
import { buttonClass } from '~/components/ui/button';
import { MenuSheet } from '~/components/ui/menu-sheet';
import { useI18n } from '~/lib/i18n';
import type { AccountSlot } from './signed-in-hint';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { isActive, NAV_LINKS } from './nav-links';
import { useLogout } from './use-logout';

interface MobileMenuProps {
  brandName: string;
  pathname: string;
  /** What the account place shows (signed-in-hint.ts): never 'Login' while the session is checked. */
  account: AccountSlot;
  mobileBreakpointPx: number;
  /** Asked to close (Escape, the close button, a link, or the window grew to the breakpoint). */
  onClose(): void;
}

/**
 * The phone menu (docs/product.md#navigation-and-footer): a full-screen modal dialog (in the top
 * layer, so the moving header cannot clip it; focus stays inside and Escape closes it). It is open
 * while mounted, the page does not scroll behind it, and it closes at 768 px and wider.
 */
export function MobileMenu({ brandName, pathname, account, mobileBreakpointPx, onClose: close }: MobileMenuProps) {
  const logout = useLogout();
  const { t, fmt, lp } = useI18n();

  return (
    <MenuSheet
      id="mobile-menu"
      label={t.nav.menu}
      onClose={close}
      closeAtWidth={mobileBreakpointPx}
      topClassName="wrap h-[4.5rem]"
      top={
        <Link
          to={lp('/')}
          className="rounded-md"
          aria-label={fmt(t.common.brandHome, { brand: brandName })}
          onClick={close}
        >
          <Logo name={brandName} variant="light" />
        </Link>
      }
    >
      <nav aria-label={t.nav.mobile} className="wrap flex flex-1 flex-col pt-6 pb-10">
        <ul className="space-y-1">
          {NAV_LINKS.map((link) => (
            <MenuLink key={link.to} to={link.to} pathname={pathname} onClick={close}>
              {t.nav[link.label]}
            </MenuLink>
          ))}
        </ul>
        <div className="mt-auto border-t border-white/20 pt-6">
          {account === 'menu' ? (
            <ul className="space-y-1">
              {(
                [
                  ['/profile', t.nav.profile],
                  ['/enrolledCourse', t.nav.enrolledCourses],
                  ['/orders', t.nav.myOrders],
                ] as const
              ).map(([to, label]) => (
                <MenuLink key={to} to={to} pathname={pathname} onClick={close}>
                  {label}
                </MenuLink>
              ))}
              <li>
                <button
                  type="button"
                  className="menu-link w-full text-start"
                  onClick={() => {
                    close();
                    void logout('/');
                  }}
                >
                  {t.nav.logout}
                </button>
              </li>
            </ul>
          ) : account === 'pending' ? (
            <p role="status" aria-busy="true" className="flex h-12 items-center gap-3 px-3 text-white/80">
              <span
                aria-hidden="true"
                className="block h-3 w-32 animate-pulse rounded bg-white/30 motion-reduce:animate-none"
              />
              <span className="sr-only">{t.nav.checkingAccount}</span>
            </p>
          ) : (
            <Link to={lp('/login')} className={buttonClass('primary', 'lg', 'w-full')} onClick={close}>
              {t.nav.login}
            </Link>
          )}
        </div>
      </nav>
      {/* Not one of the site's pages: after the navigation, not among its links. */}
      <div className="wrap pb-8">
        <LanguageSwitch className="menu-link text-white/90" />
      </div>
    </MenuSheet>
  );
}

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
  const { lp } = useI18n();
  return (
    <li>
      <Link
        to={lp(to)}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        className={`menu-link ${active ? 'nav-active' : 'text-white/90'}`}
      >
        {children}
      </Link>
    </li>
  );
}
