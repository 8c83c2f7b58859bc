import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@oasis/shared/api-messages';
import { DEFAULT_LOCALE, type Locale } from '@oasis/shared/i18n';
import { MESSAGES } from '@oasis/shared/messages';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableReason } from '../db/unavailable.ts';
import { TooManyAttemptsError } from '../lib/attempt-limiter.ts';
import { AppError } from '../lib/errors.ts';
import { addVary, requestLocale, translateApiText } from '../lib/locale.ts';

interface ErrorAnswer {
  message: string;
  code: string;
  errors?: Record<string, string>;
}

/**
 * Sends an error answer in the request's language (its Accept-Language, docs/i18n.md): `message`
 * comes in that language already, the field errors are translated here. The same address can so
 * answer in two languages, which the answer says (Vary) to any cache between us and the browser;
 * the app's own public cache keeps 200 answers only.
 */
function sendError(reply: FastifyReply, status: number, answer: ErrorAnswer, locale: Locale) {
  addVary(reply, 'Accept-Language');
  if (!answer.errors) return reply.status(status).send(answer);
  const errors: Record<string, string> = {};
  for (const [key, text] of Object.entries(answer.errors)) errors[key] = translateApiText(text, locale);
  return reply.status(status).send({ ...answer, errors });
}

/** Words of the framework's own refusals in a language other than English (English keeps Fastify's). */
function frameworkMessage(status: number, message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return message;
  if (status === 413) return API_MESSAGES.requestTooLarge;
  if (status === 415) return API_MESSAGES.requestTypeRefused;
  if (status === 404) return MESSAGES.notFound;
  return API_MESSAGES.requestUnreadable;
}

/** One place that maps errors to statuses. 5xx details stay in the log. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const locale = requestLocale(request);
    const inLocale = (text: string) => translateApiText(text, locale);
    if (error instanceof AppError) {
      // Too many tries: tell the client when it may try again.
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const answer = { message: error.localizedMessage(locale), code: error.code, errors: error.errors };
      return sendError(reply, error.status, answer, locale);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // zod's own words (a schema with no message of ours) have no translation: in another language
      // such a field gets the general request to check the form.
      const ours = (text: string) =>
        locale !== DEFAULT_LOCALE && inLocale(text) === text ? MESSAGES.validationFailed : text;
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[key] ??= ours(issue.message ?? MESSAGES.validationFailed);
      }
      const message = inLocale(Object.values(errors)[0] ?? MESSAGES.validationFailed);
      return sendError(reply, 400, { message, code: 'VALIDATION', errors }, locale);
    }
    // The database is out of reach: the request itself may be fine, so the client is told to come
    // back rather than that something broke. Logged with the driver's reason only.
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      request.log.warn({ reason: unavailable }, 'request failed: the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      const message = inLocale(MESSAGES.serviceUnavailable);
      return sendError(reply, 503, { message, code: 'SERVICE_UNAVAILABLE' }, locale);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, { message: inLocale(MESSAGES.internal), code: 'INTERNAL' }, locale);
    }
    if (status === 429)
      return sendError(reply, 429, { message: inLocale(MESSAGES.tooManyRequests), code: 'TOO_MANY_REQUESTS' }, locale);
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep their status.
    const code = 'code' in error ? String(error.code) : 'ERROR';
    return sendError(
      reply,
      status,
      { message: inLocale(frameworkMessage(status, error.message, locale)), code },
      locale,
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = requestLocale(request);
    sendError(reply, 404, { message: translateApiText(MESSAGES.notFound, locale), code: 'NOT_FOUND' }, locale);
  });
});
