import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '~/components/page-link';
import type { AuthUser } from '~/lib/auth-state';
import { useI18n } from '~/lib/i18n';
import { Icon } from '~/components/ui/icons';
import { useLogout } from './use-logout';

interface UserMenuProps {
  user: AuthUser;
  /** The navigation is green or transparent (white text). */
  dark: boolean;
}

/** Desktop account menu: avatar initial and name; the dropdown closes on an outside click and Escape. */
export function UserMenu({ user, dark }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const logout = useLogout();
  const { t, lp } = useI18n();
  const name = user.name?.trim() || t.nav.user;
  const initial = (user.name?.trim()[0] ?? 'U').toUpperCase();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item =
    'block w-full rounded-md px-3 py-2 text-start text-sm font-medium text-slate-700 hover:bg-brand-mist hover:text-brand-green';

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
        className={`flex items-center gap-2 rounded-full py-1 pe-3 ps-1 text-sm font-semibold ${dark ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100'}`}
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-yellow font-bold text-brand-green-dark"
        >
          {initial}
        </span>
        <span className="max-w-[10rem] truncate">{name}</span>
        <Icon name="chevron-down" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute end-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        >
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p className="truncate font-semibold">{name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <ul className="pt-2">
            {(
              [
                ['/profile', t.nav.profile],
                ['/enrolledCourse', t.nav.courses],
                ['/orders', t.nav.myOrders],
              ] as const
            ).map(([to, label]) => (
              <li key={to}>
                <Link to={lp(to)} className={item} onClick={() => setOpen(false)}>
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={item} onClick={() => void logout('/login')}>
                {t.nav.logout}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
