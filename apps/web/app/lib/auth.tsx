import { createContext, useContext } from 'react';
import type { Course } from '@oasis/shared/api';

/**
 * STUB (owned by the Accounts work): the auth state of spec §4. The shape is settled so the
 * navigation can use it; the provider fills it from the API.
 */
export interface AuthUser {
  _id: string;
  name: string;
  email: string;
  phone: string;
  role: 'learner' | 'admin';
}

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  enrolledCourses: Course[];
  /** True until the first check of a stored token has finished. */
  loading: boolean;
  isAuthenticated: boolean;
  login(token: string, user?: AuthUser | null): Promise<void>;
  logout(): Promise<void>;
  hasCourseAccess(slug: string): boolean;
  refreshUser(): Promise<void>;
}

const loggedOut: AuthState = {
  token: null,
  user: null,
  enrolledCourses: [],
  loading: false,
  isAuthenticated: false,
  login: async () => {},
  logout: async () => {},
  hasCourseAccess: () => false,
  refreshUser: async () => {},
};

const AuthContext = createContext<AuthState>(loggedOut);

export function AuthProvider({ children }: { children: React.ReactNode }) {
  return <AuthContext.Provider value={loggedOut}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
