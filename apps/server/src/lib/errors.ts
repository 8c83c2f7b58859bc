import {
  type ErrorDetail,
  type ErrorRef,
  errorCodeOfText,
  errorDetail,
  errorText,
  isErrorCode,
} from '@oasis/shared/error-codes';
import type { Locale } from '@oasis/shared/i18n';

/** A field's error: its code and values, or a text of the shared checks (which they return). */
export type FieldError = ErrorRef | string;

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
        this.fields[key] = fieldDetail(field);
        // A text the catalogues lack stays as the check wrote it, in English.
        const unknown = typeof field === 'string' && !isErrorCode(field) && !errorCodeOfText(field);
        this.errors[key] = unknown ? field : errorText(this.fields[key], 'en');
      }
    }
  }

  /** The values of the error's text as `locale` writes them (a day, a time); the same by default. */
  valuesIn(_locale: Locale): ErrorDetail['values'] {
    return this.values;
  }
}

/**
 * A field error as code and values. A shared check's text maps to its code by the catalogue's
 * English; a text the catalogues lack gets the general request to check the form.
 */
export function fieldDetail(field: FieldError): ErrorDetail {
  if (typeof field !== 'string') return field;
  if (isErrorCode(field)) return { code: field };
  return { code: errorCodeOfText(field) ?? 'core.validationFailed' };
}

/** The error of a shared check's or schema's text (`core.validationFailed` for none). */
export function errorOfText(text: string | undefined): ErrorRef {
  return (text === undefined ? { code: 'core.validationFailed' } : fieldDetail(text)) as ErrorRef;
}

export const badRequest = (error: ErrorRef, fields?: Record<string, FieldError>) => new AppError(400, error, fields);
/** A 400 naming fields; its own code is the first field's unless `error` is given. */
export const validationError = (fields: Record<string, FieldError>, error?: ErrorRef) => {
  const first = Object.values(fields)[0];
  const main: ErrorRef = error ?? (first === undefined ? 'core.validationFailed' : (fieldDetail(first) as ErrorRef));
  return new AppError(400, main, fields);
};
export const unauthorized = (error: ErrorRef = 'core.unauthorized') => new AppError(401, error);
export const forbidden = (error: ErrorRef = 'core.forbidden') => new AppError(403, error);
export const notFound = (error: ErrorRef = 'core.notFound') => new AppError(404, error);
export const conflict = (error: ErrorRef) => new AppError(409, error);
