import type { Course } from '@oasis/shared/api';
import type { User } from '@oasis/shared/auth';

// The auth state's shape and its resting values: auth.tsx holds the state, auth-session.ts moves
// it, and both read these from here.

export type AuthUser = User;

export const TOKEN_KEY = 'token';

/** What the provider shows; auth-session.ts moves it from one state to the next. */
export interface AuthSnapshot {
  token: string | null;
  user: AuthUser | null;
  enrolledCourses: Course[];
  loading: boolean;
}

export const LOGGED_OUT: AuthSnapshot = { token: null, user: null, enrolledCourses: [], loading: false };
