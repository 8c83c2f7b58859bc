import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { AuthLoading, Spinner } from '~/components/auth/auth-page';
import { removeAdminToken, requireAdmin } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { LogoMark } from '~/components/layout/logo';
import { buttonClass } from '~/components/ui/button';
import { readToken } from '~/lib/api';
import { ADMIN_TOKEN_KEY } from '~/lib/auth';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Admin Panel');

/** Admins only: no admin token goes to /, an ended admin session to /admin/login. */
export const clientLoader = () => requireAdmin();

export function HydrateFallback() {
  return <AuthLoading variant="admin" />;
}

/**
 * The admin area's frame: the guard, the heading and Logout. The admin screens render in the
 * Outlet (the sidebar comes with them).
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

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
      toast.error(AUTH_MESSAGES.logoutFailed);
      setLeaving(false);
      return;
    }
    removeAdminToken();
    toast.success(AUTH_MESSAGES.loggedOut);
    navigate('/admin/login', { replace: true });
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="on-dark bg-brand-green text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3">
            <LogoMark variant="light" />
            <span className="text-sm text-white/80">
              Signed in as <span className="font-semibold text-white">{loaderData.admin.name}</span>
            </span>
          </div>
          <button type="button" onClick={logout} disabled={leaving} className={buttonClass('primary', 'sm')}>
            {leaving && <Spinner className="h-4 w-4" />}
            Logout
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="font-display text-3xl font-semibold text-brand-green">Welcome to the Admin Panel</h1>
        <div className="mt-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
