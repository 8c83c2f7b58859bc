import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

/** argon2 cost grows with input length: a generous cap keeps a request from being a CPU bomb. */
export const PASSWORD_MAX = 128;

/**
 * Accounts: the one set of schemas that validates the API's requests and the browser's forms
 * (login, register, forgot/reset password, profile), with their wording (docs/product.md#accounts).
 */
export const AUTH_MESSAGES = {
  invalidEmail: MESSAGES.invalidEmail,
  passwordTooShort: MESSAGES.passwordTooShort,
  nameTooShort: MESSAGES.nameTooShort,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long.`,
  nameTooLong: 'Name must be at most 100 characters.',
  phoneInvalid: 'Please enter a valid phone number.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  invalidResetToken: 'Invalid or expired token',
  passwordsDoNotMatch: 'Passwords do not match',
  loggingIn: 'Logging in...',
  creatingAccount: 'Creating account...',
  loggedIn: 'Logged in successfully!',
  accountCreated: 'Account created successfully! Please login to access the course.',
  loggedOut: 'Logged out successfully!',
  logoutFailed: 'Logout failed. Please try again.',
  adminLoginSuccess: 'Admin login successful!',
  adminLoginFailed: 'Login failed',
  /** Login/register failure fallback (with the full stop). */
  somethingWentWrong: MESSAGES.somethingWentWrong,
  /** Forgot-password failure fallback (without the full stop). */
  forgotFailed: 'Something went wrong',
  resetLinkSent:
    'If an account exists for that email, we have sent a link to reset your password. The link is valid for one hour.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  loadingUser: 'Loading user details...',
  googleFailed: 'Google sign-in failed. Please try again.',
  emailVerified: 'Your e-mail is verified.',
  emailAlreadyVerified: 'Your e-mail is already verified.',
  emailNotVerified: 'Not verified yet',
  invalidVerifyToken: 'This verification link is invalid, has expired or has already been used.',
  verifyingEmail: 'Verifying your e-mail...',
  verifyFailed: 'We could not verify your e-mail. Please try again.',
  verificationSent: 'We have sent you a new verification link. It is valid for 7 days.',
  verificationResendTooSoon: 'A link was sent less than a minute ago. Please wait a moment before asking again.',
  verificationResendFailed: 'We could not send the link. Please try again.',
  tooManyRequests: MESSAGES.tooManyRequests,
  /** The way back in offered beside a 429 on the sign-in page. */
  resetPasswordLink: 'Reset your password',
} as const;

export const emailSchema = z
  .string({ error: 'auth.invalidEmail' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'auth.invalidEmail' }).max(254, { error: 'auth.invalidEmail' }));

export const passwordSchema = z
  .string({ error: 'auth.passwordTooShort' })
  .min(LIMITS.passwordMin, { error: 'auth.passwordTooShort' })
  .max(PASSWORD_MAX, { error: 'auth.passwordTooLong' });

export const nameSchema = z
  .string({ error: 'auth.nameTooShort' })
  .trim()
  .min(LIMITS.nameMin, { error: 'auth.nameTooShort' })
  .max(100, { error: 'auth.nameTooLong' });

/** Optional: empty, or an international-looking number with 6 to 15 digits. */
export const phoneSchema = z
  .string({ error: 'auth.phoneInvalid' })
  .trim()
  .max(25, { error: 'auth.phoneInvalid' })
  .refine((v) => v === '' || (/^\+?[0-9 ()-]+$/.test(v) && /^[0-9]{6,15}$/.test(v.replace(/\D/g, ''))), {
    error: 'auth.phoneInvalid',
  });

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form: both entries must match (docs/product.md#password-reset). */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'auth.passwordsDoNotMatch',
    path: ['confirmPassword'],
  });

export const profileUpdateSchema = z.object({ name: nameSchema, phone: phoneSchema.default('') });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const ROLES = ['learner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  /** Whether the owner proved the address (a verification link, a password reset or Google). */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const registerResponseSchema = z.object({ message: z.string(), user: userSchema });
export const adminLoginResponseSchema = z.object({ token: z.string(), message: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
export const messageResponseSchema = z.object({ message: z.string() });

/** Field → the code of its first refusal (field-errors.ts), kept here for the forms that import it. */
export { fieldErrors } from './field-errors.ts';

/**
 * A path on this site to return to after signing in, or null. Only same-site absolute paths pass:
 * no scheme, no `//host`, no backslash (browsers read `/\host` as `//host`) and no control
 * characters (browsers drop tabs and newlines, which could turn `/\t/host` into `//host`), so
 * `?redirectTo=` cannot send anyone elsewhere.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
