import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorDetail, type ErrorRef, errorDetail, errorText } from '@oasis/shared/error-codes';
import { issueError } from '@oasis/shared/field-errors';
import { DEFAULT_LOCALE, type Locale } from '@oasis/shared/i18n';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableReason } from '../db/unavailable.ts';
import { TooManyAttemptsError } from '../lib/attempt-limiter.ts';
import { AppError } from '../lib/errors.ts';
import { addVary, requestLocale } from '../lib/locale.ts';

interface ErrorAnswer {
  message: string;
  code: string;
  values?: ErrorDetail['values'];
  errors?: Record<string, string>;
  fields?: Record<string, ErrorDetail>;
}

/**
 * The answer for an error's code and values (and its fields'), its texts rendered from the
 * catalogues in the request's language.
 */
function answerFor(locale: Locale, detail: ErrorDetail, fields?: Record<string, ErrorDetail>): ErrorAnswer {
  const answer: ErrorAnswer = { message: errorText(detail, locale), code: detail.code };
  if (detail.values) answer.values = detail.values;
  if (fields) {
    const errors: Record<string, string> = {};
    for (const [key, field] of Object.entries(fields)) {
      errors[key] = errorText(field, locale);
    }
    answer.errors = errors;
    answer.fields = fields;
  }
  return answer;
}

/**
 * Sends an error answer. The same address can answer in two languages (the request's
 * Accept-Language, docs/i18n.md), which the answer says (Vary) to any cache between us and the
 * browser; the app's own public cache keeps 200 answers only.
 */
function sendError(reply: FastifyReply, status: number, answer: ErrorAnswer) {
  addVary(reply, 'Accept-Language');
  return reply.status(status).send(answer);
}

/** The framework's own refusals, by status: English answers keep Fastify's words. */
function frameworkError(status: number): ErrorRef {
  if (status === 413) return 'api.requestTooLarge';
  if (status === 415) return 'api.requestTypeRefused';
  if (status === 404) return 'core.notFound';
  return 'api.requestUnreadable';
}

/**
 * The code of a field a zod schema refused (the type provider's issue: zod's own `code` as
 * `keyword`, its other details in `params`): the schema's own code, else the kind of refusal's.
 */
function zodFieldError(issue: { keyword?: string; message?: string; params?: Record<string, unknown> }): ErrorDetail {
  return errorDetail(issueError({ ...issue.params, code: issue.keyword, message: issue.message }));
}

/** One place that maps errors to statuses. 5xx details stay in the log. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      // Too many tries: tell the client when it may try again.
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const detail: ErrorDetail = { code: error.code };
      const values = error.valuesIn(locale);
      if (values) detail.values = values;
      return sendError(reply, error.status, answerFor(locale, detail, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, ErrorDetail> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= zodFieldError(issue);
      }
      const first = Object.values(fields)[0] ?? { code: 'core.validationFailed' };
      return sendError(reply, 400, answerFor(locale, first, fields));
    }
    // The database is out of reach: the request itself may be fine, so the client is told to come
    // back rather than that something broke. Logged with the driver's reason only.
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      request.log.warn({ reason: unavailable }, 'request failed: the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, answerFor(locale, { code: 'core.serviceUnavailable' }));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, answerFor(locale, { code: 'core.internal' }));
    }
    if (status === 429) return sendError(reply, 429, answerFor(locale, { code: 'core.tooManyRequests' }));
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep their status, and
    // in English their words.
    const answer = answerFor(locale, errorDetail(frameworkError(status)));
    if (locale === DEFAULT_LOCALE) answer.message = error.message;
    return sendError(reply, status, answer);
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, 404, answerFor(requestLocale(request), { code: 'core.notFound' }));
  });
});
