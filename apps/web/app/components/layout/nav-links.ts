import { stripLocale } from '@oasis/shared/i18n/locales';

/** The main links: English addresses (shown in the page's language with `lp`) and their `nav` texts. */
export const NAV_LINKS = [
  { to: '/', label: 'home' },
  { to: '/about', label: 'about' },
  { to: '/why-dubai', label: 'whyDubai' },
  { to: '/courses', label: 'courses' },
  { to: '/contact', label: 'contact' },
] as const;

/** Whether a navigation link belongs to the current path (blogs live under the Dubai page), in any language. */
export function isActive(to: string, localePathname: string): boolean {
  const pathname = stripLocale(localePathname);
  if (to === '/') return pathname === '/' || pathname === '/home';
  if (to === '/why-dubai') return pathname === '/why-dubai' || pathname.startsWith('/blogs/');
  return pathname === to || pathname.startsWith(`${to}/`);
}
