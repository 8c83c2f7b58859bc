import {
  adminLoginResponseSchema,
  type LoginInput,
  loginResponseSchema,
  messageResponseSchema,
  type ProfileUpdateInput,
  type RegisterInput,
  registerResponseSchema,
  userResponseSchema,
} from '@oasis/shared/auth';
import { type CallOptions, call, seg } from './client';

/** The signed-in user of the session `options.auth` names (the learner's by default). */
export const getUser = (options: CallOptions = {}) => call('GET /auth/user', '/auth/user', userResponseSchema, options);

export const updateProfile = (body: ProfileUpdateInput) =>
  call('PATCH /auth/user', '/auth/user', userResponseSchema, { method: 'PATCH', body });

export const login = (body: LoginInput) =>
  call('POST /auth/login', '/auth/login', loginResponseSchema, { method: 'POST', body, auth: false });

export const register = (body: RegisterInput) =>
  call('POST /auth/register', '/auth/register', registerResponseSchema, { method: 'POST', body, auth: false });

export const adminLogin = (body: LoginInput) =>
  call('POST /auth/admin', '/auth/admin', adminLoginResponseSchema, { method: 'POST', body, auth: false });

export const forgotPassword = (body: { email: string }) =>
  call('POST /auth/forgot-password', '/auth/forgot-password', messageResponseSchema, {
    method: 'POST',
    body,
    auth: false,
  });

export const resetPassword = (token: string, body: { password: string }) =>
  call('POST /auth/reset-password/{token}', `/auth/reset-password/${seg(token)}`, messageResponseSchema, {
    method: 'POST',
    body,
    auth: false,
  });

export const verifyEmail = (token: string) =>
  call('POST /auth/verify-email/{token}', `/auth/verify-email/${seg(token)}`, messageResponseSchema, {
    method: 'POST',
    auth: false,
  });

export const resendVerification = () =>
  call('POST /auth/verify-email/resend', '/auth/verify-email/resend', messageResponseSchema, { method: 'POST' });
