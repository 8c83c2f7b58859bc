import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Course } from '@oasis/shared/api';
import type { AuthSession } from './auth-session';
import { type AuthSnapshot, type AuthUser, LOGGED_OUT, TOKEN_KEY } from './auth-state';
import { readToken } from './tokens';

/**
 * The learner's auth state (docs/decisions/003-accounts.md): the token lives in local storage
 * under `token`; on any change of it the state goes to loading, fetches the user and the enrolled courses, then leaves
 * loading. Authenticated means a token AND a user. A 401 on the user fetch logs out.
 *
 * The server render knows nobody (no token): it always starts logged out and loading, and the
 * browser takes over after hydration, so the server-rendered HTML never depends on who asks.
 *
 * This module is the part every page loads: the state and the context. The part that talks to the
 * API (auth-session.ts) loads only when there is a stored token to check, or at a login or logout,
 * so an anonymous visitor's page does not carry it.
 */
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

export const ADMIN_TOKEN_KEY = 'adminToken';

const AuthContext = createContext<AuthState | null>(null);

/*
 * The state lives in this module, not in the provider, so that route loaders (which run outside
 * React) can log in or refresh it too. Only the browser ever changes it: the server renders
 * SERVER_SNAPSHOT for everyone.
 */
const SERVER_SNAPSHOT: AuthSnapshot = { ...LOGGED_OUT, loading: true };
let snapshot = SERVER_SNAPSHOT;
const listeners = new Set<() => void>();

function setSnapshot(next: (previous: AuthSnapshot) => AuthSnapshot) {
  snapshot = next(snapshot);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let session: Promise<AuthSession | null> | null = null;

/** The session code, loaded once (null while it cannot load, e.g. offline: tried again next time). */
function getSession() {
  session ??= import('./auth-session').then(
    (m) => m.createAuthSession(setSnapshot),
    (error: unknown) => {
      console.error('auth: failed to load the session code', error);
      session = null;
      return null;
    },
  );
  return session;
}

/** Picks up the stored token: after hydration, and when another tab logs in or out. */
function followStoredToken() {
  if (!readToken(TOKEN_KEY) && !session) {
    setSnapshot((s) => (s.loading ? { ...s, loading: false } : s));
    return;
  }
  // Read again once the session code is there: a login may have stored a token meanwhile.
  void getSession().then((s) =>
    s ? s.follow(readToken(TOKEN_KEY)) : setSnapshot((previous) => ({ ...previous, loading: false })),
  );
}

/**
 * The auth state's actions, for the provider's consumers and for clientLoaders alike (browser
 * only). A refresh waits for a load of the stored token that is under way, so what it fetches is
 * newer than what that load fetched.
 */
export const authSession = {
  async login(token: string, user?: AuthUser | null): Promise<AuthUser | null> {
    return (await (await getSession())?.login(token, user)) ?? null;
  },
  async logout() {
    const s = await getSession();
    if (s) await s.logout();
    else setSnapshot(() => LOGGED_OUT);
  },
  async refreshUser() {
    await (await getSession())?.refreshUser();
  },
  async refreshEnrolledCourses() {
    await (await getSession())?.refreshEnrolledCourses();
  },
};

const updateUser = (next: AuthUser) => setSnapshot((s) => ({ ...s, user: next }));

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => SERVER_SNAPSHOT,
  );

  // After hydration: pick up the stored token, and follow logins and logouts in other tabs.
  useEffect(() => {
    followStoredToken();
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) followStoredToken();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthState>(() => {
    const { token, user, enrolledCourses } = current;
    return {
      ...current,
      isAuthenticated: Boolean(token && user),
      ...authSession,
      hasCourseAccess: (slug: string) => enrolledCourses.some((course) => course.slug === slug),
      updateUser,
    };
  }, [current]);

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
