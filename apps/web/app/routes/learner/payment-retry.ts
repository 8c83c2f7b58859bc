import type { PaymentStatus } from '@oasis/shared/payments';

/**
 * Where "Retry payment" takes a buyer who canceled: back to that course's checkout when the
 * payment's course is known, else the catalogue. An English address (shown in the page's language
 * with `lp`); the slug is encoded, as the server wrote it only as far as its own rules go.
 */
export function retryPaymentPath(payment: Pick<PaymentStatus, 'course'> | null): string {
  const slug = payment?.course.slug.trim();
  return slug ? `/checkout/${encodeURIComponent(slug)}` : '/courses';
}
