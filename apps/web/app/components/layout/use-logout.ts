import { useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
import { toastBeforeNavigating } from '~/lib/page-toast';

/**
 * The account menus' Logout: ends the session, says so in a toast, goes to `to` in the page's
 * language (docs/product.md#guards).
 */
export function useLogout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { tr, lp } = useI18n();
  return async (to: '/' | '/login') => {
    await auth.logout();
    // AUTH_MESSAGES.loggedOut, written out: the schemas' module is not part of the public pages.
    await toastBeforeNavigating('success', tr('Logged out successfully!'));
    navigate(lp(to));
  };
}
