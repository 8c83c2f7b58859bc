import { type ErrorDetail, type ErrorRef, errorDetail, errorText } from '@oasis/shared/error-codes';
import type { Locale } from '@oasis/shared/i18n';

/** A field's error: its code and values, as the shared checks and the services give them. */
export type FieldError = ErrorRef | ErrorDetail;

/**
 * The one error type services throw; the error handler turns it into
 * `{ message, code, values?, errors?, fields? }`. It carries a code of the catalogues and its values
 * (@oasis/shared/error-codes); `message` is the English text rendered from them, for logs and
 * API users.
 */
export class AppError extends Error {
  readonly code: ErrorDetail['code'];
  readonly values?: ErrorDetail['values'];
  /** Each field's code and values, and its English text (`errors`), when the error names fields. */
  readonly fields?: Record<string, ErrorDetail>;
  readonly errors?: Record<string, string>;

  constructor(
    readonly status: number,
    error: ErrorRef,
    fields?: Record<string, FieldError>,
  ) {
    const detail = errorDetail(error);
    super(errorText(detail, 'en'));
    this.name = 'AppError';
    this.code = detail.code;
    if (detail.values) this.values = detail.values;
    if (fields) {
      this.fields = {};
      this.errors = {};
      for (const [key, field] of Object.entries(fields)) {
        this.fields[key] = errorDetail(field as ErrorRef);
        this.errors[key] = errorText(this.fields[key], 'en');
      }
    }
  }

  /** The values of the error's text as `locale` writes them (a day, a time); the same by default. */
  valuesIn(_locale: Locale): ErrorDetail['values'] {
    return this.values;
  }
}

export const badRequest = (error: ErrorRef, fields?: Record<string, FieldError>) => new AppError(400, error, fields);
/** A 400 naming fields; its own code is the first field's unless `error` is given. */
export const validationError = (fields: Record<string, FieldError>, error?: ErrorRef) => {
  const first = Object.values(fields)[0];
  const main = error ?? ((first === undefined ? 'core.validationFailed' : errorDetail(first as ErrorRef)) as ErrorRef);
  return new AppError(400, main, fields);
};
export const unauthorized = (error: ErrorRef = 'core.unauthorized') => new AppError(401, error);
export const forbidden = (error: ErrorRef = 'core.forbidden') => new AppError(403, error);
export const notFound = (error: ErrorRef = 'core.notFound') => new AppError(404, error);
export const conflict = (error: ErrorRef) => new AppError(409, error);
