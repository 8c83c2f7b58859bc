import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@oasis/shared/messages';
import { TooManyAttemptsError } from '../lib/attempt-limiter.ts';
import { AppError } from '../lib/errors.ts';

/** One place that maps errors to statuses. 5xx details stay in the log. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      // Too many tries: tell the client when it may try again.
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ message: error.message, code: error.code, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[key] ??= issue.message ?? MESSAGES.validationFailed;
      }
      return reply
        .status(400)
        .send({ message: Object.values(errors)[0] ?? MESSAGES.validationFailed, code: 'VALIDATION', errors });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: MESSAGES.internal, code: 'INTERNAL' });
    }
    if (status === 429) return reply.status(429).send({ message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep their status.
    return reply.status(status).send({ message: error.message, code: 'code' in error ? String(error.code) : 'ERROR' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
  });
});
