import { useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';
import { toastBeforeNavigating } from '~/lib/page-toast';

/** The account menus' Logout: ends the session, says so in a toast, goes to `to` (docs/product.md#guards). */
export function useLogout() {
  const auth = useAuth();
  const navigate = useNavigate();
  return async (to: '/' | '/login') => {
    await auth.logout();
    await toastBeforeNavigating('success', 'Logged out successfully!');
    navigate(to);
  };
}
