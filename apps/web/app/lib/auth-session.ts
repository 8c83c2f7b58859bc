import type { Course } from '@oasis/shared/api';
import { ApiRequestError } from './api';
import { type AuthSnapshot, type AuthUser, LOGGED_OUT, TOKEN_KEY } from './auth-state';
import { getSessionCourses, getSessionUser } from '~/lib/api/public';

/*
 * The working half of the auth state (lib/auth.tsx holds the state and the context): following
 * the stored token, fetching the user and the enrolled courses, logging in and out. Loaded only
 * when there is a token to check, or at a login or logout.
 */

type UserResult = { user: AuthUser } | { unauthorized: true } | { failed: true };

async function fetchUser(): Promise<UserResult> {
  try {
    const { user } = await getSessionUser();
    return { user };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { unauthorized: true };
    console.error('auth: failed to fetch the user', error);
    return { failed: true };
  }
}

/** The enrolled list, or empty when it cannot be read (docs/product.md#enrolled-courses). */
async function fetchEnrolledCourses(): Promise<Course[]> {
  try {
    return await getSessionCourses();
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

function writeStoredToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked (private mode, quota): the session lasts for this page only.
  }
}

export type AuthSession = ReturnType<typeof createAuthSession>;

/** The auth state machine for one provider; `update` is the provider's state setter. */
export function createAuthSession(update: (next: (previous: AuthSnapshot) => AuthSnapshot) => void) {
  // Each load gets a number; an answer that arrives after a newer token change is dropped.
  let generation = 0;
  let current: string | null = null;
  // The load under way (or the last one): a refresh waits for it, so the newer answer lands last.
  let loading: Promise<unknown> = Promise.resolve();

  const clear = () => {
    generation += 1;
    current = null;
    writeStoredToken(null);
    update(() => LOGGED_OUT);
  };

  const logout = async () => {
    const previous = current;
    clear();
    if (previous) await serverLogout(previous);
  };

  /** The "token changed" transition: loading, then the user and the courses for it. */
  const load = (next: string | null, knownUser?: AuthUser | null): Promise<AuthUser | null> => {
    const done = loadToken(next, knownUser);
    loading = done;
    return done;
  };

  const loadToken = async (next: string | null, knownUser?: AuthUser | null): Promise<AuthUser | null> => {
    const mine = ++generation;
    current = next;
    if (!next) {
      update(() => LOGGED_OUT);
      return null;
    }
    update((s) => ({ ...s, token: next, loading: true, user: knownUser || s.user }));
    const [userResult, courses] = await Promise.all([
      knownUser ? Promise.resolve<UserResult>({ user: knownUser }) : fetchUser(),
      fetchEnrolledCourses(),
    ]);
    if (mine !== generation) return null;
    if ('unauthorized' in userResult) {
      await logout();
      return null;
    }
    const user = 'user' in userResult ? userResult.user : null;
    update((s) => ({ ...s, user, enrolledCourses: courses, loading: false }));
    return user;
  };

  return {
    /** Follows the stored token: at the start, and when another tab logs in or out. */
    follow(stored: string | null) {
      if (stored !== current) void load(stored);
    },
    login(token: string, knownUser?: AuthUser | null) {
      writeStoredToken(token);
      return load(token, knownUser);
    },
    logout,
    async refreshUser() {
      await loading;
      const token = current;
      if (!token) return;
      const result = await fetchUser();
      if (token !== current) return;
      if ('unauthorized' in result) await logout();
      else if ('user' in result) update((s) => ({ ...s, user: result.user }));
    },
    async refreshEnrolledCourses() {
      await loading;
      const token = current;
      if (!token) return;
      const courses = await fetchEnrolledCourses();
      if (token === current) update((s) => ({ ...s, enrolledCourses: courses }));
    },
  };
}
