import type { Locale } from '@oasis/shared/i18n';
import { MESSAGES } from '@oasis/shared/messages';
import { translateApiText } from './locale.ts';

/** The one error type services throw; the error handler turns it into `{ message, code, errors }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeFor(status),
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * The message in `locale`, for the error answer (plugins/error-handler.ts). An error whose
   * message holds a value the catalogues cannot match (a day written out) writes it itself.
   */
  localizedMessage(locale: Locale): string {
    return translateApiText(this.message, locale);
  }
}

function codeFor(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL' : 'ERROR';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, 'BAD_REQUEST', errors);
export const validationError = (errors: Record<string, string>, message?: string) =>
  new AppError(400, message ?? Object.values(errors)[0] ?? MESSAGES.validationFailed, 'VALIDATION', errors);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
