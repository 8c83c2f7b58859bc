import { couponQuoteSchema } from '@oasis/shared/coupons';
import {
  adminOrdersSchema,
  type InitiatePaymentInput,
  initiatePaymentResultSchema,
  paymentStatusSchema,
} from '@oasis/shared/payments';
import { type RefundInput, type RefundSettings, refundSchema, refundSettingsSchema } from '@oasis/shared/refunds';
import { ADMIN, adminGetPut, call, seg } from './client';

/** Starts a payment: the answer names the provider's page the browser goes to (or the success page, when free). */
export const initiatePayment = (body: InitiatePaymentInput) =>
  call('POST /payment/initiate', '/payment/initiate', initiatePaymentResultSchema, { method: 'POST', body });

export const getPaymentStatus = (paymentIntentId: string) =>
  call('GET /payment/status/{paymentIntentId}', `/payment/status/${seg(paymentIntentId)}`, paymentStatusSchema);

/** The admin's orders: `query` is the screen's search string without '?'. */
export const listOrders = (query: string, signal?: AbortSignal) =>
  call('GET /admin/orders', `/admin/orders?${query}`, adminOrdersSchema, { ...ADMIN, signal });

/** Refunds a paid order in full or in part (docs/product.md#refunds). */
export const refundOrder = (orderId: string, body: RefundInput) =>
  call('POST /admin/orders/{id}/refunds', `/admin/orders/${seg(orderId)}/refunds`, refundSchema, {
    ...ADMIN,
    method: 'POST',
    body,
  });

/** What a full refund does to the learner's access. */
const refundSettings = adminGetPut<RefundSettings, RefundSettings>('/admin/settings/refunds', refundSettingsSchema);
export const getRefundSettings = refundSettings.get;
export const saveRefundSettings = refundSettings.put;

/** What checkout shows for a course and an optional coupon code: the server's prices, or the code's refusal. */
export const getQuote = (course: string, coupon?: string) =>
  call(
    'GET /payment/quote',
    `/payment/quote?${new URLSearchParams({ course, ...(coupon ? { coupon } : {}) })}`,
    couponQuoteSchema,
  );
