import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { localeFromPath } from '@oasis/shared/i18n/locales';
import { ApiRequestError, readToken } from '../api';
import { type AnswerSchema, checkAnswer } from './client';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** 0..1 while the request body is sent; fetch() cannot report this, XMLHttpRequest can. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A multipart admin call with upload progress (large video files). Same answers and errors as `call()`. */
export function uploadWithProgress<T>(
  endpoint: string,
  path: string,
  schema: AnswerSchema<T>,
  { method = 'POST', body, onProgress, signal }: UploadOptions,
) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    // The page's language: the API answers its errors in it (docs/i18n.md), as api() asks.
    xhr.setRequestHeader('accept-language', localeFromPath(window.location.pathname));
    const token = readToken('adminToken');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(checkAnswer(endpoint, schema, data));
        } catch (error) {
          reject(error);
        }
        return;
      }
      const err = (data ?? {}) as { message?: string; errors?: Record<string, string>; code?: string };
      reject(new ApiRequestError(xhr.status, err.message ?? xhr.statusText, err.errors ?? {}, err.code));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, ADMIN_SCREEN_MESSAGES.networkError));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
