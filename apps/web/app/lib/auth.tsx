import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Course } from '@oasis/shared/api';
import type { User } from '@oasis/shared/auth';
import type { AuthSession } from './auth-session';

/**
 * The learner's auth state of spec §4: the token lives in local storage under `token`; on any
 * change of it the state goes to loading, fetches the user and the enrolled courses, then leaves
 * loading. Authenticated means a token AND a user. A 401 on the user fetch logs out.
 *
 * The server render knows nobody (no token): it always starts logged out and loading, and the
 * browser takes over after hydration, so the server-rendered HTML never depends on who asks.
 *
 * This module is the part every page loads: the state and the context. The part that talks to the
 * API (auth-session.ts) loads only when there is a stored token to check, or at a login or logout,
 * so an anonymous visitor's page does not carry it.
 */
export type AuthUser = User;

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  enrolledCourses: Course[];
  /** True while a stored token is being checked (from the first render until that check is done). */
  loading: boolean;
  isAuthenticated: boolean;
  /** Stores the token and uses the given user (or fetches it), then loads the enrolled courses. Resolves to the user, or null when the token did not work. */
  login(token: string, user?: AuthUser | null): Promise<AuthUser | null>;
  /** Clears token, user and courses, then tells the server (a failure there is only logged). No toast, no navigation: the caller does those. */
  logout(): Promise<void>;
  hasCourseAccess(slug: string): boolean;
  /** Fetches the user again (after a change made elsewhere). */
  refreshUser(): Promise<void>;
  /** Fetches the enrolled courses again (after a purchase). */
  refreshEnrolledCourses(): Promise<void>;
  /** Replaces the user with the one the API answered (after a profile save). */
  updateUser(user: AuthUser): void;
}

export const TOKEN_KEY = 'token';
export const ADMIN_TOKEN_KEY = 'adminToken';

/** What the provider shows; auth-session.ts moves it from one state to the next. */
export interface AuthSnapshot {
  token: string | null;
  user: AuthUser | null;
  enrolledCourses: Course[];
  loading: boolean;
}

export const LOGGED_OUT: AuthSnapshot = { token: null, user: null, enrolledCourses: [], loading: false };

const AuthContext = createContext<AuthState | null>(null);

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>({ ...LOGGED_OUT, loading: true });
  const session = useRef<Promise<AuthSession | null> | null>(null);

  /** The session code, loaded once (null while it cannot load, e.g. offline: tried again next time). */
  const getSession = useCallback(() => {
    session.current ??= import('./auth-session').then(
      (m) => m.createAuthSession(setSnapshot),
      (error: unknown) => {
        console.error('auth: failed to load the session code', error);
        session.current = null;
        return null;
      },
    );
    return session.current;
  }, []);

  // After hydration: pick up the stored token, and follow logins and logouts in other tabs.
  useEffect(() => {
    const check = () => {
      const stored = readStoredToken();
      if (!stored && !session.current) {
        setSnapshot((s) => (s.loading ? { ...s, loading: false } : s));
        return;
      }
      void getSession().then((s) =>
        s ? s.follow(stored) : setSnapshot((previous) => ({ ...previous, loading: false })),
      );
    };
    check();
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) check();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [getSession]);

  const login = useCallback(
    async (token: string, user?: AuthUser | null) => (await (await getSession())?.login(token, user)) ?? null,
    [getSession],
  );
  const logout = useCallback(async () => {
    const s = await getSession();
    if (s) await s.logout();
    else setSnapshot(LOGGED_OUT);
  }, [getSession]);
  const refreshUser = useCallback(async () => (await getSession())?.refreshUser(), [getSession]);
  const refreshEnrolledCourses = useCallback(async () => (await getSession())?.refreshEnrolledCourses(), [getSession]);

  const value = useMemo<AuthState>(() => {
    const { token, user, enrolledCourses } = snapshot;
    return {
      ...snapshot,
      isAuthenticated: Boolean(token && user),
      login,
      logout,
      hasCourseAccess: (slug: string) => enrolledCourses.some((course) => course.slug === slug),
      refreshUser,
      refreshEnrolledCourses,
      updateUser: (next: AuthUser) => setSnapshot((s) => ({ ...s, user: next })),
    };
  }, [snapshot, login, logout, refreshUser, refreshEnrolledCourses]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const outsideProvider: AuthState = {
  token: null,
  user: null,
  enrolledCourses: [],
  loading: false,
  isAuthenticated: false,
  login: async () => null,
  logout: async () => {},
  hasCourseAccess: () => false,
  refreshUser: async () => {},
  refreshEnrolledCourses: async () => {},
  updateUser: () => {},
};

export function useAuth(): AuthState {
  return useContext(AuthContext) ?? outsideProvider;
}
