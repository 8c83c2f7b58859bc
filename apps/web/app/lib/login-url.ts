/** `/login`, remembering where to come back to (kept apart from the guards so public pages can link there cheaply). */
export function loginUrl(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== '/' ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login';
}
