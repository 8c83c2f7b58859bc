import { z } from 'zod';
import { requiredText } from './text-fields.ts';
import { cursorPageFields, cursorQueryField } from './admin/cursor-paging.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';
import { refundSchema } from './refunds.ts';
import { buyerTaxFields } from './vat.ts';

/**
 * Buying a course (docs/product.md#buying-a-course): the request and answer schemas of the
 * payment API and the enrolled-courses list. Money in the API is AED. The wording lives in
 * ./payment-messages.ts (zod-free) and is re-exported here.
 */
export { PAYMENT_MESSAGES };

export const PAYMENT_PROVIDERS = ['sandbox', 'ziina', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** An order's provider: one of the above, or `free` for a course a coupon made free (no provider asked). */
export const ORDER_PROVIDERS = [...PAYMENT_PROVIDERS, 'free'] as const;
export type OrderProviderName = (typeof ORDER_PROVIDERS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the admin screen labels an order's status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  canceled: 'Canceled',
  failed: 'Failed',
};

/** A short, human reference for an order (shown in the confirmation e-mail and the admin list). */
export function orderReference(orderId: string): string {
  return `OA-${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** `POST /api/payment/initiate`. The price never comes from the browser: the server reads it. */
export const initiatePaymentInputSchema = z.object({
  courseId: requiredText(200, 'payment.courseNotFound'),
  /** Where the receipt goes; the account's e-mail when left out. */
  email: z
    .string({ error: 'core.invalidEmail' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'core.invalidEmail' }).max(254, { error: 'core.invalidEmail' }))
    .optional(),
  /** A coupon code (any case); the server checks it and computes the price. */
  coupon: z.string().trim().max(64).optional(),
  ...buyerTaxFields,
});
export type InitiatePaymentInput = z.infer<typeof initiatePaymentInputSchema>;

export const initiatePaymentResultSchema = z.object({
  /** The provider's hosted payment page: the browser goes there. */
  paymentUrl: z.string(),
  /** The id that comes back in /success/{id} and /cancel/{id}. */
  paymentIntentId: z.string(),
});
export type InitiatePaymentResult = z.infer<typeof initiatePaymentResultSchema>;

/** `GET /api/payment/status/{paymentIntentId}`: the order behind a payment, as its buyer sees it. */
export const paymentStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  paymentIntentId: z.string(),
  reference: z.string(),
  /** `titleAr`: the course's Arabic title, '' when it has none (docs/i18n.md). */
  course: z.object({ _id: z.string(), slug: z.string(), title: z.string(), titleAr: z.string() }),
  /** AED. */
  amount: z.number(),
  currency: z.string(),
  provider: z.enum(ORDER_PROVIDERS),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** `GET /api/admin/orders?cursor=&pageSize=&status=`: newest first (admin/cursor-paging.ts). */
export const adminOrdersQuerySchema = z.object({
  cursor: cursorQueryField,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  /** `emailVerified`: whether the learner proved the account's address (not the receipt address below). */
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean() }),
  /** The receipt address given at checkout. */
  email: z.string(),
  course: z.object({ _id: z.string(), slug: z.string(), title: z.string() }),
  /** AED: what was charged, after the coupon's discount. */
  amount: z.number(),
  /** AED: the course's price when ordered, and the coupon's discount (0 without one). */
  listPrice: z.number(),
  discount: z.number(),
  coupon: z.string().nullable(),
  currency: z.string(),
  provider: z.string(),
  providerRef: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * The order's tax invoice (a VAT-registered seller's paid orders): its number, and whether it is
   * a business buyer's, with a PINT AE e-invoice to export.
   */
  invoice: z.object({ number: z.string(), eInvoice: z.boolean() }).nullable(),
  /** AED given back by succeeded refunds (the order reads refunded at `amount`), and its refunds. */
  refunded: z.number(),
  refunds: z.array(refundSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersSchema = z.object({ orders: z.array(adminOrderSchema), ...cursorPageFields });
export type AdminOrders = z.infer<typeof adminOrdersSchema>;
