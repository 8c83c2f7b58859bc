import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  adminLoginResponseSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  profileUpdateSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordSchema,
  userResponseSchema,
} from '@oasis/shared/auth';
import { DEFAULT_LOCALE, isLocale, type Locale, localePath } from '@oasis/shared/i18n';
import { createOidcProvider, type OidcChecks } from '../../adapters/oidc/index.ts';
import { attributionOf } from '../../lib/attribution.ts';
import { notFound } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { currentUser } from '../../plugins/auth.ts';
import { toPublicUser } from '../users/service.ts';
import {
  registerUser,
  requestPasswordReset,
  resetPassword,
  signIn,
  signInWithOidc,
  signOut,
  updateProfile,
} from './service.ts';
import { resendVerificationLink, verifyEmail } from './email-verification.ts';

const OIDC_COOKIE = 'oasis_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';
/** Time allowed on the provider's pages before the attempt expires. */
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, config } = deps;
  const google = config.google ? createOidcProvider(config.google) : null;
  const googleCallbackUrl = `${config.siteUrl}/api/auth/google/callback`;
  const secureCookies = config.siteUrl.startsWith('https://');

  app.post(
    '/auth/register',
    { config: { changes: [] }, schema: { body: registerSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      const user = await registerUser(deps, {
        ...request.body,
        ip: request.ip,
        locale: requestLocale(request),
        attribution: attributionOf(request),
      });
      return reply.status(201).send({ message: AUTH_MESSAGES.accountCreated, user });
    },
  );

  app.post(
    '/auth/login',
    { config: { changes: [] }, schema: { body: loginSchema, response: { 200: loginResponseSchema } } },
    (request) => signIn(db, { ...request.body, ip: request.ip }, 'learner'),
  );

  app.get('/auth/user', { config: { auth: 'user' }, schema: { response: { 200: userResponseSchema } } }, (request) =>
    Promise.resolve({ user: toPublicUser(currentUser(request)) }),
  );

  app.patch(
    '/auth/user',
    {
      config: { auth: 'user', changes: [] },
      schema: { body: profileUpdateSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({ user: await updateProfile(db, currentUser(request).id, request.body) }),
  );

  // Logout is idempotent: an unknown, expired or missing token still answers 200.
  app.post(
    '/auth/logout',
    { config: { changes: [] }, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      await signOut(db, (await request.getAuth())?.token ?? null);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/admin',
    { config: { changes: [] }, schema: { body: loginSchema, response: { 200: adminLoginResponseSchema } } },
    async (request) => {
      const { token } = await signIn(db, { ...request.body, ip: request.ip }, 'admin');
      return { token, message: AUTH_MESSAGES.adminLoginSuccess };
    },
  );

  app.post(
    '/auth/admin/logout',
    { config: { changes: [] }, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      const auth = await request.getAuth();
      await signOut(db, auth?.sessionKind === 'admin' ? auth.token : null);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: { changes: [] }, schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await requestPasswordReset(deps, { ...request.body, ip: request.ip });
      // The same answer whether or not the account exists.
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/auth/reset-password/:token',
    {
      config: { changes: [] },
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(db, { token: request.params.token, password: request.body.password, ip: request.ip });
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  // E-mail verification: the link's token proves the address; anyone holding it may use it once.
  app.post(
    '/auth/verify-email/:token',
    {
      config: { changes: [] },
      schema: { params: z.object({ token: z.string().min(1).max(200) }), response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await verifyEmail(db, request.params.token);
      return { message: AUTH_MESSAGES.emailVerified };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    { config: { auth: 'user', changes: [] }, schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const sent = await resendVerificationLink(deps, currentUser(request).id);
      return { message: sent ? AUTH_MESSAGES.verificationSent : AUTH_MESSAGES.emailAlreadyVerified };
    },
  );

  // Google (OpenID Connect): 404 when the site has no Google client configured. The sign-in page
  // names its language (`?locale=ar`; else the request's Accept-Language): the attempt's cookie
  // carries it, so the sign-in ends on that language's pages and a new account gets it.
  app.get('/auth/google', async (request, reply) => {
    if (!google) throw notFound();
    noStore(reply);
    const asked = (request.query as { locale?: unknown }).locale;
    const locale = isLocale(asked) ? asked : requestLocale(request);
    try {
      const { url, checks } = await google.start(googleCallbackUrl);
      setOidcCookie(reply, { ...checks, locale }, secureCookies);
      return reply.redirect(url);
    } catch (error) {
      request.log.error({ err: error }, 'Google sign-in could not start');
      return reply.redirect(localePath(locale, '/login?error=google'));
    }
  });

  app.get('/auth/google/callback', async (request, reply) => {
    if (!google) throw notFound();
    noStore(reply);
    const checks = readOidcCookie(request);
    clearOidcCookie(reply, secureCookies);
    // Without the cookie, nothing says which language the attempt began in: English.
    const locale = checks?.locale ?? DEFAULT_LOCALE;
    try {
      if (!checks) throw new Error('No sign-in attempt in progress (missing or expired state cookie)');
      const current = new URL(googleCallbackUrl);
      current.search = new URL(request.url, 'http://callback.invalid').search;
      const identity = await google.finish(current, checks);
      const { token } = await signInWithOidc(deps, identity, locale);
      // In the fragment: browsers never send it to a server, so it stays out of access logs and Referer headers.
      return reply.redirect(`${localePath(locale, '/oauth-success')}#token=${encodeURIComponent(token)}`);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed');
      return reply.redirect(localePath(locale, '/login?error=google'));
    }
  });
};

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * The attempt's state, PKCE verifier and nonce live in the browser that started it: an HttpOnly,
 * SameSite=Lax cookie scoped to the Google routes, so a callback from any other browser (or a
 * forged one) has nothing to match.
 */
type Attempt = OidcChecks & { locale: Locale };

function setOidcCookie(reply: FastifyReply, attempt: Attempt, secure: boolean) {
  const value = [attempt.state, attempt.codeVerifier, attempt.nonce, attempt.locale].join('.');
  reply.header('set-cookie', cookie(value, OIDC_COOKIE_MAX_AGE_S, secure));
}

function clearOidcCookie(reply: FastifyReply, secure: boolean) {
  reply.header('set-cookie', cookie('', 0, secure));
}

function cookie(value: string, maxAge: number, secure: boolean) {
  return `${OIDC_COOKIE}=${value}; Path=${OIDC_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function readOidcCookie(request: FastifyRequest): Attempt | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== OIDC_COOKIE) continue;
    const [state, codeVerifier, nonce, locale] = rest.join('=').split('.');
    if (state && codeVerifier && nonce)
      return { state, codeVerifier, nonce, locale: isLocale(locale) ? locale : DEFAULT_LOCALE };
  }
  return null;
}
