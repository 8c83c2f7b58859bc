import { useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';

/** Logs out (spec §4), confirms it with a toast and goes to `to`: the account menus' Logout. */
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
