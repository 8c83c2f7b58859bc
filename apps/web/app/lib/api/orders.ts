import { invoicePath, myOrdersSchema } from '@oasis/shared/invoices';
import { localeFromPath } from '@oasis/shared/i18n/locales';
import { failedAnswer, readToken, type TokenKind, unreachable } from '../api';
import { call } from './client';

/** The signed-in learner's orders, newest first, each with its invoice's number. */
export const listMyOrders = (signal?: AbortSignal) => call('GET /orders', '/orders', myOrdersSchema, { signal });

/**
 * Downloads an order's tax invoice (`GET /api/orders/{id}/invoice.pdf`), or the document at `path`
 * (a credit note's PDF, or for the owner a business invoice's PINT AE XML), with the session's
 * bearer token, which a plain link cannot carry, and hands the file to the browser to save.
 */
export async function downloadInvoice(
  orderId: string,
  number: string,
  auth: TokenKind = 'token',
  path: string = invoicePath(orderId),
): Promise<void> {
  const locale = localeFromPath(window.location.pathname);
  const token = readToken(auth);
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    throw unreachable(locale);
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    throw failedAnswer(response.status, answer, locale, response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${number}.${path.endsWith('.xml') ? 'xml' : 'pdf'}`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
