import { useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';

/** The account menus' Logout: ends the session, says so in a toast, goes to `to` (docs/product.md#guards). */
export function useLogout() {
  const auth = useAuth();
  const navigate = useNavigate();
  return async (to: '/' | '/login') => {
    await auth.logout();
    const { toast } = await import('react-hot-toast');
    toast.success('Logged out successfully!');
    navigate(to);
  };
}
