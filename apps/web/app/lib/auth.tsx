import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Course } from '@oasis/shared/api';
import type { User } from '@oasis/shared/auth';
import { ApiRequestError, api } from './api';

/**
 * The learner's auth state of spec §4: the token lives in local storage under `token`; on any
 * change of it the state goes to loading, fetches the user and the enrolled courses, then leaves
 * loading. Authenticated means a token AND a user. A 401 on the user fetch logs out.
 *
 * The server render knows nobody (no token): it always starts logged out and loading, and the
 * browser takes over after hydration, so the server-rendered HTML never depends on who asks.
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

const AuthContext = createContext<AuthState | null>(null);

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked (private mode, quota): the session lasts for this page only.
  }
}

type UserResult = { user: AuthUser } | { unauthorized: true } | { failed: true };

async function fetchUser(): Promise<UserResult> {
  try {
    const { user } = await api<{ user: AuthUser }>('/auth/user');
    return { user };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { unauthorized: true };
    console.error('auth: failed to fetch the user', error);
    return { failed: true };
  }
}

/** The enrolled list (spec §3/§8): `courses` must be an array, anything else or a failure is empty. */
async function fetchEnrolledCourses(): Promise<Course[]> {
  try {
    const data = await api<{ courses?: unknown }>('/courses/enrolled');
    if (!Array.isArray(data?.courses)) return [];
    return data.courses.filter(
      (course): course is Course => Boolean(course) && typeof (course as Course)._id === 'string',
    );
  } catch (error) {
    console.error('auth: failed to fetch the enrolled courses', error);
    return [];
  }
}

/** Ends the session on the server with this token (the stored one may already be gone). */
async function serverLogout(token: string) {
  try {
    const response = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    if (!response.ok) console.error('auth: server logout answered', response.status);
  } catch (error) {
    console.error('auth: server logout failed', error);
  }
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [token, setToken] = useState<string | null>(null);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [enrolledCourses, setEnrolledCourses] = useState<Course[]>([]);
  const [loading, setLoading] = useState(true);
  // Each load gets a number; an answer that arrives after a newer token change is dropped.
  const generation = useRef(0);
  const tokenRef = useRef<string | null>(null);

  const clear = useCallback(() => {
    generation.current += 1;
    tokenRef.current = null;
    writeStoredToken(null);
    setToken(null);
    setUser(null);
    setEnrolledCourses([]);
    setLoading(false);
  }, []);

  const logout = useCallback(async () => {
    const previous = tokenRef.current;
    clear();
    if (previous) await serverLogout(previous);
  }, [clear]);

  /** The "token changed" transition: loading, then the user and the courses for it. */
  const load = useCallback(
    async (next: string | null, knownUser?: AuthUser | null): Promise<AuthUser | null> => {
      const mine = ++generation.current;
      tokenRef.current = next;
      setToken(next);
      if (!next) {
        setUser(null);
        setEnrolledCourses([]);
        setLoading(false);
        return null;
      }
      setLoading(true);
      if (knownUser) setUser(knownUser);
      const [userResult, courses] = await Promise.all([
        knownUser ? Promise.resolve<UserResult>({ user: knownUser }) : fetchUser(),
        fetchEnrolledCourses(),
      ]);
      if (mine !== generation.current) return null;
      if ('unauthorized' in userResult) {
        await logout();
        return null;
      }
      const nextUser = 'user' in userResult ? userResult.user : null;
      setUser(nextUser);
      setEnrolledCourses(courses);
      setLoading(false);
      return nextUser;
    },
    [logout],
  );

  // After hydration: pick up the stored token, and follow logins and logouts in other tabs.
  useEffect(() => {
    void load(readStoredToken());
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) {
        const stored = readStoredToken();
        if (stored !== tokenRef.current) void load(stored);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load]);

  const login = useCallback(
    async (next: string, knownUser?: AuthUser | null) => {
      writeStoredToken(next);
      return load(next, knownUser);
    },
    [load],
  );

  const refreshUser = useCallback(async () => {
    const current = tokenRef.current;
    if (!current) return;
    const result = await fetchUser();
    if (current !== tokenRef.current) return;
    if ('unauthorized' in result) await logout();
    else if ('user' in result) setUser(result.user);
  }, [logout]);

  const refreshEnrolledCourses = useCallback(async () => {
    const current = tokenRef.current;
    if (!current) return;
    const courses = await fetchEnrolledCourses();
    if (current === tokenRef.current) setEnrolledCourses(courses);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      token,
      user,
      enrolledCourses,
      loading,
      isAuthenticated: Boolean(token && user),
      login,
      logout,
      hasCourseAccess: (slug: string) => enrolledCourses.some((course) => course.slug === slug),
      refreshUser,
      refreshEnrolledCourses,
      updateUser: setUser,
    }),
    [token, user, enrolledCourses, loading, login, logout, refreshUser, refreshEnrolledCourses],
  );

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
