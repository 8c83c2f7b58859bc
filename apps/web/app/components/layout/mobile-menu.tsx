import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { MenuSheet } from '~/components/ui/menu-sheet';
import { isActive, Logo, NAV_LINKS } from './navbar';
import { useLogout } from './use-logout';

interface MobileMenuProps {
  brandName: string;
  pathname: string;
  loggedIn: boolean;
  mobileBreakpointPx: number;
  /** Asked to close (Escape, the close button, a link, or the window grew to the breakpoint). */
  onClose(): void;
}

/**
 * The phone menu (docs/product.md#navigation-and-footer): a full-screen modal dialog (in the top
 * layer, so the moving header cannot clip it; focus stays inside and Escape closes it). It is open
 * while mounted, the page does not scroll behind it, and it closes at 768 px and wider.
 */
export function MobileMenu({ brandName, pathname, loggedIn, mobileBreakpointPx, onClose: close }: MobileMenuProps) {
  const logout = useLogout();

  return (
    <MenuSheet
      id="mobile-menu"
      label="Menu"
      onClose={close}
      closeAtWidth={mobileBreakpointPx}
      topClassName="wrap h-[4.5rem]"
      top={
        <Link to="/" className="rounded-md" aria-label={`${brandName}, home`} onClick={close}>
          <Logo name={brandName} variant="light" />
        </Link>
      }
    >
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
                <button
                  type="button"
                  className="menu-link w-full text-left"
                  onClick={() => {
                    close();
                    void logout('/');
                  }}
                >
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
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        className={`menu-link ${active ? 'nav-active' : 'text-white/90'}`}
      >
        {children}
      </Link>
    </li>
  );
}
