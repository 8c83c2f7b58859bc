import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { LIMITS } from '@oasis/shared/limits';
import { privateMeta } from '~/components/auth/meta';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { AdminShellSkeleton } from '~/components/admin/admin-skeleton';
import { Spinner } from '~/components/ui/form';
import { removeAdminToken, requireAdmin } from '~/components/auth/guards';
import { AdminNavList, adminLinkGroups } from '~/components/admin/admin-nav';
import { SETTINGS_SCREEN } from '~/components/admin/features';
import { LoadingState } from '~/components/admin/page';
import { inPageLanguage } from '~/components/admin/request';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { useNewLeadCount } from '~/components/leads/use-new-lead-count';
import { LogoMark } from '~/components/layout/logo';
import { buttonClass } from '~/components/ui/button';
import { MenuSheet } from '~/components/ui/menu-sheet';
import { Icon } from '~/components/ui/icons';
import { readToken } from '~/lib/api';
import { ADMIN_TOKEN_KEY } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/dashboard';

/** What the shell shares with the screens inside it. */
export interface AdminOutletContext {
  /** New (unhandled) leads; null until known. */
  newLeads: number | null;
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminShell.panel);

/**
 * Admins only: no admin token, or an ended admin session, goes to /admin/login?next=<this screen>
 * (in the page's language: /ar/admin/login), and back here after signing in.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    return await requireAdmin(request);
  } catch (thrown) {
    throw inPageLanguage(thrown, request);
  }
}

/** The admin area renders in the browser only: the server sends this loading state. */
export function HydrateFallback() {
  const { t } = useI18n();
  return <AdminShellSkeleton label={t.adminShell.loadingPanel} />;
}

/**
 * The admin shell (docs/product.md#admin-shell): a sidebar with every admin screen (a full-screen menu on phones), the
 * heading 'Welcome to the Admin Panel', Logout, and the screen itself in the Outlet. No site
 * navigation or footer here: the root layout leaves them out on /admin paths.
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const { t, tr, lp } = i18n;
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  // Each screen starts with the menu closed (Back and Forward included).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }
  const { count: newLeads } = useNewLeadCount();
  const groups = adminLinkGroups({ newLeads, settings: SETTINGS_SCREEN, i18n });
  // Another screen is loading its data: its place shows the loading state meanwhile.
  const navigation = useNavigation();
  const opening = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  async function logout() {
    if (leaving) return;
    setLeaving(true);
    const token = readToken(ADMIN_TOKEN_KEY);
    try {
      if (token) {
        const response = await fetch('/api/auth/admin/logout', {
          method: 'POST',
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
          credentials: 'include',
        });
        if (!response.ok) throw new Error(`logout answered ${response.status}`);
      }
    } catch (error) {
      // The session may still be open on the server: stay signed in so the admin can try again.
      console.error('admin logout failed', error);
      toast.error(tr(AUTH_MESSAGES.logoutFailed));
      setLeaving(false);
      return;
    }
    closeMenu();
    removeAdminToken();
    toast.success(tr(AUTH_MESSAGES.loggedOut));
    navigate(lp('/admin/login'), { replace: true });
  }

  const logoutButton = (extra = '') => (
    <button type="button" onClick={logout} disabled={leaving} className={buttonClass('primary', 'sm', extra)}>
      {leaving && <Spinner className="h-4 w-4" />}
      {t.adminShell.logout}
    </button>
  );
  // 'Signed in as <name>', the name in bold (in the header and in the phone menu).
  const signedInAs = (nameClass: string) =>
    fmtNodes(t.adminShell.signedInAs, {
      name: <bdi className={`font-semibold ${nameClass}`}>{loaderData.admin.name}</bdi>,
    });

  return (
    <div className="min-h-screen bg-slate-100 md:flex">
      <a
        href="#main"
        className="sr-only z-[100] rounded-md bg-brand-yellow px-4 py-3 font-semibold text-brand-green-dark focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        {t.common.skipToContent}
      </a>

      {/*
        From 768 px: the sidebar is exactly the viewport's height (dvh: phones' toolbars included),
        the logo and the footer row fixed, and the links between them scroll on their own when the
        window is short (min-h-0 lets the list shrink below its content instead of pushing the
        footer over it), so every screen stays reachable at any width and height.
      */}
      <aside className="on-dark sticky top-0 hidden h-dvh w-56 shrink-0 flex-col bg-brand-green text-white md:flex lg:w-64">
        <Link to={lp('/admin/dashboard')} className="flex shrink-0 items-center gap-3 px-5 pt-4 pb-3 lg:pt-5 lg:pb-4">
          <LogoMark variant="light" className="h-8 w-8 lg:h-9 lg:w-9" />
          <span className="font-display text-lg font-semibold lg:text-xl">{t.adminShell.panel}</span>
        </Link>
        <nav
          aria-label={t.adminShell.adminNav}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pt-1 pb-4"
        >
          <AdminNavList groups={groups} />
        </nav>
        <div className="flex shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-white/15 px-5 py-3 text-sm text-white/85">
          <Link to={lp('/')} className="font-semibold text-white underline-offset-2 hover:underline">
            {t.adminShell.viewSite}
          </Link>
          <LanguageSwitch className="font-semibold text-white underline-offset-2 hover:underline" />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
            <div className="flex min-w-0 items-center gap-3">
              <LogoMark variant="dark" className="h-8 w-8 md:hidden" />
              <h1 className="truncate font-display text-lg font-semibold text-brand-green sm:text-xl">
                {t.adminShell.welcome}
              </h1>
            </div>
            <div className="hidden items-center gap-4 md:flex">
              <span className="text-sm text-slate-600">{signedInAs('text-slate-900')}</span>
              {logoutButton()}
            </div>
            <button
              type="button"
              className="-me-2 rounded-md p-2 text-brand-green md:hidden"
              aria-label={t.adminShell.openMenu}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? 'admin-menu' : undefined}
              onClick={() => setMenuOpen(true)}
            >
              <Icon name="menu" className="h-7 w-7" />
            </button>
          </div>
        </header>

        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <div className="mx-auto max-w-6xl">
            {opening ? <LoadingState /> : <Outlet context={{ newLeads } satisfies AdminOutletContext} />}
          </div>
        </main>
      </div>

      {/* The phone menu: a modal dialog in the top layer (focus stays inside, Escape closes). */}
      {menuOpen && (
        <MenuSheet
          id="admin-menu"
          label={t.adminShell.menu}
          onClose={closeMenu}
          closeAtWidth={LIMITS.mobileBreakpointPx}
          topClassName="h-16 px-4"
          top={
            <span className="flex items-center gap-3">
              <LogoMark variant="light" className="h-8 w-8" />
              <span className="font-display text-xl font-semibold">{t.adminShell.panel}</span>
            </span>
          }
        >
          <nav aria-label={t.adminShell.adminNav} className="flex-1 overflow-y-auto px-3 pt-2 pb-6">
            <AdminNavList groups={groups} large onNavigate={closeMenu} />
          </nav>
          <div className="border-t border-white/20 px-4 py-5">
            <p className="mb-3 text-sm text-white/85">{signedInAs('text-white')}</p>
            {logoutButton('w-full')}
            <LanguageSwitch className="mt-4 block text-center font-semibold text-white underline-offset-2 hover:underline" />
          </div>
        </MenuSheet>
      )}
    </div>
  );
}
